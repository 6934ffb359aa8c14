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
import { formatDay } from "@/lib/dates";

type Point = Record<string, string | number | null>;

const shortDate = (d: string) => formatDay(d, "axis");

/**
 * The recharts drawing inside a SeriesChart; loaded lazily because recharts is large. The chart is
 * hidden from assistive technology (its figure carries a text summary), so recharts' keyboard layer
 * is off: a focusable element inside an aria-hidden box would be a keyboard trap with no name.
 */
export default function SeriesPlot({
  title,
  data,
  dataKey,
  unit,
  kind,
  color,
}: {
  title: string;
  data: Point[];
  dataKey: string;
  unit: string;
  kind: "bar" | "line";
  color: string;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      {kind === "bar" ? (
        <BarChart
          accessibilityLayer={false}
          data={data}
          margin={{ top: 4, right: 8, bottom: 0, left: -16 }}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" />
          <XAxis dataKey="date" tickFormatter={shortDate} fontSize={11} />
          <YAxis fontSize={11} />
          <Tooltip formatter={(v) => [`${v} ${unit}`, title]} />
          <Bar dataKey={dataKey} fill={color} radius={[3, 3, 0, 0]} />
        </BarChart>
      ) : (
        <LineChart
          accessibilityLayer={false}
          data={data}
          margin={{ top: 4, right: 8, bottom: 0, left: -16 }}
        >
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
  );
}
