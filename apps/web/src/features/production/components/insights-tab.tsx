import type { RiskLevel } from "@flockkeeper/shared/schemas/production";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { renderUnitText } from "@flockkeeper/shared/domain/units";
import { useUnits } from "@/lib/units";
import { useHealthPredictions } from "../api/production";
import { formatMoment } from "@/lib/dates";
import { groupPredictions } from "../lib/group-predictions";

export const RISK_TONE: Record<RiskLevel, BadgeTone> = {
  low: "green",
  medium: "yellow",
  high: "amber",
  critical: "red",
};

/** "Clover, Pepper and Hazel" in the keeper's language. */
const birdList = (names: string[]) =>
  new Intl.ListFormat(undefined, { style: "long", type: "conjunction" }).format(names);

/**
 * Each bird's latest risk prediction with the readings that led to it; birds told exactly the same
 * share one card (lib/group-predictions.ts), so a calm flock is one card, not a dozen alike.
 */
export function InsightsTab() {
  const predictions = useHealthPredictions();
  const units = useUnits();
  const groups = predictions.data ? groupPredictions(predictions.data) : [];
  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-700">
        The health check is a transparent rule-based risk score computed from your own records
        (laying against each bird's baseline, weight trend, body condition, health status, coop
        readings, saved photo analyses and symptoms in your notes). It points you to birds worth a
        closer look; it is not a diagnosis. Ask a vet when in doubt.
      </p>
      {predictions.data && predictions.data.length === 0 && (
        <Card>
          <p className="text-sm text-stone-700">
            No predictions yet. Press AI Health Check to run it over your flock.
          </p>
        </Card>
      )}
      <ul className="grid gap-3 md:grid-cols-2" aria-label="Health predictions">
        {groups.map(({ prediction: p, subjects }) => (
          <li key={p.id}>
            <Card>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="min-w-0 text-lg font-bold break-words text-stone-900">
                  {birdList(subjects.map((s) => (s.flock ? `${s.name} (flock)` : s.name)))}
                  {subjects.length > 1 && (
                    <span className="ml-2 text-sm font-semibold text-stone-600">
                      ({subjects.length} {subjects[0]!.flock ? "flocks" : "birds"})
                    </span>
                  )}
                </h3>
                <Badge tone={RISK_TONE[p.riskLevel]}>
                  {p.riskLevel} risk · score {p.riskScore}
                </Badge>
              </div>
              <p className="text-xs text-stone-600">
                Confidence {Math.round(p.confidenceScore * 100)}% ·{" "}
                {formatMoment(p.predictionDate, "dateTime")}
              </p>
              <h4 className="mt-2 text-sm font-semibold text-stone-900">Why</h4>
              {p.reasons.length === 0 ? (
                <p className="text-sm text-stone-700">Nothing unusual in the recent records.</p>
              ) : (
                <ul className="list-disc pl-5 text-sm text-stone-800">
                  {p.reasons.map((r) => (
                    <li key={`${r.factor}-${r.detail}`}>
                      {r.detailText ? renderUnitText(r.detailText, units) : r.detail}{" "}
                      <span className="text-stone-600">(+{r.points})</span>
                    </li>
                  ))}
                </ul>
              )}
              {p.predictedConditions.length > 0 && (
                <>
                  <h4 className="mt-2 text-sm font-semibold text-stone-900">
                    Conditions to rule out
                  </h4>
                  <p className="text-sm text-stone-800">{p.predictedConditions.join(", ")}</p>
                </>
              )}
              <h4 className="mt-2 text-sm font-semibold text-stone-900">Recommended actions</h4>
              <ul className="list-disc pl-5 text-sm text-stone-800">
                {p.recommendedActions.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
