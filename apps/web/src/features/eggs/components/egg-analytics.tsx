import { useMemo, useState } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Line,
  Legend,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { fillDailySeries, layRateTrend } from "@flockkeeper/shared/domain/egg-analytics";
import { eggListStartDate } from "@flockkeeper/shared/domain/flock";
import { isFemaleSex, type Chicken } from "@flockkeeper/shared/schemas/chicken";
import { Alert } from "@/components/ui/alert";
import { Card, CardTitle } from "@/components/ui/card";
import { Label, Select } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { localToday, useEggAnalytics } from "../api/egg-records";
import { QUALITY_LABELS, SIZE_LABELS } from "./egg-record-dialog";
import { formatDay } from "@/lib/dates";
import { chartColor } from "@/lib/chart-colors";

const PERIODS = [7, 30, 90, 365] as const;
const shortDate = (iso: string) => formatDay(iso, "axis");

/** A chart panel with a title and, when there is no data, what to record to see it. */
function ChartCard({
  title,
  empty,
  emptyText,
  children,
}: {
  title: string;
  empty: boolean;
  emptyText: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardTitle>{title}</CardTitle>
      {empty ? (
        <p className="mt-3 text-stone-700">{emptyText}</p>
      ) : (
        <figure className="mt-3 h-64" aria-label={title}>
          {children}
        </figure>
      )}
    </Card>
  );
}

/** Egg charts for the Analytics tab: per day, per bird, lay rate trend, quality and size mix. */
export function EggAnalytics({
  chickens,
  tracked,
}: {
  chickens: Chicken[];
  tracked: Chicken | null;
}) {
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const today = localToday();
  const startDate = eggListStartDate(today, days);
  const analytics = useEggAnalytics({ chickenId: tracked?.id ?? null, startDate, endDate: today });
  const names = useMemo(() => new Map(chickens.map((c) => [c.id, c.name])), [chickens]);
  const layingBirds = tracked ? 1 : chickens.filter((c) => isFemaleSex(c.sex)).length;

  const data = analytics.data;
  const series = useMemo(
    () => (data ? fillDailySeries(data.daily, data.startDate, data.endDate) : []),
    [data],
  );
  const trend = useMemo(
    () =>
      data
        ? layRateTrend(
            data.daily,
            layingBirds,
            data.startDate,
            data.endDate,
            days <= 7 ? 1 : 7,
          ).map((p) => ({
            ...p,
            label: shortDate(p.start),
          }))
        : [],
    [data, layingBirds, days],
  );
  const perBird = (data?.perBird ?? []).map((b) => ({
    name: names.get(b.chickenId) ?? "Removed bird",
    eggs: b.eggs,
  }));
  const quality = (data?.quality ?? [])
    .filter((q) => q.eggs > 0)
    .map((q) => ({ name: q.quality ? QUALITY_LABELS[q.quality] : "Not recorded", value: q.eggs }));
  const size = (data?.size ?? [])
    .filter((s) => s.eggs > 0)
    .map((s) => ({ name: s.size ? SIZE_LABELS[s.size] : "Not recorded", value: s.eggs }));
  const total = series.reduce((n, d) => n + d.eggs, 0);
  const noEggs = total === 0;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-xl font-bold text-stone-900">
          Egg production{tracked ? `: ${tracked.name}` : ""}
        </h2>
        <div>
          <Label htmlFor="analytics-period">Period</Label>
          <Select
            id="analytics-period"
            value={days}
            onChange={(e) => setDays(Number(e.target.value) as (typeof PERIODS)[number])}
            className="w-auto"
          >
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                Last {p} days
              </option>
            ))}
          </Select>
        </div>
      </div>
      {analytics.error && (
        <Alert tone="danger">Could not load analytics: {errorMessage(analytics.error)}</Alert>
      )}
      {data && (
        <p className="text-stone-800" data-testid="analytics-total">
          {total} {total === 1 ? "egg" : "eggs"} from {formatDay(startDate)} to {formatDay(today)}.
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          title="Eggs per day"
          empty={noEggs}
          emptyText="Record eggs in the Egg Tracking tab to see eggs per day."
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={series} margin={{ left: -20, right: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="date" tickFormatter={shortDate} minTickGap={16} fontSize={12} />
              <YAxis allowDecimals={false} fontSize={12} />
              <Tooltip />
              <Bar dataKey="eggs" name="Eggs" fill={chartColor(0)} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
        <ChartCard
          title="Eggs per bird"
          empty={noEggs}
          emptyText="Record eggs for your birds to compare them here."
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={perBird} layout="vertical" margin={{ left: 8, right: 16 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} fontSize={12} />
              <YAxis type="category" dataKey="name" width={90} fontSize={12} />
              <Tooltip />
              <Bar dataKey="eggs" name="Eggs" fill={chartColor(1)} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
        <ChartCard
          title="Lay rate trend"
          empty={noEggs || layingBirds === 0}
          emptyText={
            layingBirds === 0
              ? "Add a hen (a laying bird) in My Flock to see the lay rate."
              : "Record eggs for your hens to see the lay rate over time."
          }
        >
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={trend} margin={{ left: -20, right: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" fontSize={12} />
              <YAxis unit="%" fontSize={12} domain={[0, "auto"]} />
              <Tooltip />
              <Line
                dataKey="rate"
                name="Lay rate %"
                stroke={chartColor(2)}
                strokeWidth={2}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </ChartCard>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <ChartCard
            title="Egg quality"
            empty={quality.length === 0}
            emptyText="Record eggs with their quality to see the quality mix."
          >
            <MixPie data={quality} />
          </ChartCard>
          <ChartCard
            title="Egg size"
            empty={size.length === 0}
            emptyText="Record eggs with their size to see the size mix."
          >
            <MixPie data={size} />
          </ChartCard>
        </div>
      </div>
    </div>
  );
}

function MixPie({ data }: { data: { name: string; value: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart>
        <Pie
          data={data}
          dataKey="value"
          nameKey="name"
          outerRadius="75%"
          label
          isAnimationActive={false}
        >
          {data.map((d, i) => (
            <Cell key={d.name} fill={chartColor(i)} />
          ))}
        </Pie>
        <Tooltip />
        <Legend />
      </PieChart>
    </ResponsiveContainer>
  );
}
