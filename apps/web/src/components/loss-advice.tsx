import {
  LOSS_REPORTING_ADVICE,
  NECROPSY_GUIDANCE,
  NECROPSY_REASON_TEXT,
  lossAdvice,
  type LossCause,
} from "@flockkeeper/shared/domain/loss";
import type { ConditionSummary } from "@flockkeeper/shared/schemas/loss";
import { Alert } from "@/components/ui/alert";

/** The condition a loss names, from the conditions base (null when none or not loaded). */
export const conditionOf = (
  conditions: readonly ConditionSummary[] | undefined,
  id: string | null | undefined,
) => (id ? (conditions?.find((c) => c.id === id) ?? null) : null);

/**
 * What to do after a death or cull: the reporting advice of a notifiable condition, and for an
 * unexplained loss the necropsy guidance (what to do with the body, where to send it), sourced.
 * Renders nothing for an explained loss or another event type.
 */
export function LossAdvice({
  type,
  count,
  lossCause,
  conditionId,
  conditions,
  compact = false,
}: {
  type: string;
  count: number;
  lossCause: LossCause | null | undefined;
  conditionId: string | null | undefined;
  conditions: readonly ConditionSummary[] | undefined;
  /** On a recorded event: the guidance folds away under its title. */
  compact?: boolean;
}) {
  // A named condition decides the advice: wait for the conditions base rather than guess.
  if (conditionId && !conditions) return null;
  const condition = conditionOf(conditions, conditionId);
  const advice = lossAdvice({ type, count, lossCause, condition });
  // On a recorded loss, "no cause recorded" alone is not repeated forever (older records have none).
  const reasons = compact ? advice.necropsy.filter((r) => r !== "no-cause") : advice.necropsy;
  if (!advice.report && reasons.length === 0) return null;
  const guidance = (
    <div className="space-y-2">
      <p>{NECROPSY_GUIDANCE.why}</p>
      <p className="font-semibold">What to do with the body</p>
      <ol className="list-decimal space-y-1 pl-5">
        {NECROPSY_GUIDANCE.body.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      <p className="font-semibold">Where to send it</p>
      <ul className="space-y-1">
        {NECROPSY_GUIDANCE.labs.map((l) => (
          <li key={l.region}>
            <span className="font-semibold">{l.region}:</span> {l.text}
          </li>
        ))}
      </ul>
      <details>
        <summary className="cursor-pointer">Sources</summary>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-xs break-words">
          {NECROPSY_GUIDANCE.sources.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      </details>
    </div>
  );
  return (
    <div className="space-y-2" data-testid="loss-advice">
      {advice.report && condition && (
        <Alert tone="danger" role="alert">
          <p className="font-semibold">{condition.name} is a notifiable disease</p>
          <p>{LOSS_REPORTING_ADVICE}</p>
        </Alert>
      )}
      {reasons.length > 0 && (
        <Alert tone="warning">
          {compact ? (
            <details>
              <summary className="cursor-pointer font-semibold">{NECROPSY_GUIDANCE.title}</summary>
              <p className="mt-2">{reasons.map((r) => NECROPSY_REASON_TEXT[r]).join(" ")}</p>
              <div className="mt-2">{guidance}</div>
            </details>
          ) : (
            <>
              <p className="font-semibold">{NECROPSY_GUIDANCE.title}</p>
              <p className="mb-2">{reasons.map((r) => NECROPSY_REASON_TEXT[r]).join(" ")}</p>
              {guidance}
            </>
          )}
        </Alert>
      )}
    </div>
  );
}
