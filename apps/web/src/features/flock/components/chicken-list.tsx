import { HeartCrack, Pencil, Plus, Stethoscope, Target, Trash2, Undo2 } from "lucide-react";
import { lazy, Suspense, useState, type MouseEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { ageInWeeks, formatAgeWeeks } from "@flockkeeper/shared/domain/flock";
import { sexLabel, type Chicken } from "@flockkeeper/shared/schemas/chicken";
import { SPECIES_LABELS } from "@flockkeeper/shared/schemas/species";
import { LossAdvice } from "@/components/loss-advice";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SpeciesArt } from "@/components/ui/species-art";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { formatWeight, useUnits } from "@/lib/units";
import { useFarmPermissions } from "@/lib/farms";
import { useFlocks } from "@/lib/flocks";
import { useHealthConditions } from "@/lib/health-conditions";
import { useUndoLoss } from "../api/bird-life";
import { useDeleteChicken } from "../api/save-chicken";
import { outcomeText } from "../lib/outcome";
import { EggGuard } from "@/components/egg-guard";
import { ChickenFormDialog, HEALTH_LABELS } from "./chicken-form-dialog";

// The loss and remove dialogs load the first time one opens.
const BirdLossDialog = lazy(() =>
  import("./bird-loss-dialog").then((m) => ({ default: m.BirdLossDialog })),
);
const RemoveBirdDialog = lazy(() =>
  import("./remove-bird-dialog").then((m) => ({ default: m.RemoveBirdDialog })),
);

const HEALTH_TONES: Record<Chicken["healthStatus"], BadgeTone> = {
  healthy: "green",
  sick: "red",
  recovering: "yellow",
  monitoring: "blue",
};

/** The card of a bird, for links from its parents and offspring. */
const cardId = (id: string) => `bird-${id}`;

/**
 * My Chickens: the keeper's birds with add, edit, Track, Record loss / sale and remove. A bird that
 * died or left stays, greyed, under Past birds, with how it left and an Undo.
 */
export function ChickenList({
  chickens,
  isLoading,
  error,
  trackedId,
  onTrack,
  healthAction,
}: {
  chickens: Chicken[];
  isLoading: boolean;
  error: unknown;
  trackedId: string | null;
  onTrack: (chicken: Chicken) => void;
  /** A bird's health history (treatments, vaccinations, photo checks): the route composes it. */
  healthAction?: (chicken: Chicken) => ReactNode;
}) {
  const [editing, setEditing] = useState<Chicken | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [removing, setRemoving] = useState<Chicken | null>(null);
  const [losing, setLosing] = useState<Chicken | null>(null);
  const [showPast, setShowPast] = useState(false);
  const remove = useDeleteChicken();
  const undo = useUndoLoss();
  const flocks = useFlocks();
  const flockName = new Map((flocks.data ?? []).map((f) => [f.id, f.name]));
  const byId = new Map(chickens.map((c) => [c.id, c]));
  const current = chickens.filter((c) => !c.outcome);
  const past = chickens.filter((c) => c.outcome);
  const conditions = useHealthConditions(past.some((c) => c.outcomeConditionId));
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
  const undoLoss = async (bird: Chicken) => {
    try {
      await undo.mutateAsync(bird);
      toast({ title: `${bird.name} is back with your birds`, variant: "success" });
    } catch (err) {
      toast({ title: `Could not undo: ${errorMessage(err)}`, variant: "destructive" });
    }
  };
  /** Shows a bird's card (opening Past birds when it is there) and moves focus to it. */
  const goToBird = (event: MouseEvent, bird: Chicken) => {
    event.preventDefault();
    if (bird.outcome) setShowPast(true);
    requestAnimationFrame(() => {
      const card = document.getElementById(cardId(bird.id));
      card?.scrollIntoView({ behavior: "smooth", block: "center" });
      card?.focus({ preventScroll: true });
    });
  };
  const birdLink = (bird: Chicken) => (
    <a
      key={bird.id}
      href={`#${cardId(bird.id)}`}
      onClick={(e) => goToBird(e, bird)}
      className="font-semibold text-amber-900 underline underline-offset-2"
    >
      {bird.name}
    </a>
  );
  const now = new Date();
  const tz = now.getTimezoneOffset();

  const renderCard = (c: Chicken) => {
    const weeks = ageInWeeks(c.hatchDate, now, tz);
    const age = formatAgeWeeks(weeks);
    const check = new URLSearchParams({
      tab: "symptoms",
      species: c.species,
      bird: c.name,
    });
    if (weeks !== null) check.set("ageWeeks", String(weeks));
    const sire = c.sireId ? byId.get(c.sireId) : undefined;
    const dam = c.damId ? byId.get(c.damId) : undefined;
    const offspring = chickens.filter((o) => o.sireId === c.id || o.damId === c.id);
    const left = outcomeText(c);
    const flock = c.flockId ? flockName.get(c.flockId) : undefined;
    return (
      <li key={c.id}>
        <Card
          id={cardId(c.id)}
          tabIndex={-1}
          className={
            [
              trackedId === c.id ? "ring-2 ring-amber-600" : "",
              left ? "bg-stone-100 text-stone-700" : "",
            ]
              .filter(Boolean)
              .join(" ") || undefined
          }
          data-testid="bird-card"
          aria-label={c.name}
        >
          <div className="flex gap-3">
            {c.imageUrl ? (
              <img
                src={c.imageUrl}
                alt={`Photo of ${c.name}`}
                className={`h-20 w-20 shrink-0 rounded-lg object-cover${left ? " grayscale" : ""}`}
                loading="lazy"
              />
            ) : (
              <SpeciesArt
                species={c.species}
                size={80}
                className={`rounded-lg${left ? " opacity-60 grayscale" : ""}`}
              />
            )}
            <div className="min-w-0">
              <h3 className="truncate text-lg font-bold text-stone-900">{c.name}</h3>
              <p className="text-sm text-stone-700">
                {c.breed} · {SPECIES_LABELS[c.species]} · {sexLabel(c.species, c.sex)}
              </p>
              {left ? (
                <>
                  <p
                    className="mt-1 text-sm font-semibold text-stone-800"
                    data-testid="bird-outcome"
                  >
                    {left}
                  </p>
                  {c.outcome && (
                    <div className="mt-1">
                      <LossAdvice
                        type={c.outcome}
                        count={1}
                        lossCause={c.outcomeCause}
                        conditionId={c.outcomeConditionId}
                        conditions={conditions.data}
                        compact
                      />
                    </div>
                  )}
                </>
              ) : (
                <div className="mt-1 flex flex-wrap gap-1">
                  <Badge tone={HEALTH_TONES[c.healthStatus]}>{HEALTH_LABELS[c.healthStatus]}</Badge>
                  {age && <Badge>Age: {age}</Badge>}
                </div>
              )}
            </div>
          </div>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-stone-800">
            {c.bandId && (
              <>
                <dt className="font-semibold">Band</dt>
                <dd data-testid="bird-band">{c.bandId}</dd>
              </>
            )}
            {flock && (
              <>
                <dt className="font-semibold">Flock</dt>
                <dd>{flock}</dd>
              </>
            )}
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
            {sire && (
              <>
                <dt className="font-semibold">Sire</dt>
                <dd data-testid="bird-sire">{birdLink(sire)}</dd>
              </>
            )}
            {dam && (
              <>
                <dt className="font-semibold">Dam</dt>
                <dd data-testid="bird-dam">{birdLink(dam)}</dd>
              </>
            )}
            {offspring.length > 0 && (
              <>
                <dt className="font-semibold">Offspring</dt>
                <dd data-testid="bird-offspring" className="flex flex-wrap gap-x-2">
                  {offspring.map(birdLink)}
                </dd>
              </>
            )}
          </dl>
          {!left && <EggGuard name={c.name} until={c.eggsWithheldUntil} className="mt-2" />}
          {c.notes && <p className="mt-2 text-sm break-words text-stone-700">{c.notes}</p>}
          <div className="mt-3 flex flex-wrap gap-2">
            {!left && (
              <Button size="sm" onClick={() => onTrack(c)} data-track="Track Bird">
                <Target size={16} aria-hidden /> Track
              </Button>
            )}
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
            {!left && (
              <Link
                to={`/health-diagnostic?${check.toString()}`}
                className="inline-flex min-h-9 items-center gap-1 rounded-lg border border-stone-300 px-3 text-sm font-semibold text-stone-900 hover:bg-stone-100 focus-visible:outline-3 focus-visible:outline-blue-700"
                aria-label={`Check symptoms of ${c.name}`}
              >
                <Stethoscope size={16} aria-hidden /> Symptoms
              </Link>
            )}
            {healthAction?.(c)}
            {manageBirds && !left && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setLosing(c)}
                aria-label={`Record loss / sale of ${c.name}`}
                data-track="Record Loss Open"
              >
                <HeartCrack size={16} aria-hidden /> Record loss / sale
              </Button>
            )}
            {manageBirds && left && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => void undoLoss(c)}
                disabled={undo.isPending}
                aria-label={`Undo: ${c.name} is still with us`}
              >
                <Undo2 size={16} aria-hidden /> Undo
              </Button>
            )}
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
  };

  return (
    <section aria-labelledby="my-birds-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="my-birds-heading" className="text-xl font-bold text-stone-900">
          My Birds ({current.length})
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
        <>
          {current.length > 0 ? (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">{current.map(renderCard)}</ul>
          ) : (
            <p className="text-stone-700">Every bird here has left the flock.</p>
          )}
          {past.length > 0 && (
            <div className="mt-6">
              <Button
                variant="secondary"
                size="sm"
                aria-expanded={showPast}
                aria-controls="past-birds"
                onClick={() => setShowPast((v) => !v)}
              >
                {showPast ? "Hide past birds" : `Show past birds (${past.length})`}
              </Button>
              {showPast && (
                <section id="past-birds" aria-labelledby="past-birds-heading" className="mt-3">
                  <h3 id="past-birds-heading" className="mb-2 text-lg font-bold text-stone-900">
                    Past birds ({past.length})
                  </h3>
                  <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                    {past.map(renderCard)}
                  </ul>
                </section>
              )}
            </div>
          )}
        </>
      )}
      <ChickenFormDialog open={formOpen} onOpenChange={setFormOpen} chicken={editing} />
      <Suspense fallback={null}>
        {losing && (
          <BirdLossDialog
            bird={losing}
            onClose={() => setLosing(null)}
            onRecorded={() => setShowPast(true)}
          />
        )}
        {removing && (
          <RemoveBirdDialog
            bird={removing}
            pending={remove.isPending}
            onCancel={() => setRemoving(null)}
            onConfirm={() => void confirmRemove()}
            onRecordLoss={(bird) => {
              setRemoving(null);
              setLosing(bird);
            }}
          />
        )}
      </Suspense>
    </section>
  );
}
