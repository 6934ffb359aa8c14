import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { chartColor } from "@/lib/chart-colors";

/** The clicks-per-day bar chart of the analytics tab; loaded lazily because recharts is large. */
export default function ClicksChart({ data }: { data: { date: string; clicks: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={(d: string) => d.slice(5)}
          fontSize={12}
          minTickGap={16}
        />
        <YAxis allowDecimals={false} fontSize={12} />
        <Tooltip />
        <Bar dataKey="clicks" name="Clicks" fill={chartColor(0)} />
      </BarChart>
    </ResponsiveContainer>
  );
}
