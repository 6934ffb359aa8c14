import type { UseQueryResult } from "@tanstack/react-query";
import type { AlertSeverity, DiseaseAlert } from "@flockkeeper/shared/schemas/production";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";
import { renderUnitText } from "@flockkeeper/shared/domain/units";
import { useUnits } from "@/lib/units";
import { useHealthPredictions, useProductionTrends } from "../api/production";
import { RISK_TONE } from "./insights-tab";

export const SEVERITY_TONE: Record<AlertSeverity, BadgeTone> = {
  low: "blue",
  medium: "yellow",
  high: "amber",
  urgent: "red",
  critical: "red",
};

const STATUS_TONE: Record<string, BadgeTone> = {
  healthy: "green",
  sick: "red",
  recovering: "blue",
  monitoring: "yellow",
};

/** Alerts raised from the records, the latest risk per bird, and birds by health status. */
export function HealthTab({
  period,
  alerts,
}: {
  period: number;
  alerts: UseQueryResult<DiseaseAlert[]>;
}) {
  const trends = useProductionTrends(period);
  const predictions = useHealthPredictions();
  const units = useUnits();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardTitle>Active alerts</CardTitle>
        {alerts.isError && <Alert tone="danger">Could not load alerts.</Alert>}
        {alerts.data && alerts.data.length === 0 && (
          <p className="mt-2 text-sm text-stone-700">
            No alerts: laying, weights, health status and coop readings look normal.
          </p>
        )}
        <ul className="mt-2 space-y-3" aria-label="Disease alerts">
          {alerts.data?.map((a) => (
            <li key={a.id} className="rounded-lg border border-stone-200 p-3">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={SEVERITY_TONE[a.severity]}>{a.severity}</Badge>
                <p className="font-semibold text-stone-900">{a.title}</p>
              </div>
              <p className="mt-1 text-sm text-stone-700">
                {renderUnitText(a.descriptionText, units)}
              </p>
              <p className="mt-1 text-sm text-stone-900">
                <span className="font-semibold">Action: </span>
                {renderUnitText(a.actionRequiredText, units)}
              </p>
            </li>
          ))}
        </ul>
      </Card>
      <div className="space-y-4">
        <Card>
          <CardTitle>Birds by health status</CardTitle>
          <ul className="mt-2 grid grid-cols-2 gap-2">
            {trends.data?.birdsByHealth.map((b) => (
              <li
                key={b.status}
                className="flex items-center justify-between rounded-lg bg-stone-50 p-2"
              >
                <Badge tone={STATUS_TONE[b.status] ?? "neutral"}>{b.status}</Badge>
                <span className="text-lg font-bold text-stone-900">{b.count}</span>
              </li>
            ))}
          </ul>
        </Card>
        <Card>
          <CardTitle>Latest risk check</CardTitle>
          {predictions.data && predictions.data.length === 0 && (
            <p className="mt-2 text-sm text-stone-700">
              No risk check yet. Press AI Health Check to score each bird and flock from its
              records.
            </p>
          )}
          <ul className="mt-2 space-y-1">
            {predictions.data?.slice(0, 8).map((p) => (
              <li key={p.id} className="flex items-center justify-between text-sm">
                <span className="font-semibold text-stone-900">
                  {p.flockId !== null ? `${p.flockName} (flock)` : p.chickenName}
                </span>
                <Badge tone={RISK_TONE[p.riskLevel]}>{p.riskLevel} risk</Badge>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}
