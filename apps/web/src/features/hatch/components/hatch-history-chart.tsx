import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { SPECIES_LABELS } from "@flockkeeper/shared/schemas/species";
import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/lib/api-client";
import { useHatchHistory } from "../api/hatch-records";
import { chartColor } from "@/lib/chart-colors";
import { BreederHistory } from "./breeder-history";

/** Fertility and hatchability per breed over the keeper's finished hatches. */
export function HatchHistoryChart() {
  const history = useHatchHistory();
  if (history.error)
    return (
      <Alert tone="danger" className="mt-2">
        Could not load hatch history: {errorMessage(history.error)}
      </Alert>
    );
  const rows = (history.data ?? []).map((g) => ({
    ...g,
    name: `${g.breed ?? "No breed"} (${SPECIES_LABELS[g.species]})`,
  }));
  if (rows.length === 0) return null;
  return (
    <div className="mt-4" data-testid="hatch-history">
      <h4 className="font-bold text-stone-900">By breed</h4>
      <figure className="mt-2 h-56" aria-label="Fertility and hatchability by breed">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ left: -20, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" fontSize={11} interval={0} />
            <YAxis domain={[0, 100]} unit="%" fontSize={12} />
            <Tooltip />
            <Legend />
            <Bar
              dataKey="fertilityPct"
              name="Fertility %"
              fill={chartColor(0)}
              isAnimationActive={false}
            />
            <Bar
              dataKey="hatchabilityPct"
              name="Hatchability % (of fertile)"
              fill={chartColor(1)}
              isAnimationActive={false}
            />
            <Bar
              dataKey="hatchOfSetPct"
              name="Hatched % of set"
              fill={chartColor(2)}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </figure>
      {/* Five columns do not fit a 360 px phone: the table scrolls inside its own box, never the page. */}
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Hatch history by breed</caption>
          <thead>
            <tr className="text-stone-700">
              <th scope="col">Breed</th>
              <th scope="col">Hatches</th>
              <th scope="col">Hatched / set</th>
              <th scope="col">Fertility</th>
              <th scope="col">Hatchability</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((g) => (
              <tr key={g.name} className="border-t border-stone-200">
                <th scope="row" className="font-semibold">
                  {g.name}
                </th>
                <td>{g.hatches}</td>
                <td>
                  {g.hatched} / {g.eggsSet}
                </td>
                <td>{g.fertilityPct === null ? "–" : `${g.fertilityPct}%`}</td>
                <td>{g.hatchabilityPct === null ? "–" : `${g.hatchabilityPct}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-1 text-xs text-stone-600">
        Fertility and hatchability count only hatches with a candling.
      </p>
      <BreederHistory />
    </div>
  );
}
