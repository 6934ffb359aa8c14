import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { summariseHatches } from "@flockkeeper/shared/domain/egg-analytics";
import { Alert } from "@/components/ui/alert";
import { Card, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { useHatches } from "../api/hatch-records";
import { HatchHistoryChart } from "./hatch-history-chart";
import { chartColor } from "@/lib/chart-colors";

/** Hatch success rate for the Analytics tab, from every finished hatch. */
export function HatchSuccessChart() {
  const hatches = useHatches();
  const s = summariseHatches(hatches.data ?? []);
  const data = [
    { name: "Hatched", count: s.successful },
    { name: "Failed", count: s.failed },
  ];
  return (
    <Card>
      <CardTitle>Hatch success rate</CardTitle>
      {hatches.error ? (
        <Alert tone="danger" className="mt-2">
          Could not load hatches: {errorMessage(hatches.error)}
        </Alert>
      ) : s.finished === 0 ? (
        <p className="mt-3 text-stone-700">
          Start a hatch in My Flock &gt; Hatch Countdown and record its outcome to see your hatch
          success rate.
          {s.active > 0 &&
            ` ${s.active} ${s.active === 1 ? "hatch is" : "hatches are"} still incubating.`}
        </p>
      ) : (
        <>
          <p className="mt-2 text-stone-800" data-testid="hatch-success-rate">
            {s.successRate}% of {s.finished} finished {s.finished === 1 ? "hatch" : "hatches"}{" "}
            hatched
            {s.eggsSet > 0 && ` · ${s.eggsHatched} of ${s.eggsSet} eggs (${s.eggHatchRate}%)`}
          </p>
          <figure className="mt-3 h-48" aria-label="Hatch outcomes">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data} margin={{ left: -20, right: 8 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="name" fontSize={12} />
                <YAxis allowDecimals={false} fontSize={12} />
                <Tooltip />
                <Bar
                  dataKey="count"
                  name="Hatches"
                  fill={chartColor(1)}
                  isAnimationActive={false}
                />
              </BarChart>
            </ResponsiveContainer>
          </figure>
          <HatchHistoryChart />
        </>
      )}
    </Card>
  );
}
