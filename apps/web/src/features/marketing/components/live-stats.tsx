import type { StatsResponse } from "@flockkeeper/shared/schemas/stats";
import home from "@/content/home.json";

/**
 * 12345 -> "12,345". What `Intl.NumberFormat("en")` writes for a count, without its first call on
 * a page loading the browser's locale data (a long task, see lib/intl-warmup.ts).
 */
const format = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

type Figure = { key: string; value: number | undefined; label: string };

/**
 * Live figures from GET /api/stats (DECISIONS point 2). A figure the server did not send is left
 * out, and so is a count of zero (nothing to show yet), never replaced by an estimate.
 */
export function LiveStats({ stats }: { stats: StatsResponse | undefined }) {
  if (!stats) return null;
  const labels = home.liveStatLabels;
  const figures: Figure[] = [
    { key: "keepers", value: stats.keepers, label: labels.keepers },
    { key: "analyses", value: stats.analyses, label: labels.diagnoses },
    { key: "foods", value: stats.foods, label: labels.foods },
    { key: "breeds", value: stats.breeds, label: labels.breeds },
    { key: "species", value: stats.species, label: labels.species },
  ].filter((f) => typeof f.value === "number" && f.value > 0);
  if (figures.length === 0) return null;
  return (
    <section aria-labelledby="live-stats-title" className="my-8">
      <h2 id="live-stats-title" className="text-xl font-bold text-stone-900">
        FlockKeeper in numbers
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map((f) => (
          <div
            key={f.key}
            className="flex flex-col rounded-xl border border-stone-200 bg-white p-3 text-center"
            data-testid={`stat-${f.key}`}
          >
            <dt className="text-sm text-stone-700">{f.label}</dt>
            <dd className="order-first text-2xl font-extrabold text-amber-800">
              {format(f.value!)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-stone-700">{home.liveStatsNote}</p>
    </section>
  );
}
