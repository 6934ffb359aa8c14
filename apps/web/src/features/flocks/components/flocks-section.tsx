import { Plus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { SPECIES_LABELS, speciesLabel } from "@flockkeeper/shared/domain/species-labels";
import { FLOCK_PURPOSE_LABELS, type Flock } from "@flockkeeper/shared/schemas/flock";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Dialog } from "@/components/ui/lazy-dialog";
import { EggGuard } from "@/components/egg-guard";
import { SpeciesArt } from "@/components/ui/species-art";
import { errorMessage } from "@/lib/api-client";
import { useFarmPermissions } from "@/lib/farms";
import { useFlocks } from "@/lib/flocks";
import { useAllFlocks } from "../api/flocks";
import { headcountText } from "../lib/headcount-text";
import { AddFlockForm } from "./add-flock-form";

// The detail (events, forms, charts) loads when a flock is first opened, not with the page.
const FlockDetail = lazy(() => import("./flock-detail").then((m) => ({ default: m.FlockDetail })));

/**
 * The farm's flocks above the individual birds on the Flock Manager: a card per flock with its
 * headcount today, "Add flock", archived flocks behind a toggle, and each flock's detail in a dialog.
 */
export function FlocksSection() {
  const { manageBirds } = useFarmPermissions();
  const flocks = useFlocks();
  const [showArchived, setShowArchived] = useState(false);
  const all = useAllFlocks(showArchived);
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);

  const active = flocks.data ?? [];
  const archived = (all.data ?? []).filter((f) => f.archived);
  const open = [...active, ...archived].find((f) => f.id === openId) ?? null;

  const addButton = manageBirds && (
    <Button onClick={() => setAdding(true)} data-track="Add flock">
      <Plus size={18} aria-hidden /> Add flock
    </Button>
  );

  return (
    <section aria-labelledby="flocks-title" className="mb-6">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="flocks-title" className="text-xl font-bold text-stone-900">
          Flocks
        </h2>
        {active.length > 0 && addButton}
      </div>

      {flocks.isLoading ? (
        <p className="text-stone-700">Loading flocks…</p>
      ) : flocks.error ? (
        <p role="alert" className="text-danger">
          Could not load flocks: {errorMessage(flocks.error)}
        </p>
      ) : active.length === 0 ? (
        <EmptyState title="No flocks yet" action={addButton || undefined}>
          A flock is a group of birds of one species kept together: 30 layers in one coop are one
          flock with a headcount of 30, no profile per bird needed. Add a flock to log its daily
          basket of eggs, its gains and losses, and see its lay rate.
        </EmptyState>
      ) : (
        <FlockCards flocks={active} onOpen={setOpenId} />
      )}

      <label className="mt-3 inline-flex min-h-11 items-center gap-2 text-sm text-stone-800">
        <input
          type="checkbox"
          className="size-5"
          checked={showArchived}
          onChange={(e) => setShowArchived(e.target.checked)}
        />
        Show archived flocks
      </label>
      {showArchived &&
        (all.isLoading ? (
          <p className="text-stone-700">Loading archived flocks…</p>
        ) : archived.length === 0 ? (
          <p className="text-sm text-stone-700">No archived flocks.</p>
        ) : (
          <FlockCards flocks={archived} onOpen={setOpenId} label="Archived flocks" />
        ))}

      <Dialog open={adding} onOpenChange={setAdding} title="Add flock">
        <AddFlockForm onDone={() => setAdding(false)} />
      </Dialog>
      <Dialog
        open={open !== null}
        onOpenChange={(o) => !o && setOpenId(null)}
        title={open?.name ?? "Flock"}
        description={
          open
            ? `${speciesLabel(open.species, 2)} · ${FLOCK_PURPOSE_LABELS[open.purpose]}${open.location ? ` · ${open.location}` : ""}`
            : undefined
        }
        className="max-w-2xl"
      >
        {open && (
          <Suspense fallback={<p className="text-stone-700">Loading…</p>}>
            <FlockDetail flock={open} onClose={() => setOpenId(null)} />
          </Suspense>
        )}
      </Dialog>
    </section>
  );
}

function FlockCards({
  flocks,
  onOpen,
  label = "Flocks",
}: {
  flocks: Flock[];
  onOpen: (id: string) => void;
  label?: string;
}) {
  return (
    <ul aria-label={label} className="grid gap-3 sm:grid-cols-2">
      {flocks.map((f) => (
        <li key={f.id} data-testid="flock-card" className="min-w-0">
          <button
            type="button"
            onClick={() => onOpen(f.id)}
            className="flex w-full items-start gap-3 rounded-xl border border-stone-200 bg-white p-3 text-left shadow-sm hover:border-amber-400 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            aria-label={`${f.name}: ${headcountText(f)}. Open the flock`}
          >
            <SpeciesArt species={f.species} size={48} />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-lg font-bold text-stone-900">{f.name}</span>
              <span className="block text-sm text-stone-700">
                {SPECIES_LABELS[f.species]} · {FLOCK_PURPOSE_LABELS[f.purpose]}
                {f.location ? ` · ${f.location}` : ""}
                {f.archived ? " · Archived" : ""}
              </span>
              <span
                className="mt-1 block font-semibold text-amber-900"
                data-testid="flock-headcount"
              >
                {headcountText(f)}
              </span>
            </span>
          </button>
          <EggGuard name={f.name} until={f.eggsWithheldUntil} className="mt-1" />
        </li>
      ))}
    </ul>
  );
}
