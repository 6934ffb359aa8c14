import { lazy, Suspense } from "react";
import { chartColor } from "@/lib/chart-colors";

// recharts is large: it loads after the page's first paint, inside a box of the chart's final size.
const SeriesPlot = lazy(() => import("./series-plot"));

type Point = Record<string, string | number | null>;

/** One line of a chart with several (e.g. one per species), with its legend label. */
export type Series = { key: string; label: string };

/** The text summary of one series, for screen readers. */
function describe(
  title: string,
  data: Point[],
  key: string,
  unit: string,
  kind: "bar" | "line",
  per: string,
): string {
  const values = data.map((d) => d[key]).filter((v): v is number => typeof v === "number");
  const total = values.reduce((a, b) => a + b, 0);
  return values.length === 0
    ? `${title}: no records in this period.`
    : `${title}: ${values.length} ${per} with data, ${kind === "bar" ? `total ${Math.round(total * 100) / 100}` : `latest ${values.at(-1)}`} ${unit}.`;
}

/**
 * A small bar or line chart over dates, with a text summary for screen readers: one series
 * (`dataKey`), or several lines (`series`, e.g. the weight of each species, never averaged together).
 */
export function SeriesChart({
  title,
  data,
  dataKey,
  series,
  unit,
  kind = "bar",
  color = chartColor(0),
  per = "days",
}: {
  title: string;
  data: Point[];
  /** The one series drawn; ignored when `series` is given. */
  dataKey?: string;
  series?: Series[];
  unit: string;
  kind?: "bar" | "line";
  /** The single series' colour: a design token (lib/chart-colors.ts) so both themes read it. */
  color?: string;
  /** What one point is, for the text summary ("12 months with data"). */
  per?: "days" | "months";
}) {
  const lines = series ?? [{ key: dataKey ?? "value", label: title }];
  const summary =
    series && series.length > 0
      ? series.map((s) => describe(`${title}, ${s.label}`, data, s.key, unit, kind, per)).join(" ")
      : series
        ? `${title}: no records in this period.`
        : describe(title, data, lines[0]!.key, unit, kind, per);
  return (
    <figure className="rounded-xl border border-stone-200 bg-white p-3 shadow-sm">
      <figcaption className="mb-2 text-sm font-bold text-stone-900">{title}</figcaption>
      <div className="h-48 w-full" aria-hidden>
        <Suspense
          fallback={
            <div className="flex h-full items-center justify-center text-sm text-stone-600">
              Loading chart…
            </div>
          }
        >
          <SeriesPlot
            data={data}
            series={lines.map((s, i) => ({
              ...s,
              color: series ? chartColor(i) : color,
            }))}
            legend={Boolean(series && series.length > 1)}
            unit={unit}
            kind={kind}
          />
        </Suspense>
      </div>
      <p className="sr-only">{summary}</p>
    </figure>
  );
}
