import { addDaysIso, daysBetweenIso, parseIsoDate, todayIso } from "./dates";
import type { PoultrySpecies } from "../schemas/species";

/*
 * Incubation (hatch record) maths. All dates are 'YYYY-MM-DD' strings handled in UTC; functions that
 * need the current time take `now` (and optionally the keeper's time-zone offset in minutes, as from
 * Date.prototype.getTimezoneOffset()) instead of reading the clock. Invalid dates throw RangeError, so
 * validate input with `isoDate` first.
 */

/** Incubation period in days per species (spec section 3). */
export const INCUBATION_DAYS: Record<PoultrySpecies, number> = {
  chicken: 21,
  duck: 28,
  goose: 30,
  turkey: 28,
  guinea_fowl: 26,
  quail: 17,
};

/** Incubation period used when the species is unknown. */
export const DEFAULT_INCUBATION_DAYS = 21;

/** Days before the expected hatch when egg turning stops ("lockdown"). */
export const LOCKDOWN_DAYS_BEFORE_HATCH = 3;

/** A hatch due in this many days or fewer (but not today or overdue) is "Due Soon". */
export const DUE_SOON_DAYS = 2;

/** Badge shown on an active hatch record. */
export type HatchBadge = "Overdue" | "Due Today" | "Due Soon" | "Incubating";

const MS_PER_MINUTE = 60_000;

/** Incubation period in days for a species, 21 when the species is unknown. */
export function incubationDays(species: PoultrySpecies | string | null | undefined): number {
  if (species && Object.hasOwn(INCUBATION_DAYS, species)) {
    return INCUBATION_DAYS[species as PoultrySpecies];
  }
  return DEFAULT_INCUBATION_DAYS;
}

/** Expected hatch date: incubation start plus the species' incubation period. */
export function expectedHatchDate(
  startDate: string,
  species: PoultrySpecies | string | null | undefined,
): string {
  return addDaysIso(startDate, incubationDays(species));
}

/** Date to stop turning the eggs: three days before the expected hatch date. */
export function lockdownDate(
  startDate: string,
  species: PoultrySpecies | string | null | undefined,
): string {
  return addDaysIso(expectedHatchDate(startDate, species), -LOCKDOWN_DAYS_BEFORE_HATCH);
}

/** Whole calendar days from today (given as 'YYYY-MM-DD' or derived from `now`) to the expected hatch. */
export function daysToHatch(expected: string, now: Date | string, tzOffsetMinutes = 0): number {
  const today = typeof now === "string" ? now : todayIso(now, tzOffsetMinutes);
  return daysBetweenIso(today, expected);
}

/** Badge for days to hatch: negative Overdue, 0 Due Today, 1-2 Due Soon, otherwise Incubating. */
export function hatchBadge(days: number): HatchBadge {
  if (days < 0) return "Overdue";
  if (days === 0) return "Due Today";
  if (days <= DUE_SOON_DAYS) return "Due Soon";
  return "Incubating";
}

/** The instant a 'YYYY-MM-DD' day starts in the keeper's time zone. */
function startOfDayMs(date: string, tzOffsetMinutes: number): number {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new RangeError(`Invalid date: ${date}`);
  return parsed.getTime() + tzOffsetMinutes * MS_PER_MINUTE;
}

/** Elapsed share (0-100) of the period from the start day to the expected hatch day, clamped. */
export function incubationProgress(
  startDate: string,
  expected: string,
  now: Date,
  tzOffsetMinutes = 0,
): number {
  const start = startOfDayMs(startDate, tzOffsetMinutes);
  const end = startOfDayMs(expected, tzOffsetMinutes);
  const total = end - start;
  if (total <= 0) return now.getTime() >= end ? 100 : 0;
  const share = ((now.getTime() - start) / total) * 100;
  return Math.min(100, Math.max(0, share));
}

/** Hatch rate as a percentage (one decimal) of eggs set; 0 when nothing was set, at most 100. */
export function hatchRate(hatched: number, set: number): number {
  if (!Number.isFinite(hatched) || !Number.isFinite(set) || set <= 0 || hatched <= 0) return 0;
  const rate = (Math.min(hatched, set) / set) * 100;
  return Math.round(rate * 10) / 10;
}

/*
 * The keeper's calendar. A countdown is a difference of calendar dates in the keeper's own time
 * zone: eggs set today hatch in exactly `incubationDays` days, whatever the hour, and a keeper in
 * UTC-8 at 20:00 sees the same number as at 08:00 (the UTC date has already turned over by then).
 */

/**
 * The calendar date ('YYYY-MM-DD') of the instant `now` in an IANA time zone (e.g.
 * "America/Los_Angeles"); daylight-saving changes are applied for that date. Throws RangeError for
 * an unknown zone.
 */
export function localDateIn(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** Days from the keeper's `today` to the expected hatch: positive before, 0 on the day, negative after. */
export function daysLeft(expected: string, today: string): number {
  return daysBetweenIso(today, expected);
}

/** The countdown as the keeper reads it: "21 days", "1 day", "Hatch day", "2 days overdue". */
export function countdownLabel(days: number): string {
  if (days === 0) return "Hatch day";
  const n = Math.abs(days);
  const unit = `${n} ${n === 1 ? "day" : "days"}`;
  return days > 0 ? unit : `${unit} overdue`;
}

/** Incubation day of `today`: the day the eggs were set is day 0, the expected hatch day is day N. */
export function incubationDay(startDate: string, today: string): number {
  return daysBetweenIso(startDate, today);
}

/** The schedule of one incubation: from a profile, or the spec's per-species fallback. */
export type IncubationPlan = {
  incubationDays: number;
  /** Last day eggs may still hatch without being late (the profile's range maximum). */
  latestHatchDay: number;
  lockdownDay: number;
  candlingDays: number[];
};

/** The part of an incubation profile a plan needs. */
export type PlanProfile = {
  incubationDays: number;
  incubationDaysRange: { min: number; max: number };
  lockdownDay: number;
  candlingDays: number[];
};

/**
 * The plan of a hatch: the profile's when one was picked, else the spec's species duration with
 * lockdown three days before hatch and candling at about a third and two thirds of the way and at
 * lockdown (chicken: days 7, 14 and 18).
 */
export function incubationPlan(
  species: PoultrySpecies | string | null | undefined,
  profile?: PlanProfile | null,
): IncubationPlan {
  if (profile) {
    return {
      incubationDays: profile.incubationDays,
      latestHatchDay: Math.max(profile.incubationDays, profile.incubationDaysRange.max),
      lockdownDay: profile.lockdownDay,
      candlingDays: [...profile.candlingDays],
    };
  }
  const days = incubationDays(species);
  const lockdownDay = days - LOCKDOWN_DAYS_BEFORE_HATCH;
  const candlingDays = [Math.round(days / 3), Math.round((2 * days) / 3), lockdownDay].filter(
    (d, i, all) => d >= 1 && d <= lockdownDay && all.indexOf(d) === i,
  );
  return { incubationDays: days, latestHatchDay: days, lockdownDay, candlingDays };
}

/** Where an incubation stands on a given day. */
export type HatchPhase =
  "not-started" | "turning" | "lockdown" | "hatch-day" | "hatch-window" | "overdue";

/** Today's task on a hatch record. */
export type HatchTask = {
  /** Incubation day (day 0 = set). */
  day: number;
  phase: HatchPhase;
  /** Turn the eggs today (only before lockdown). */
  turn: boolean;
  /** Today is one of the plan's candling days. */
  candle: boolean;
  /** Lockdown starts today: stop turning, raise the humidity. */
  lockdownStarts: boolean;
  /** Next candling day after today, if any. */
  nextCandlingDay: number | null;
};

/** Today's task: turn, candle, start lockdown, keep closed for the hatch, or past the hatch window. */
export function hatchTask(plan: IncubationPlan, startDate: string, today: string): HatchTask {
  const day = incubationDay(startDate, today);
  const phase: HatchPhase =
    day < 0
      ? "not-started"
      : day < plan.lockdownDay
        ? "turning"
        : day < plan.incubationDays
          ? "lockdown"
          : day === plan.incubationDays
            ? "hatch-day"
            : day <= plan.latestHatchDay
              ? "hatch-window"
              : "overdue";
  return {
    day,
    phase,
    turn: phase === "turning",
    candle: plan.candlingDays.includes(day),
    lockdownStarts: day === plan.lockdownDay,
    nextCandlingDay: plan.candlingDays.find((d) => d > day) ?? null,
  };
}

/** A percentage with one decimal, or null when the denominator is unknown or zero. */
function pct(part: number | null | undefined, whole: number | null | undefined): number | null {
  if (part == null || whole == null || !Number.isFinite(part) || !Number.isFinite(whole)) {
    return null;
  }
  if (whole <= 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}

/** Fertility %: fertile eggs over eggs set (one decimal; null when unknown). */
export function fertilityPct(fertile: number | null | undefined, set: number | null | undefined) {
  return pct(fertile, set);
}

/** Hatchability % of fertile eggs: hatched over fertile (one decimal; null when unknown). */
export function hatchabilityPct(
  hatched: number | null | undefined,
  fertile: number | null | undefined,
) {
  return pct(hatched, fertile);
}

/** Hatch % of eggs set: hatched over set (one decimal; null when unknown). */
export function hatchOfSetPct(hatched: number | null | undefined, set: number | null | undefined) {
  return pct(hatched, set);
}

/** A candling's counts (each session records what it found across all the eggs set). */
export type CandlingCounts = { fertile: number; clear: number; quitters: number };

/** Eggs still developing after a candling: eggs set − clears − quitters (never below 0). */
export function eggsDeveloping(eggsSet: number, c: Pick<CandlingCounts, "clear" | "quitters">) {
  return Math.max(0, eggsSet - c.clear - c.quitters);
}
