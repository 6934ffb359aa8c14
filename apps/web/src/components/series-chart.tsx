import { lazy, Suspense } from "react";

// recharts is large: it loads after the page's first paint, inside a box of the chart's final size.
const SeriesPlot = lazy(() => import("./series-plot"));

type Point = Record<string, string | number | null>;

/** A small bar or line chart of one series over dates, with a text summary for screen readers. */
export function SeriesChart({
  title,
  data,
  dataKey,
  unit,
  kind = "bar",
  color = "#b45309",
  per = "days",
}: {
  title: string;
  data: Point[];
  dataKey: string;
  unit: string;
  kind?: "bar" | "line";
  color?: string;
  /** What one point is, for the text summary ("12 months with data"). */
  per?: "days" | "months";
}) {
  const values = data.map((d) => d[dataKey]).filter((v): v is number => typeof v === "number");
  const total = values.reduce((a, b) => a + b, 0);
  const summary =
    values.length === 0
      ? `${title}: no records in this period.`
      : `${title}: ${values.length} ${per} with data, ${kind === "bar" ? `total ${Math.round(total * 100) / 100}` : `latest ${values.at(-1)}`} ${unit}.`;
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
            dataKey={dataKey}
            unit={unit}
            kind={kind}
            color={color}
            title={title}
          />
        </Suspense>
      </div>
      <p className="sr-only">{summary}</p>
    </figure>
  );
}
