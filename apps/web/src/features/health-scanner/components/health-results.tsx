import { AlertTriangle } from "lucide-react";
import type { BirdHealthResult } from "@flockkeeper/shared/schemas/bird-health";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";

const STATUS = {
  healthy: { tone: "green", label: "Healthy" },
  concerning: { tone: "yellow", label: "Concerning" },
  urgent: { tone: "red", label: "Urgent" },
} as const;

/** Splits camelCase observation names into words ("leftEye" -> "Left eye"). */
const label = (key: string) => {
  const words = key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function List({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div className="mt-3">
      <h4 className="font-semibold text-stone-900">{title}</h4>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-stone-800">
        {items.map((i) => (
          <li key={i}>{i}</li>
        ))}
      </ul>
    </div>
  );
}

/** Bird health results: overall score, status, observations, treatments, recommendations, warnings. */
export function HealthResults({ result }: { result: BirdHealthResult }) {
  const status = STATUS[result.healthStatus];
  const score = Math.round(result.overallScore);
  return (
    <Card className="mt-6" aria-live="polite" data-testid="health-results">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Health Scan Results</CardTitle>
        <div className="flex flex-wrap gap-2">
          <Badge tone={status.tone}>{status.label}</Badge>
          <Badge tone="blue">{Math.round(result.confidenceLevel * 100)}% confidence</Badge>
          {result.method === "offline" && <Badge tone="neutral">Basic offline analysis</Badge>}
        </div>
      </div>
      <div className="mt-4">
        <p className="text-sm font-semibold text-stone-700">Overall score</p>
        <p className="text-3xl font-extrabold text-stone-900">{score}/100</p>
        <div
          className="mt-1 h-3 w-full overflow-hidden rounded-full bg-stone-200"
          role="meter"
          aria-label="Overall health score"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={score}
        >
          <div
            className={
              score >= 75
                ? "h-full bg-green-600"
                : score >= 50
                  ? "h-full bg-yellow-500"
                  : "h-full bg-red-600"
            }
            style={{ width: `${score}%` }}
          />
        </div>
      </div>
      <p className="mt-4 text-stone-800">{result.analysis}</p>
      {result.followUpRequired && (
        <Alert tone="warning" className="mt-3">
          Follow-up recommended: watch this bird closely and contact a veterinarian if signs
          continue.
        </Alert>
      )}
      {Object.keys(result.observations).length > 0 && (
        <div className="mt-4">
          <h3 className="font-bold text-stone-900">Observations</h3>
          <dl className="mt-2 grid gap-2 sm:grid-cols-2">
            {Object.entries(result.observations).map(([k, v]) => (
              <div key={k} className="rounded-lg bg-stone-50 p-2">
                <dt className="text-sm font-semibold text-stone-900">{label(k)}</dt>
                <dd className="text-sm text-stone-800">{v}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      <div className="mt-4">
        <h3 className="font-bold text-stone-900">Treatments</h3>
        <List title="Immediate" items={result.treatments.immediate} />
        <List title="Ongoing" items={result.treatments.ongoing} />
        <List title="Preventive" items={result.treatments.preventive} />
      </div>
      <List title="Recommendations" items={result.recommendations} />
      {result.warnings.length > 0 && (
        <Alert tone="danger" className="mt-4" role="alert">
          <p className="flex items-center gap-1 font-bold">
            <AlertTriangle aria-hidden size={18} /> Warnings
          </p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {result.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </Alert>
      )}
    </Card>
  );
}
