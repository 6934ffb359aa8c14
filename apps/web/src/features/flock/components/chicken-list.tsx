import { Pencil, Plus, Stethoscope, Target, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ageInWeeks, formatAgeWeeks } from "@flockkeeper/shared/domain/flock";
import { sexLabel, type Chicken } from "@flockkeeper/shared/schemas/chicken";
import { SPECIES_LABELS } from "@flockkeeper/shared/schemas/species";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SpeciesArt } from "@/components/ui/species-art";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { formatWeight, useUnits } from "@/lib/units";
import { useFarmPermissions } from "@/lib/farms";
import { useDeleteChicken } from "../api/save-chicken";
import { ChickenFormDialog, HEALTH_LABELS } from "./chicken-form-dialog";

const HEALTH_TONES: Record<Chicken["healthStatus"], BadgeTone> = {
  healthy: "green",
  sick: "red",
  recovering: "yellow",
  monitoring: "blue",
};

/** My Chickens: the keeper's birds with add, edit, remove and Track. */
export function ChickenList({
  chickens,
  isLoading,
  error,
  trackedId,
  onTrack,
}: {
  chickens: Chicken[];
  isLoading: boolean;
  error: unknown;
  trackedId: string | null;
  onTrack: (chicken: Chicken) => void;
}) {
  const [editing, setEditing] = useState<Chicken | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [removing, setRemoving] = useState<Chicken | null>(null);
  const remove = useDeleteChicken();
  const { weightUnit } = useUnits();
  // A helper sees the birds but may not add, edit or remove them (the server refuses it too).
  const { manageBirds } = useFarmPermissions();

  const openAdd = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast({ title: "Chicken removed successfully!", variant: "success" });
    } catch (err) {
      toast({ title: `Failed to remove chicken: ${errorMessage(err)}`, variant: "destructive" });
    } finally {
      setRemoving(null);
    }
  };
  const now = new Date();
  const tz = now.getTimezoneOffset();

  return (
    <section aria-labelledby="my-birds-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="my-birds-heading" className="text-xl font-bold text-stone-900">
          My Birds ({chickens.length})
        </h2>
        {manageBirds && (
          <Button onClick={openAdd} data-track="Add Bird Open">
            <Plus size={18} aria-hidden /> Add Bird
          </Button>
        )}
      </div>
      {error ? (
        <Alert tone="danger">Could not load your birds: {errorMessage(error)}</Alert>
      ) : isLoading ? (
        <p className="text-stone-700">Loading your flock...</p>
      ) : chickens.length === 0 ? (
        <EmptyState
          title="No birds yet"
          action={
            manageBirds ? (
              <Button onClick={openAdd} data-track="Add First Bird">
                <Plus size={18} aria-hidden /> Add your first bird
              </Button>
            ) : undefined
          }
        >
          My Birds keeps a profile for each chicken, duck, goose, turkey, guinea fowl or quail:
          breed, age, weight, photos and notes, so you notice when something changes. Eggs, health
          checks and vaccinations are then recorded against the bird.
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {chickens.map((c) => {
            const weeks = ageInWeeks(c.hatchDate, now, tz);
            const age = formatAgeWeeks(weeks);
            const check = new URLSearchParams({
              tab: "symptoms",
              species: c.species,
              bird: c.name,
            });
            if (weeks !== null) check.set("ageWeeks", String(weeks));
            return (
              <li key={c.id}>
                <Card
                  className={trackedId === c.id ? "ring-2 ring-amber-600" : undefined}
                  data-testid="bird-card"
                  aria-label={c.name}
                >
                  <div className="flex gap-3">
                    {c.imageUrl ? (
                      <img
                        src={c.imageUrl}
                        alt={`Photo of ${c.name}`}
                        className="h-20 w-20 shrink-0 rounded-lg object-cover"
                        loading="lazy"
                      />
                    ) : (
                      <SpeciesArt species={c.species} size={80} className="rounded-lg" />
                    )}
                    <div className="min-w-0">
                      <h3 className="truncate text-lg font-bold text-stone-900">{c.name}</h3>
                      <p className="text-sm text-stone-700">
                        {c.breed} · {SPECIES_LABELS[c.species]} · {sexLabel(c.species, c.sex)}
                      </p>
                      <div className="mt-1 flex flex-wrap gap-1">
                        <Badge tone={HEALTH_TONES[c.healthStatus]}>
                          {HEALTH_LABELS[c.healthStatus]}
                        </Badge>
                        {age && <Badge>Age: {age}</Badge>}
                      </div>
                    </div>
                  </div>
                  <dl className="mt-2 grid grid-cols-2 gap-x-3 text-sm text-stone-800">
                    {c.color && (
                      <>
                        <dt className="font-semibold">Colour</dt>
                        <dd>{c.color}</dd>
                      </>
                    )}
                    {c.weight !== null && (
                      <>
                        <dt className="font-semibold">Weight</dt>
                        <dd>{formatWeight(c.weight, weightUnit, 2)}</dd>
                      </>
                    )}
                  </dl>
                  {c.notes && <p className="mt-2 text-sm break-words text-stone-700">{c.notes}</p>}
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Button size="sm" onClick={() => onTrack(c)} data-track="Track Bird">
                      <Target size={16} aria-hidden /> Track
                    </Button>
                    {manageBirds && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => {
                          setEditing(c);
                          setFormOpen(true);
                        }}
                        aria-label={`Edit ${c.name}`}
                      >
                        <Pencil size={16} aria-hidden /> Edit
                      </Button>
                    )}
                    <Link
                      to={`/health-diagnostic?${check.toString()}`}
                      className="inline-flex min-h-9 items-center gap-1 rounded-lg border border-stone-300 px-3 text-sm font-semibold text-stone-900 hover:bg-stone-100 focus-visible:outline-3 focus-visible:outline-blue-700"
                      aria-label={`Check symptoms of ${c.name}`}
                    >
                      <Stethoscope size={16} aria-hidden /> Symptoms
                    </Link>
                    {manageBirds && (
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-800"
                        onClick={() => setRemoving(c)}
                        aria-label={`Remove ${c.name}`}
                      >
                        <Trash2 size={16} aria-hidden /> Remove
                      </Button>
                    )}
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <ChickenFormDialog open={formOpen} onOpenChange={setFormOpen} chicken={editing} />
      <Dialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title="Remove bird"
        description="Are you sure you want to remove this chicken?"
      >
        <p className="text-stone-800">
          {removing?.name} and all of its egg records will be deleted. This cannot be undone.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            onClick={() => void confirmRemove()}
            disabled={remove.isPending}
          >
            {remove.isPending ? "Removing..." : "Remove"}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
