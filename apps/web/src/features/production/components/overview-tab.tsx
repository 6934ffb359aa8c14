import { Card } from "@/components/ui/card";
import { Alert } from "@/components/ui/alert";
import { useProductionSummary, useProductionTrends } from "../api/production";
import { SeriesChart } from "./charts";

const money = (v: number) => (v < 0 ? `-$${Math.abs(v).toFixed(2)}` : `$${v.toFixed(2)}`);

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card className="p-3">
      <p className="text-sm font-semibold text-stone-700">{label}</p>
      <p className="mt-1 text-2xl font-extrabold text-stone-900">{value}</p>
      {hint && <p className="text-xs text-stone-600">{hint}</p>}
    </Card>
  );
}

/** Summary cards and charts of eggs, feed and weight over the period. */
export function OverviewTab({ period }: { period: number }) {
  const summary = useProductionSummary(period);
  const trends = useProductionTrends(period);
  if (summary.isError)
    return <Alert tone="danger">Could not load the production summary. Please try again.</Alert>;
  const s = summary.data;
  return (
    <div className="space-y-4">
      <section aria-label="Production summary" aria-busy={summary.isLoading}>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          <Stat label="Total eggs" value={s ? String(s.totalEggs) : "…"} />
          <Stat
            label="Eggs per bird"
            value={s ? String(s.avgEggsPerBird) : "…"}
            hint={s ? `${s.layingBirds} laying bird${s.layingBirds === 1 ? "" : "s"}` : undefined}
          />
          <Stat
            label="Feed efficiency"
            value={s ? `${s.feedEfficiency} eggs/lb` : "…"}
            hint={s ? `${s.totalFeedLbs} lbs of feed` : undefined}
          />
          <Stat label="Feed cost" value={s ? money(s.totalFeedCost) : "…"} />
          <Stat
            label="Profitability"
            value={s ? money(s.profitability) : "…"}
            hint={s ? `Eggs valued at ${money(s.eggPrice)} each` : undefined}
          />
          <Stat
            label="Average bird weight"
            value={s ? (s.avgBirdWeight === null ? "No weigh-ins" : `${s.avgBirdWeight} lbs`) : "…"}
          />
        </div>
      </section>
      {trends.data && (
        <div className="grid gap-3 md:grid-cols-3">
          <SeriesChart title="Eggs per day" data={trends.data.daily} dataKey="eggs" unit="eggs" />
          <SeriesChart
            title="Feed per day"
            data={trends.data.daily}
            dataKey="feedLbs"
            unit="lbs"
            color="#15803d"
          />
          <SeriesChart
            title="Average weight"
            data={trends.data.daily}
            dataKey="avgWeight"
            unit="lbs"
            kind="line"
            color="#1d4ed8"
          />
        </div>
      )}
    </div>
  );
}
