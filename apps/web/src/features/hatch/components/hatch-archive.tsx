import type { HatchRecord } from "@flockkeeper/shared/schemas/hatch-record";
import { SPECIES_LABELS } from "@flockkeeper/shared/schemas/species";
import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/lib/api-client";
import { useQueryClient } from "@tanstack/react-query";
import { RecordActions } from "@/components/record-actions";
import { useDeferredDelete } from "@/lib/deferred-delete";
import { useFarmPermissions } from "@/lib/farms";
import { hatchRecordsKey, useHatches } from "../api/hatch-records";
import { formatDay } from "@/lib/dates";

/** One finished batch's numbers in words, with the formulas' inputs beside each rate. */
function resultLine(h: HatchRecord): string {
  if (!h.success && (h.hatched ?? 0) === 0) return "Failed: nothing hatched";
  const parts = [
    h.eggsSet !== null
      ? `${h.hatched ?? "?"} of ${h.eggsSet} hatched`
      : `${h.hatched ?? "?"} hatched`,
  ];
  if (h.fertilityPct !== null)
    parts.push(`fertility ${h.fertilityPct}% (${h.fertile} of ${h.eggsSet})`);
  if (h.hatchabilityPct !== null)
    parts.push(`hatchability ${h.hatchabilityPct}% of fertile (${h.hatched} of ${h.fertile})`);
  if (h.hatchOfSetPct !== null) parts.push(`${h.hatchOfSetPct}% of eggs set`);
  return parts.join(" · ");
}

function detailLine(h: HatchRecord): string | null {
  const parts = [
    h.assisted ? `${h.assisted} assisted` : null,
    h.deformed ? `${h.deformed} deformed` : null,
    h.pippedNotHatched ? `${h.pippedNotHatched} pipped, not hatched` : null,
    h.diedInShell ? `${h.diedInShell} died in shell` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}

/**
 * Finished batches (archived once the result is in), newest first. Owners and keepers correct one
 * through the start form (`onEdit`) or delete it with 5 s of Undo, as a running one.
 */
export function HatchArchive({ onEdit }: { onEdit?: (h: HatchRecord) => void }) {
  const done = useHatches(true, "archived");
  const deletions = useDeferredDelete();
  const qc = useQueryClient();
  const { manageBirds } = useFarmPermissions();
  if (done.error)
    return <Alert tone="danger">Could not load finished hatches: {errorMessage(done.error)}</Alert>;
  const list = (done.data ?? []).filter((h) => !deletions.hidden.has(h.id));
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="hatch-archive-heading" className="pt-2" data-testid="hatch-archive">
      <h3 id="hatch-archive-heading" className="text-lg font-bold text-stone-900">
        Finished hatches
      </h3>
      <ul className="mt-2 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
        {list.map((h) => (
          <li key={h.id} className="p-3" data-testid="hatch-result">
            <div className="flex items-start justify-between gap-2">
              <p className="font-semibold text-stone-900">
                {SPECIES_LABELS[h.species]}
                {h.breed ? ` · ${h.breed}` : ""}
                {h.incubatorName ? ` · ${h.incubatorName}` : ""}
                <span className="font-normal text-stone-700">
                  {" "}
                  (set {formatDay(h.incubationStartDate)}
                  {h.resultDate ? `, hatched ${formatDay(h.resultDate)}` : ""})
                </span>
              </p>
              {manageBirds && (
                <RecordActions
                  what={`finished hatch ${SPECIES_LABELS[h.species]} set ${formatDay(h.incubationStartDate)}`}
                  onEdit={onEdit ? () => onEdit(h) : undefined}
                  onDelete={() =>
                    deletions.remove({
                      id: h.id,
                      url: `/api/hatch-records/${h.id}`,
                      title: "Hatch record deleted",
                      onDeleted: () => qc.invalidateQueries({ queryKey: hatchRecordsKey }),
                    })
                  }
                />
              )}
            </div>
            <p className="text-sm text-stone-800">{resultLine(h)}</p>
            {detailLine(h) && <p className="text-sm text-stone-700">{detailLine(h)}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
