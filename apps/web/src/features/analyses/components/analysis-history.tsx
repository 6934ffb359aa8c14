import { useState } from "react";
import { History, Trash2 } from "lucide-react";
import type { AnalysisKind, AnalysisRecord } from "@flockkeeper/shared/schemas/analysis";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Label, Select } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { toast } from "@/lib/toast";
import { useDeleteAnalysis, useAnalyses } from "../api/get-analyses";
import { useChickens } from "@/lib/chickens";
import { useFarmPermissions } from "@/lib/farms";
import { formatMoment } from "@/lib/dates";

const STATUS_TONE: Record<string, BadgeTone> = {
  healthy: "green",
  concerning: "yellow",
  urgent: "red",
};

const dateText = (iso: string) => formatMoment(iso, "dateTime");

function summary(entry: AnalysisRecord): string {
  const r = entry.result as Record<string, unknown>;
  if (entry.kind === "breed") {
    return `${String(r.breed ?? "")} (${Math.round(Number(r.confidence ?? 0))}% confidence)`;
  }
  const score =
    entry.kind === "health" && typeof r.overallScore === "number"
      ? ` Score ${Math.round(r.overallScore)}/100.`
      : "";
  return `${String(r.analysis ?? "")}${score}`;
}

/**
 * A signed-in keeper's saved analyses of one kind, newest first, as photo cards side by side so
 * this week's result can be compared with last week's; filter by bird; delete an entry.
 */
export function AnalysisHistory({ kind, title }: { kind: AnalysisKind; title: string }) {
  const { isAuthenticated } = useAuth();
  const [birdId, setBirdId] = useState("");
  const birds = useChickens(isAuthenticated);
  const list = useAnalyses(kind, birdId || undefined, isAuthenticated);
  const del = useDeleteAnalysis();
  // A helper deletes only the results they saved themselves.
  const { changeRecord } = useFarmPermissions();
  if (!isAuthenticated) return null;
  const birdName = (id: string | null) => birds.data?.find((b) => b.id === id)?.name;
  return (
    <Card className="mt-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <CardTitle className="flex items-center gap-2">
          <History aria-hidden size={20} /> {title}
        </CardTitle>
        {birds.data && birds.data.length > 0 && (
          <div className="w-full sm:w-64">
            <Label htmlFor={`history-bird-${kind}`}>Bird</Label>
            <Select
              id={`history-bird-${kind}`}
              value={birdId}
              onChange={(e) => setBirdId(e.target.value)}
            >
              <option value="">All birds</option>
              {birds.data.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </Select>
          </div>
        )}
      </div>
      {list.isLoading && <p className="mt-3 text-stone-700">Loading your saved results...</p>}
      {list.isError && <p className="mt-3 text-red-700">{errorMessage(list.error)}</p>}
      {list.data && list.data.length === 0 && (
        <p className="mt-3 text-stone-700">
          No saved results yet. Results of your analyses are saved here so you can compare them over
          time.
        </p>
      )}
      {list.data && list.data.length > 0 && (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={title}>
          {list.data.map((entry) => (
            <li
              key={entry.id}
              className="rounded-lg border border-stone-200 p-3"
              data-testid="history-entry"
            >
              {entry.imageUrl && (
                <img
                  src={entry.imageUrl}
                  alt={`Photo analysed on ${dateText(entry.createdAt)}`}
                  className="mb-2 aspect-[4/3] w-full rounded object-cover"
                  loading="lazy"
                />
              )}
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={STATUS_TONE[entry.status] ?? "blue"}>{entry.status}</Badge>
                {entry.method === "offline" && <Badge tone="neutral">Basic offline analysis</Badge>}
              </div>
              <p className="mt-1 text-sm font-semibold text-stone-900">
                <time dateTime={entry.createdAt}>{dateText(entry.createdAt)}</time>
                {birdName(entry.birdId) ? ` · ${birdName(entry.birdId)}` : ""}
              </p>
              <p className="mt-1 line-clamp-4 text-sm text-stone-700">{summary(entry)}</p>
              {changeRecord(entry) && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-2"
                  aria-label={`Delete result of ${dateText(entry.createdAt)}`}
                  disabled={del.isPending}
                  onClick={() =>
                    del.mutate(entry.id, {
                      onError: (e) =>
                        toast({
                          title: "Delete failed",
                          description: errorMessage(e),
                          variant: "destructive",
                        }),
                    })
                  }
                >
                  <Trash2 aria-hidden size={16} /> Delete
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
