import { addDaysIso, parseIsoDate } from "./dates";

/*
 * Treatments and their withdrawal periods (issue 20 items 1 and 3): the date math both apps use.
 *
 * A treatment runs from its start date to its last day (end date). Its egg (meat) withdrawal ends
 * on the last treatment day plus the withdrawal days: `withdrawalEnds`. Eggs laid from the first
 * treatment day up to and including that end date are withheld: counted as laid, never as saleable
 * or for eating. A bird's eggs are withheld by its own treatments and its flock's; a flock's by the
 * flock's treatments and those of any of its birds (its eggs are one basket, mixed).
 *
 * Nothing here is dosing advice: the numbers are what the keeper recorded from the label or vet.
 */

/** How a product is given. */
export const TREATMENT_ROUTES = ["water", "feed", "injection", "topical", "oral"] as const;
export type TreatmentRoute = (typeof TREATMENT_ROUTES)[number];

export const TREATMENT_ROUTE_LABELS: Record<TreatmentRoute, string> = {
  water: "In the water",
  feed: "In the feed",
  injection: "Injection",
  topical: "On the skin (topical)",
  oral: "By mouth (oral)",
};

/** Units a dose is recorded in. */
export const DOSE_UNITS = [
  "ml",
  "mg",
  "g",
  "tablet",
  "drop",
  "ml_per_litre",
  "ml_per_gallon",
  "g_per_litre",
  "g_per_gallon",
  "mg_per_kg",
] as const;
export type DoseUnit = (typeof DOSE_UNITS)[number];

export const DOSE_UNIT_LABELS: Record<DoseUnit, string> = {
  ml: "ml",
  mg: "mg",
  g: "g",
  tablet: "tablet(s)",
  drop: "drop(s)",
  ml_per_litre: "ml per litre",
  ml_per_gallon: "ml per gallon",
  g_per_litre: "g per litre",
  g_per_gallon: "g per gallon",
  mg_per_kg: "mg per kg body weight",
};

/** Largest dose number accepted in any unit (larger is a typo, not a dose). */
export const MAX_DOSE = 1000;
/** Withdrawal days accepted (0 to a year). */
export const MAX_WITHDRAWAL_DAYS = 365;
/** Longest treatment course accepted, in days from the start to the last day. */
export const MAX_COURSE_DAYS = 365;

/** The last day of a withdrawal: the last treatment day plus the withdrawal days. */
export function withdrawalEnds(endDate: string, withdrawalDays: number): string {
  return addDaysIso(endDate, withdrawalDays);
}

/** What the guard needs of a treatment. */
export type WithdrawalSpan = {
  chickenId: string | null;
  flockId: string | null;
  startDate: string;
  eggWithdrawalEnds: string;
  meatWithdrawalEnds: string;
};

export type WithdrawalKind = "egg" | "meat";

const endOf = (s: WithdrawalSpan, kind: WithdrawalKind) =>
  kind === "egg" ? s.eggWithdrawalEnds : s.meatWithdrawalEnds;

/** Whether the treatment's withdrawal covers `date` (from its first day to its end, inclusive). */
export function coversDate(span: WithdrawalSpan, date: string, kind: WithdrawalKind): boolean {
  return span.startDate <= date && date <= endOf(span, kind);
}

/**
 * The treatments that concern a flock: its own and those of its birds (`birdIds`: the birds in
 * the flock). Their eggs go into one basket.
 */
export function spansOfFlock<S extends WithdrawalSpan>(
  spans: readonly S[],
  flockId: string,
  birdIds: ReadonlySet<string>,
): S[] {
  return spans.filter(
    (s) => s.flockId === flockId || (s.chickenId !== null && birdIds.has(s.chickenId)),
  );
}

/** The treatments that concern a bird: its own and its flock's (`flockId`, null when in none). */
export function spansOfBird<S extends WithdrawalSpan>(
  spans: readonly S[],
  chickenId: string,
  flockId: string | null,
): S[] {
  return spans.filter(
    (s) => s.chickenId === chickenId || (flockId !== null && s.flockId === flockId),
  );
}

/**
 * The last day of withdrawal on `date` among `spans`: the latest end of the treatments whose
 * withdrawal covers that date, or null when none does (eggs or meat are fine that day).
 */
export function withheldUntil(
  spans: readonly WithdrawalSpan[],
  date: string,
  kind: WithdrawalKind,
): string | null {
  let until: string | null = null;
  for (const s of spans) {
    if (!coversDate(s, date, kind)) continue;
    const end = endOf(s, kind);
    if (until === null || end > until) until = end;
  }
  return until;
}

/** Whether eggs laid on `date` are withheld by any of `spans`. */
export function isEggWithheld(spans: readonly WithdrawalSpan[], date: string): boolean {
  return spans.some((s) => coversDate(s, date, "egg"));
}

/**
 * The dates of `from`..`to` (inclusive) on which any of `spans` withholds eggs, in order.
 * Used to count withheld eggs over a period.
 */
export function withheldDays(spans: readonly WithdrawalSpan[], from: string, to: string): string[] {
  const days = new Set<string>();
  for (const s of spans) {
    const start = s.startDate > from ? s.startDate : from;
    const end = s.eggWithdrawalEnds < to ? s.eggWithdrawalEnds : to;
    for (let d = start; d <= end; d = addDaysIso(d, 1)) days.add(d);
  }
  return [...days].sort();
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "3 Dec" for 2026-12-03 (with the year when it is not `thisYear`'s). */
export function shortDate(iso: string, thisYear?: string): string {
  const d = parseIsoDate(iso);
  if (!d) return iso;
  const day = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
  return thisYear && iso.slice(0, 4) !== thisYear.slice(0, 4) ? `${day} ${iso.slice(0, 4)}` : day;
}

/** The eggs guard: "Eggs from Coop A not for eating until 3 Dec". */
export function eggGuardText(name: string, until: string, today?: string): string {
  return `Eggs from ${name} not for eating until ${shortDate(until, today)}`;
}

/** The meat warning on a slaughter or sale: "withdrawal ends 10 Dec". */
export function meatWarningText(until: string, today?: string): string {
  return `Meat withdrawal ends ${shortDate(until, today)}: not for eating before then`;
}
