import { Egg, Plus } from "lucide-react";
import { useState } from "react";
import {
  countdownText,
  daysToHatch,
  hatchBadge,
  incubationProgress,
  lockdownDate,
  type HatchBadge,
} from "@flockkeeper/shared/domain/incubation";
import {
  INCUBATION_METHOD_LABELS,
  type HatchRecord,
} from "@flockkeeper/shared/schemas/hatch-record";
import { SPECIES_LABELS } from "@flockkeeper/shared/schemas/species";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { FieldError, Input, Label } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { formatTemperature, useUnits } from "@/lib/units";
import { useActiveHatches, useMarkHatch } from "../api/hatch-records";
import { useNow } from "../lib/use-now";
import { HatchFormDialog } from "./hatch-form-dialog";

const BADGE_TONES: Record<HatchBadge, BadgeTone> = {
  Overdue: "red",
  "Due Today": "green",
  "Due Soon": "yellow",
  Incubating: "blue",
};

/** Hatch Countdown: active incubations with badge, countdown, progress and lockdown day. */
export function HatchCountdown() {
  const [formOpen, setFormOpen] = useState(false);
  const [marking, setMarking] = useState<HatchRecord | null>(null);
  const active = useActiveHatches();
  const now = useNow();
  const tz = now.getTimezoneOffset();
  const { temperatureUnit } = useUnits();

  return (
    <section aria-labelledby="hatch-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="hatch-heading" className="text-xl font-bold text-stone-900">
          Hatch Countdown
        </h2>
        <Button onClick={() => setFormOpen(true)} data-track="Start Hatch Open">
          <Plus size={18} aria-hidden /> Start New Hatch
        </Button>
      </div>
      {active.error ? (
        <Alert tone="danger">Could not load hatches: {errorMessage(active.error)}</Alert>
      ) : active.isLoading ? (
        <p className="text-stone-700">Loading...</p>
      ) : (active.data ?? []).length === 0 ? (
        <Card className="text-center">
          <Egg className="mx-auto text-amber-700" aria-hidden />
          <p className="mt-2 text-stone-800">
            No eggs incubating. Start a hatch to see its countdown.
          </p>
        </Card>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {active.data!.map((h) => {
            const days = daysToHatch(h.expectedHatchDate, now, tz);
            const badge = hatchBadge(days);
            const progress = Math.round(
              incubationProgress(h.incubationStartDate, h.expectedHatchDate, now, tz),
            );
            const lockdown = lockdownDate(h.incubationStartDate, h.species);
            const title = `${SPECIES_LABELS[h.species]}${h.breed ? ` · ${h.breed}` : ""}`;
            return (
              <li key={h.id}>
                <Card data-testid="hatch-card" aria-label={title}>
                  <div className="flex items-start justify-between gap-2">
                    <div>
                      <h3 className="text-lg font-bold text-stone-900">{title}</h3>
                      <p className="text-sm text-stone-700">
                        From {h.eggSource} · {INCUBATION_METHOD_LABELS[h.incubationMethod]}
                        {h.eggsSet ? ` · ${h.eggsSet} eggs` : ""}
                      </p>
                    </div>
                    <Badge tone={BADGE_TONES[badge]} data-testid="hatch-badge">
                      {badge}
                    </Badge>
                  </div>
                  <p
                    className="mt-3 text-3xl font-extrabold text-amber-900"
                    data-testid="hatch-countdown"
                  >
                    {countdownText(h.expectedHatchDate, now, tz)}
                  </p>
                  <p className="text-sm text-stone-700">Expected hatch: {h.expectedHatchDate}</p>
                  <div
                    className="mt-2 h-3 w-full overflow-hidden rounded-full bg-stone-200"
                    role="progressbar"
                    aria-label="Incubation progress"
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={progress}
                  >
                    <div className="h-full bg-amber-600" style={{ width: `${progress}%` }} />
                  </div>
                  <p className="mt-1 text-sm text-stone-700">{progress}% of incubation</p>
                  <p className="mt-1 text-sm text-stone-800">
                    <strong>Lockdown:</strong> {lockdown} (stop turning the eggs 3 days before
                    hatch)
                  </p>
                  {(h.temperature !== null || h.humidity !== null) && (
                    <p className="text-sm text-stone-700">
                      {h.temperature !== null && formatTemperature(h.temperature, temperatureUnit)}
                      {h.temperature !== null && h.humidity !== null && " · "}
                      {h.humidity !== null && `${h.humidity}% humidity`}
                      {h.turnedDaily ? " · turned daily" : ""}
                    </p>
                  )}
                  {h.notes && <p className="mt-1 text-sm text-stone-600">{h.notes}</p>}
                  <Button className="mt-3 w-full" variant="success" onClick={() => setMarking(h)}>
                    Record outcome
                  </Button>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <HatchFormDialog open={formOpen} onOpenChange={setFormOpen} />
      <MarkHatchDialog hatch={marking} onClose={() => setMarking(null)} />
    </section>
  );
}

/** Mark hatched (with how many of the eggs set hatched) or failed. */
function MarkHatchDialog({ hatch, onClose }: { hatch: HatchRecord | null; onClose: () => void }) {
  const [hatched, setHatched] = useState("");
  const [error, setError] = useState<string>();
  const mark = useMarkHatch();

  const close = () => {
    setHatched("");
    setError(undefined);
    onClose();
  };

  const record = async (success: boolean) => {
    if (!hatch) return;
    let eggsHatched: number | undefined;
    if (success && hatched.trim() !== "") {
      eggsHatched = Number(hatched);
      if (!Number.isInteger(eggsHatched) || eggsHatched < 0)
        return setError("Enter a whole number");
      if (hatch.eggsSet !== null && eggsHatched > hatch.eggsSet)
        return setError(`At most ${hatch.eggsSet} (the eggs set)`);
    }
    try {
      await mark.mutateAsync({
        id: hatch.id,
        body: success
          ? { success: true, actualHatchDate: new Date().toISOString(), eggsHatched }
          : { success: false },
      });
      toast({
        title: "Hatch status updated",
        description: "The hatching status has been recorded!",
        variant: "success",
      });
      close();
    } catch (err) {
      toast({ title: "Error", description: errorMessage(err), variant: "destructive" });
    }
  };

  return (
    <Dialog
      open={hatch !== null}
      onOpenChange={(o) => !o && close()}
      title="Record hatch outcome"
      description="Did the eggs hatch? Recording the outcome ends the countdown."
    >
      <div className="space-y-4">
        <div>
          <Label htmlFor="eggs-hatched">
            How many hatched{hatch?.eggsSet ? ` (of ${hatch.eggsSet} set)` : ""}? (optional)
          </Label>
          <Input
            id="eggs-hatched"
            type="number"
            inputMode="numeric"
            min={0}
            max={hatch?.eggsSet ?? undefined}
            value={hatched}
            onChange={(e) => setHatched(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "eggs-hatched-error" : undefined}
          />
          <FieldError id="eggs-hatched-error" message={error} />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="destructive"
            disabled={mark.isPending}
            onClick={() => void record(false)}
          >
            Mark failed
          </Button>
          <Button
            variant="success"
            disabled={mark.isPending}
            onClick={() => void record(true)}
            data-track="Mark Hatched"
          >
            Mark hatched
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
