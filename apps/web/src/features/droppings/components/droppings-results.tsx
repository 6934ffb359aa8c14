import { AlertTriangle, CheckCircle2, ClipboardList, Info } from "lucide-react";
import type { DroppingsResult } from "@flockkeeper/shared/schemas/droppings";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";

const STATUS = {
  healthy: { tone: "green", label: "Healthy" },
  concerning: { tone: "yellow", label: "Concerning" },
  urgent: { tone: "red", label: "Urgent" },
} as const;

/** 'Health Analysis Results': status badge, details with confidence, findings, follow-up, recommendations, warnings. */
export function DroppingsResults({ result }: { result: DroppingsResult }) {
  const status = STATUS[result.healthStatus];
  return (
    <Card className="mt-6" aria-live="polite" data-testid="droppings-results">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Health Analysis Results</CardTitle>
        <Badge tone={status.tone} className="text-sm" data-testid="health-status">
          {status.label}
        </Badge>
      </div>
      <div className="mt-4">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-bold text-stone-900">Analysis Details</h3>
          {result.confidenceLevel !== undefined && (
            <Badge tone="blue">{Math.round(result.confidenceLevel * 100)}% confidence</Badge>
          )}
          {result.method === "offline" && <Badge tone="neutral">Basic offline analysis</Badge>}
        </div>
        <p className="mt-2 text-stone-800">{result.analysis}</p>
        {result.clinicalFindings && (
          <div className="mt-3 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-950">
            <p className="flex items-center gap-1 font-semibold">
              <ClipboardList aria-hidden size={16} /> Clinical findings
            </p>
            <p className="mt-1">{result.clinicalFindings}</p>
          </div>
        )}
        {result.followUpRequired ? (
          <Alert tone="warning" className="mt-3 flex gap-2">
            <Info aria-hidden size={18} className="shrink-0" />
            <span>
              Follow-up recommended: keep watching this bird and contact a veterinarian if signs
              continue or get worse.
            </span>
          </Alert>
        ) : (
          <Alert tone="success" className="mt-3 flex gap-2">
            <CheckCircle2 aria-hidden size={18} className="shrink-0" />
            <span>No follow-up needed based on this photo. Keep up regular checks.</span>
          </Alert>
        )}
      </div>
      {result.recommendations.length > 0 && (
        <div className="mt-4">
          <h3 className="font-bold text-stone-900">Recommendations</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-800">
            {result.recommendations.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      )}
      {result.warnings.length > 0 && (
        <Alert tone="danger" className="mt-4" role="alert">
          <p className="flex items-center gap-1 font-bold">
            <AlertTriangle aria-hidden size={18} /> Important Warnings
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
