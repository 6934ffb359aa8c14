import type { BirdOutcome, Chicken } from "@flockkeeper/shared/schemas/chicken";
import { LOSS_CAUSE_LABELS } from "@flockkeeper/shared/domain/loss";
import { formatDay } from "@/lib/dates";

export const OUTCOME_LABELS: Record<BirdOutcome, string> = {
  died: "Died",
  culled: "Culled",
  slaughtered: "Slaughtered",
  sold: "Sold",
  given_away: "Given away",
  predator: "Lost to a predator",
  missing: "Missing",
  moved_out: "Moved out",
};

/** Outcomes that go to someone (the note is the buyer or new keeper). */
export const isHandedOver = (o: BirdOutcome | null | undefined) =>
  o === "sold" || o === "given_away";

/**
 * How a past bird left, in one line: "Died 3 Nov 2026 — fox", "Died 3 Nov 2026 (cause: unknown)",
 * "Sold to Mrs Jones on 3 Nov 2026". Null for a bird still in the flock.
 */
export function outcomeText(
  bird: Pick<Chicken, "outcome" | "outcomeDate" | "outcomeNotes"> &
    Partial<Pick<Chicken, "outcomeCause">>,
  locale?: string,
): string | null {
  if (!bird.outcome) return null;
  const label = OUTCOME_LABELS[bird.outcome];
  const date = bird.outcomeDate ? formatDay(bird.outcomeDate, "short", locale) : null;
  const note = bird.outcomeNotes?.trim() || null;
  if (isHandedOver(bird.outcome)) {
    return [note ? `${label} to ${note}` : label, date && `on ${date}`].filter(Boolean).join(" ");
  }
  const cause = bird.outcomeCause
    ? ` (cause: ${LOSS_CAUSE_LABELS[bird.outcomeCause].toLowerCase()})`
    : "";
  return [label, date].filter(Boolean).join(" ") + cause + (note ? ` — ${note}` : "");
}
