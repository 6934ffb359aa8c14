import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

type Point = Record<string, string | number | null>;

const shortDate = (d: string) => d.slice(5);

/** A small bar or line chart of one series over dates, with a text summary for screen readers. */
export function SeriesChart({
  title,
  data,
  dataKey,
  unit,
  kind = "bar",
  color = "#b45309",
}: {
  title: string;
  data: Point[];
  dataKey: string;
  unit: string;
  kind?: "bar" | "line";
  color?: string;
}) {
  const values = data.map((d) => d[dataKey]).filter((v): v is number => typeof v === "number");
  const total = values.reduce((a, b) => a + b, 0);
  const summary =
    values.length === 0
      ? `${title}: no records in this period.`
      : `${title}: ${values.length} days with data, ${kind === "bar" ? `total ${Math.round(total * 100) / 100}` : `latest ${values.at(-1)}`} ${unit}.`;
  return (
    <figure className="rounded-xl border border-stone-200 bg-white p-3 shadow-sm">
      <figcaption className="mb-2 text-sm font-bold text-stone-900">{title}</figcaption>
      <div className="h-48 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          {kind === "bar" ? (
            <BarChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" />
              <XAxis dataKey="date" tickFormatter={shortDate} fontSize={11} />
              <YAxis fontSize={11} />
              <Tooltip formatter={(v) => [`${v} ${unit}`, title]} />
              <Bar dataKey={dataKey} fill={color} radius={[3, 3, 0, 0]} />
            </BarChart>
          ) : (
            <LineChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" />
              <XAxis dataKey="date" tickFormatter={shortDate} fontSize={11} />
              <YAxis fontSize={11} domain={["auto", "auto"]} />
              <Tooltip formatter={(v) => [`${v} ${unit}`, title]} />
              <Line
                dataKey={dataKey}
                stroke={color}
                strokeWidth={2}
                dot={{ r: 2 }}
                connectNulls
                type="monotone"
              />
            </LineChart>
          )}
        </ResponsiveContainer>
      </div>
      <p className="sr-only">{summary}</p>
    </figure>
  );
}
