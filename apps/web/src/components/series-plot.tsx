import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatDay } from "@/lib/dates";

type Point = Record<string, string | number | null>;

const shortDate = (d: string) => formatDay(d, "axis");

/**
 * The recharts drawing inside a SeriesChart; loaded lazily because recharts is large. The chart is
 * hidden from assistive technology (its figure carries a text summary), so recharts' keyboard layer
 * is off: a focusable element inside an aria-hidden box would be a keyboard trap with no name.
 * Colours are design tokens (CSS variables); styles/charts.css themes the grid, axes and tooltip.
 */
export default function SeriesPlot({
  data,
  series,
  legend,
  unit,
  kind,
}: {
  data: Point[];
  series: { key: string; label: string; color: string }[];
  legend: boolean;
  unit: string;
  kind: "bar" | "line";
}) {
  const margin = { top: 4, right: 8, bottom: 0, left: -16 };
  const tooltip = <Tooltip formatter={(v, name) => [`${String(v)} ${unit}`, name]} />;
  return (
    <ResponsiveContainer width="100%" height="100%">
      {kind === "bar" ? (
        <BarChart accessibilityLayer={false} data={data} margin={margin}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-chart-grid)" />
          <XAxis dataKey="date" tickFormatter={shortDate} fontSize={11} />
          <YAxis fontSize={11} />
          {tooltip}
          {legend && <Legend wrapperStyle={{ fontSize: 12 }} />}
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} radius={[3, 3, 0, 0]} />
          ))}
        </BarChart>
      ) : (
        <LineChart accessibilityLayer={false} data={data} margin={margin}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-chart-grid)" />
          <XAxis dataKey="date" tickFormatter={shortDate} fontSize={11} />
          <YAxis fontSize={11} domain={["auto", "auto"]} />
          {tooltip}
          {legend && <Legend wrapperStyle={{ fontSize: 12 }} />}
          {series.map((s) => (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              strokeWidth={2}
              dot={{ r: 2 }}
              connectNulls
              type="monotone"
            />
          ))}
        </LineChart>
      )}
    </ResponsiveContainer>
  );
}
