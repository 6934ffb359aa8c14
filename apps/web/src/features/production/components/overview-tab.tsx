import { Card } from "@/components/ui/card";
import { Alert } from "@/components/ui/alert";
import { lbsToKg, type WeightUnit } from "@flockkeeper/shared/domain/units";
import { SPECIES_PLURAL_LABELS } from "@flockkeeper/shared/domain/species-labels";
import type { ProductionSummary, ProductionTrends } from "@flockkeeper/shared/schemas/production";
import type { PoultrySpecies } from "@flockkeeper/shared/schemas/species";
import { formatWeight, useUnits, weightIn } from "@/lib/units";
import { useFarmPermissions } from "@/lib/farms";
import { useProductionSummary, useProductionTrends } from "../api/production";
import { SeriesChart, type Series } from "@/components/series-chart";
import { chartColor } from "@/lib/chart-colors";

/**
 * Days of the period with any record (eggs, feed or a weigh-in). The summary's figures are sums
 * and averages over the whole period, so when few days have records the keeper is told how few.
 */
export function daysWithRecords(
  daily: { eggs: number; feedLbs: number; weightBySpecies: readonly unknown[] }[],
): number {
  return daily.filter((d) => d.eggs > 0 || d.feedLbs > 0 || d.weightBySpecies.length > 0).length;
}

/** The chart key of one species' weight line, e.g. `weight_turkey`. */
const weightKey = (species: PoultrySpecies) => `weight_${species}`;

/**
 * The weight chart's points and lines: one line per species weighed in the period (issue 25: a
 * hen is never averaged with a turkey), each day's mean in the keeper's unit, a gap where that
 * species was not weighed.
 */
export function weightChart(
  trends: Pick<ProductionTrends, "daily" | "weightSpecies">,
  weightUnit: WeightUnit,
): { points: Record<string, string | number | null>[]; series: Series[] } {
  const points = trends.daily.map((d) => {
    const point: Record<string, string | number | null> = { date: d.date };
    for (const species of trends.weightSpecies) point[weightKey(species)] = null;
    for (const w of d.weightBySpecies)
      point[weightKey(w.species)] = weightIn(w.avgWeight, weightUnit);
    return point;
  });
  const series = trends.weightSpecies.map((species) => ({
    key: weightKey(species),
    label: SPECIES_PLURAL_LABELS[species],
  }));
  return { points, series };
}

/** Dollars; a figure the server left out (a helper's answer) shows as a dash. */
const money = (v: number | null) =>
  v === null ? "–" : v < 0 ? `-$${Math.abs(v).toFixed(2)}` : `$${v.toFixed(2)}`;

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card className="p-3">
      <p className="text-sm font-semibold text-stone-700">{label}</p>
      <p className="mt-1 text-2xl font-extrabold text-stone-900">{value}</p>
      {hint && <p className="text-xs text-stone-600">{hint}</p>}
    </Card>
  );
}

/**
 * Average bird weight, per species when more than one was weighed (issue 25: a hen is never
 * averaged with a turkey): "Chickens 5.5 lbs", "Turkeys 22 lbs", each with how many birds.
 */
function WeightStat({
  summary: s,
  weightUnit,
}: {
  summary: ProductionSummary | undefined;
  weightUnit: WeightUnit;
}) {
  const bySpecies = s?.avgWeightBySpecies ?? [];
  if (!s || bySpecies.length < 2) {
    const value = !s
      ? "…"
      : s.avgBirdWeight === null
        ? "No weigh-ins"
        : formatWeight(s.avgBirdWeight, weightUnit, 2);
    const only = bySpecies[0];
    return (
      <Stat
        label="Average bird weight"
        value={value}
        {...(only && only.species !== "chicken"
          ? { hint: `${SPECIES_PLURAL_LABELS[only.species]}, ${only.birds} weighed` }
          : {})}
      />
    );
  }
  return (
    <Card className="p-3">
      <p className="text-sm font-semibold text-stone-700">Average weight by species</p>
      <ul className="mt-1 space-y-0.5" data-testid="weight-by-species">
        {bySpecies.map((w) => (
          <li key={w.species} className="flex flex-wrap items-baseline justify-between gap-x-2">
            <span className="font-semibold text-stone-800">{SPECIES_PLURAL_LABELS[w.species]}</span>
            <span className="text-lg font-extrabold text-stone-900">
              {formatWeight(w.avgWeight, weightUnit, 2)}
              <span className="ml-1 text-xs font-normal text-stone-600">({w.birds} weighed)</span>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Summary cards and charts of eggs, feed and weight over the period. */
export function OverviewTab({ period }: { period: number }) {
  const summary = useProductionSummary(period);
  const trends = useProductionTrends(period);
  const { weightUnit } = useUnits();
  // A helper does not see money; their answers may carry null in its place.
  const { seeMoney } = useFarmPermissions();
  if (summary.isError)
    return <Alert tone="danger">Could not load the production summary. Please try again.</Alert>;
  const s = summary.data;
  // Stored in lbs; shown in the keeper's unit.
  const perUnit = weightUnit === "kg" ? "kg" : "lb";
  const daily = trends.data?.daily.map((d) => ({
    date: d.date,
    eggs: d.eggs,
    feed: weightIn(d.feedLbs, weightUnit),
  }));
  const weights = trends.data ? weightChart(trends.data, weightUnit) : null;
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
            label="Lay rate"
            value={s ? (s.layRate === null ? "–" : `${s.layRate}%`) : "…"}
            // Hen-days: the laying-age hens present, summed over the days that have records.
            hint={
              s
                ? `${s.totalEggs} eggs / ${s.henDays} hen-days, ${s.daysWithRecords} ${s.daysWithRecords === 1 ? "day" : "days"} with records`
                : undefined
            }
          />
          <Stat
            label="Feed efficiency"
            value={
              s
                ? `${weightUnit === "kg" ? Math.round((s.feedEfficiency / lbsToKg(1)) * 100) / 100 : s.feedEfficiency} eggs/${perUnit}`
                : "…"
            }
            hint={s ? `${formatWeight(s.totalFeedLbs, weightUnit, 2)} of feed` : undefined}
          />
          {seeMoney && (
            <>
              <Stat label="Feed cost" value={s ? money(s.totalFeedCost) : "…"} />
              <Stat
                label="Profitability"
                value={s ? money(s.profitability) : "…"}
                hint={s ? `Eggs valued at ${money(s.eggPrice)} each` : undefined}
              />
            </>
          )}
          <WeightStat summary={s} weightUnit={weightUnit} />
        </div>
        {trends.data && daysWithRecords(trends.data.daily) < trends.data.daily.length && (
          <p className="mt-2 text-sm text-stone-700" data-testid="period-coverage">
            Figures cover the last {trends.data.daily.length} days; only{" "}
            {daysWithRecords(trends.data.daily)} of them have records, so totals and averages are
            computed over {daysWithRecords(trends.data.daily)}{" "}
            {daysWithRecords(trends.data.daily) === 1 ? "day" : "days"} of data.
          </p>
        )}
      </section>
      {daily && weights && (
        <div className="grid gap-3 md:grid-cols-3">
          <SeriesChart title="Eggs per day" data={daily} dataKey="eggs" unit="eggs" />
          <SeriesChart
            title="Feed per day"
            data={daily}
            dataKey="feed"
            unit={weightUnit}
            color={chartColor(1)}
          />
          <SeriesChart
            title={weights.series.length > 1 ? "Average weight by species" : "Average weight"}
            data={weights.points}
            series={weights.series}
            unit={weightUnit}
            kind="line"
          />
        </div>
      )}
    </div>
  );
}
