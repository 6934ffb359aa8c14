import { Plus } from "lucide-react";
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import {
  countdownLabel,
  daysLeft,
  hatchBadge,
  incubationProgress,
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
import { EmptyState } from "@/components/ui/empty-state";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { formatTemperature, useUnits } from "@/lib/units";
import { useFarmPermissions } from "@/lib/farms";
import { hatchRecordsKey, localToday, useActiveHatches } from "../api/hatch-records";
import { useDeferredDelete } from "@/lib/deferred-delete";
import { RecordActions } from "@/components/record-actions";
import { useNow } from "../lib/use-now";
import { CandlingDialog } from "./candling-dialog";
import { HatchArchive } from "./hatch-archive";
import { HatchFormDialog } from "./hatch-form-dialog";
import { HatchResultDialog } from "./hatch-result-dialog";
import { taskLines } from "./hatch-task";
import { formatDay } from "@/lib/dates";

const BADGE_TONES: Record<HatchBadge, BadgeTone> = {
  Overdue: "red",
  "Due Today": "green",
  "Due Soon": "yellow",
  Incubating: "blue",
};

const titleOf = (h: HatchRecord) => `${SPECIES_LABELS[h.species]}${h.breed ? ` · ${h.breed}` : ""}`;

/**
 * Hatch Countdown: the batches in the incubators, soonest hatch first, each with its countdown in
 * the keeper's local date, today's task, candling and the result; finished batches below.
 */
export function HatchCountdown() {
  const [formOpen, setFormOpen] = useState(false);
  const [candling, setCandling] = useState<HatchRecord | null>(null);
  const [recording, setRecording] = useState<HatchRecord | null>(null);
  const [editing, setEditing] = useState<HatchRecord | null>(null);
  const qc = useQueryClient();
  const deletions = useDeferredDelete();
  const now = useNow();
  const today = localToday(now);
  const active = useActiveHatches(true, today);
  // A hatch waiting out its 5 s of Undo is gone from the page.
  const hatches = (active.data ?? []).filter((h) => !deletions.hidden.has(h.id));
  const tz = now.getTimezoneOffset();
  const { temperatureUnit } = useUnits();
  // A helper sees the hatches but does not start, candle or close them (the server refuses it).
  const { manageBirds } = useFarmPermissions();

  return (
    <section aria-labelledby="hatch-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="hatch-heading" className="text-xl font-bold text-stone-900">
          Hatch Countdown
        </h2>
        {manageBirds && (
          <Button onClick={() => setFormOpen(true)} data-track="Start Hatch Open">
            <Plus size={18} aria-hidden /> Start New Hatch
          </Button>
        )}
      </div>
      {active.error ? (
        <Alert tone="danger">Could not load hatches: {errorMessage(active.error)}</Alert>
      ) : active.isLoading ? (
        <p className="text-stone-700">Loading...</p>
      ) : hatches.length === 0 ? (
        <EmptyState
          title="No eggs incubating"
          species="quail"
          action={
            manageBirds ? (
              <Button onClick={() => setFormOpen(true)} data-track="Start First Hatch">
                <Plus size={18} aria-hidden /> Start your first hatch
              </Button>
            ) : undefined
          }
        >
          Start a hatch when eggs go into the incubator or under a broody: it counts down to hatch
          day for the species, tells you when to candle and when lockdown starts, and keeps the
          result for next time.
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {hatches.map((h) => {
            const days = daysLeft(h.expectedHatchDate, today);
            const badge = hatchBadge(days);
            const progress = Math.round(
              incubationProgress(h.incubationStartDate, h.expectedHatchDate, now, tz),
            );
            const title = titleOf(h);
            const day = Math.max(0, h.plan.incubationDays - days);
            return (
              <li key={h.id}>
                <Card data-testid="hatch-card" aria-label={title}>
                  <div className="flex items-start justify-between gap-2">
                    <div>
                      <h3 className="text-lg font-bold text-stone-900">{title}</h3>
                      <p className="text-sm text-stone-700">
                        {h.incubatorName ? `${h.incubatorName} · ` : ""}
                        From {h.eggSource} · {INCUBATION_METHOD_LABELS[h.incubationMethod]}
                        {h.eggsSet ? ` · ${h.eggsSet} eggs` : ""}
                      </p>
                    </div>
                    <div className="flex items-center gap-1">
                      <Badge tone={BADGE_TONES[badge]} data-testid="hatch-badge">
                        {badge}
                      </Badge>
                      {manageBirds && (
                        <RecordActions
                          what={`hatch ${title}`}
                          onEdit={() => setEditing(h)}
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
                  </div>
                  <p
                    className="mt-3 text-3xl font-extrabold text-amber-900"
                    data-testid="hatch-countdown"
                  >
                    {countdownLabel(days)}
                  </p>
                  <p className="text-sm text-stone-700">
                    Day {day} of {h.plan.incubationDays} · Expected hatch:{" "}
                    {formatDay(h.expectedHatchDate)}
                  </p>
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
                  <div
                    className="mt-2 rounded-lg bg-amber-50 p-2 text-sm text-stone-900"
                    data-testid="hatch-task"
                  >
                    <p className="font-semibold">Today</p>
                    <ul className="list-disc pl-5">
                      {taskLines(h, today).map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  </div>
                  {h.fertile !== null && (
                    <p className="mt-2 text-sm text-stone-800" data-testid="hatch-candling">
                      Last candling (day {h.candlings[h.candlings.length - 1]?.day}): {h.fertile}{" "}
                      fertile, {h.clear} clear, {h.quitters} quitters
                      {h.eggsDeveloping !== null && ` · ${h.eggsDeveloping} still developing`}
                      {h.fertilityPct !== null && ` · fertility ${h.fertilityPct}%`}
                    </p>
                  )}
                  {(h.temperature !== null || h.humidity !== null) && (
                    <p className="text-sm text-stone-700">
                      {h.temperature !== null && formatTemperature(h.temperature, temperatureUnit)}
                      {h.temperature !== null && h.humidity !== null && " · "}
                      {h.humidity !== null && `${h.humidity}% humidity`}
                      {h.turnedDaily ? " · turned daily" : ""}
                    </p>
                  )}
                  {h.notes && <p className="mt-1 text-sm text-stone-600">{h.notes}</p>}
                  {manageBirds && (
                    <div className="mt-3 grid grid-cols-2 gap-2">
                      <Button variant="secondary" onClick={() => setCandling(h)}>
                        Candle
                      </Button>
                      <Button variant="success" onClick={() => setRecording(h)}>
                        Record hatch
                      </Button>
                    </div>
                  )}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <HatchArchive onEdit={setEditing} />
      <HatchFormDialog open={formOpen} onOpenChange={setFormOpen} />
      <HatchFormDialog
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        record={editing}
      />
      <CandlingDialog hatch={candling} onClose={() => setCandling(null)} />
      <HatchResultDialog hatch={recording} onClose={() => setRecording(null)} />
    </section>
  );
}
