import { efficiencyPoint } from "@flockkeeper/shared/domain/production";
import { Card, CardTitle } from "@/components/ui/card";
import { lbsToKg } from "@flockkeeper/shared/domain/units";
import { useUnits } from "@/lib/units";
import { useFarmPermissions } from "@/lib/farms";
import { useProductionTrends } from "../api/production";
import { SeriesChart } from "@/components/series-chart";
import { chartColor } from "@/lib/chart-colors";

/** Periods longer than this are charted by week rather than by day. */
const DAILY_UP_TO = 30;

/** Feed efficiency and cost per dozen over time; best and worst layers. */
export function AnalysisTab({ period }: { period: number }) {
  const trends = useProductionTrends(period);
  const { weightUnit } = useUnits();
  const { seeMoney } = useFarmPermissions();
  const perUnit = weightUnit === "kg" ? "kg" : "lb";
  if (!trends.data) return <p className="text-sm text-stone-600">Loading…</p>;
  const { daily, layers } = trends.data;
  const size = period > DAILY_UP_TO ? 7 : 1;
  const points = [];
  for (let i = 0; i < daily.length; i += size) {
    const chunk = daily.slice(i, i + size);
    const eggs = chunk.reduce((s, d) => s + d.eggs, 0);
    const lbs = chunk.reduce((s, d) => s + d.feedLbs, 0);
    const cost = chunk.reduce((s, d) => s + (d.feedCost ?? 0), 0);
    const feed = weightUnit === "kg" ? lbsToKg(lbs) : lbs;
    points.push({ date: chunk[0]!.date, ...efficiencyPoint(eggs, feed, cost) });
  }
  const best = layers.slice(0, 3);
  // The lowest three of the rest, lowest first: a bird is never both a best and a lowest layer.
  const worst = layers.slice(3).reverse().slice(0, 3);
  return (
    <div className="space-y-4">
      <div className="grid gap-3 md:grid-cols-2">
        <SeriesChart
          title={`Feed efficiency (eggs per ${perUnit}, by ${size === 1 ? "day" : "week"})`}
          data={points}
          dataKey="feedEfficiency"
          unit={`eggs/${perUnit}`}
          kind="line"
          color={chartColor(1)}
        />
        {seeMoney && (
          <SeriesChart
            title={`Feed cost per dozen eggs (by ${size === 1 ? "day" : "week"})`}
            data={points}
            dataKey="costPerDozen"
            unit="$"
            kind="line"
            color={chartColor(0)}
          />
        )}
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <Card>
          <CardTitle className="text-base">Best layers</CardTitle>
          <LayerList layers={best} empty="No egg records in this period." />
        </Card>
        <Card>
          <CardTitle className="text-base">Lowest layers</CardTitle>
          <LayerList layers={worst} empty="Needs more than three laying birds to compare." />
        </Card>
      </div>
    </div>
  );
}

function LayerList({
  layers,
  empty,
}: {
  layers: { chickenId: string; name: string; eggs: number; layRate: number }[];
  empty: string;
}) {
  if (layers.length === 0) return <p className="mt-2 text-sm text-stone-600">{empty}</p>;
  return (
    <ol className="mt-2 space-y-1">
      {layers.map((l) => (
        <li key={l.chickenId} className="flex justify-between text-sm">
          <span className="font-semibold text-stone-900">{l.name}</span>
          <span className="text-stone-700">
            {l.eggs} eggs · laid on {l.layRate}% of days with records
          </span>
        </li>
      ))}
    </ol>
  );
}
