import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { HatchBreederHistoryEntry } from "@flockkeeper/shared/schemas/hatch-record";
import { SPECIES_LABELS } from "@flockkeeper/shared/schemas/species";
import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/lib/api-client";
import { formatDay } from "@/lib/dates";
import { useBreederHistory } from "../api/hatch-records";
import { chartColor } from "@/lib/chart-colors";

const pct = (v: number | null) => (v === null ? "–" : `${v}%`);

/** "Donald × Daisy", "Breeding pen", or both: the pair as the keeper named its birds and flock. */
export function breederLabel(g: HatchBreederHistoryEntry): string {
  const pair = [g.sire?.name ?? (g.dam ? "?" : null), g.dam?.name ?? (g.sire ? "?" : null)]
    .filter((x) => x !== null)
    .join(" × ");
  return [pair, g.breedingFlock?.name].filter(Boolean).join(" · ") || "Breeders since removed";
}

/**
 * History per breeder pair (issue 21 item 4): the pair's totals, and a chart of fertility and
 * hatchability from one hatch to the next, so a pair that is slipping shows as a falling line.
 */
export function BreederHistory() {
  const history = useBreederHistory();
  if (history.error)
    return (
      <Alert tone="danger" className="mt-2">
        Could not load the history per breeder pair: {errorMessage(history.error)}
      </Alert>
    );
  const groups = history.data ?? [];
  if (groups.length === 0)
    return (
      <p className="mt-3 text-sm text-stone-700">
        Name the sire and dam or the breeding flock when you set eggs to see each pair&apos;s
        history here.
      </p>
    );
  return (
    <div className="mt-4" data-testid="breeder-history">
      <h4 className="font-bold text-stone-900">By breeder pair</h4>
      <ul className="mt-2 space-y-4">
        {groups.map((g) => {
          const label = `${breederLabel(g)} (${SPECIES_LABELS[g.species]})`;
          const points = g.hatchList.map((h) => ({
            name: formatDay(h.resultDate ?? h.incubationStartDate, "axis"),
            fertilityPct: h.fertilityPct,
            hatchabilityPct: h.hatchabilityPct,
            hatchOfSetPct: h.hatchOfSetPct,
          }));
          return (
            <li
              key={label}
              className="rounded border border-stone-200 p-2"
              data-testid="breeder-pair"
            >
              <p className="font-semibold break-words text-stone-900">{label}</p>
              <p className="text-sm text-stone-800" data-testid="breeder-pair-totals">
                {g.hatches} {g.hatches === 1 ? "hatch" : "hatches"} · {g.hatched} of {g.eggsSet}{" "}
                hatched · fertility {pct(g.fertilityPct)} · hatchability {pct(g.hatchabilityPct)} of
                fertile
              </p>
              <figure className="mt-2 h-40" aria-label={`Hatch by hatch: ${label}`}>
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart data={points} margin={{ left: -20, right: 8 }}>
                    <CartesianGrid strokeDasharray="3 3" vertical={false} />
                    <XAxis dataKey="name" fontSize={11} />
                    <YAxis domain={[0, 100]} unit="%" fontSize={12} />
                    <Tooltip />
                    <Legend />
                    <Line
                      dataKey="fertilityPct"
                      name="Fertility %"
                      stroke={chartColor(0)}
                      connectNulls
                      isAnimationActive={false}
                    />
                    <Line
                      dataKey="hatchabilityPct"
                      name="Hatchability % (of fertile)"
                      stroke={chartColor(1)}
                      connectNulls
                      isAnimationActive={false}
                    />
                    <Line
                      dataKey="hatchOfSetPct"
                      name="Hatched % of set"
                      stroke={chartColor(2)}
                      connectNulls
                      isAnimationActive={false}
                    />
                  </LineChart>
                </ResponsiveContainer>
              </figure>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
