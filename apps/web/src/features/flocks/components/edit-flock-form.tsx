import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { FUTURE_DATE_MESSAGE } from "@flockkeeper/shared/schemas/common";
import {
  FLOCK_PURPOSE_LABELS,
  flockPurpose,
  updateFlockBody,
  type Flock,
} from "@flockkeeper/shared/schemas/flock";
import { Button } from "@/components/ui/button";
import { Field, Form, FormError, useZodForm } from "@/components/ui/form";
import { Input, Select, Textarea } from "@/components/ui/input";
import { apiSend, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { keeperToday, useInvalidateFlocks, useUpdateFlock } from "../api/flocks";
import { showServerErrors } from "@/lib/server-errors";

type Values = {
  name: string;
  purpose: string;
  location: string;
  startDate: string;
  notes: string;
};
const FIELDS = ["name", "purpose", "location", "startDate", "notes"] as const;

/**
 * Corrects a flock's name, purpose, place, start date and notes (`PATCH /api/flocks/{id}`). The
 * species stays: the flock's birds and events are of it. The server refuses a start date after the
 * flock's first event, shown at the field.
 */
export function EditFlockForm({ flock, onDone }: { flock: Flock; onDone: () => void }) {
  const today = keeperToday();
  const update = useUpdateFlock();
  const form = useZodForm({
    schema: updateFlockBody,
    defaultValues: {
      name: flock.name,
      purpose: flock.purpose,
      location: flock.location ?? "",
      startDate: flock.startDate,
      notes: flock.notes ?? "",
    } satisfies Values,
    check: (v: Values) => ({ startDate: v.startDate > today && FUTURE_DATE_MESSAGE }),
  });
  const submit = async (body: z.output<typeof updateFlockBody>) => {
    try {
      await update.mutateAsync({ id: flock.id, body });
      toast({ title: "Flock updated", variant: "success" });
      onDone();
    } catch (err) {
      if (!showServerErrors(form, err, FIELDS)) {
        form.setError("root", { type: "server", message: errorMessage(err) });
      }
    }
  };
  return (
    <Form form={form} onSubmit={submit} className="space-y-3" aria-label="Edit flock">
      <Field name="name" id="edit-flock-name" label="Name">
        {(p) => <Input {...p} autoComplete="off" />}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field name="purpose" id="edit-flock-purpose" label="Purpose">
          {(p) => (
            <Select {...p}>
              {flockPurpose.options.map((s) => (
                <option key={s} value={s}>
                  {FLOCK_PURPOSE_LABELS[s]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field name="startDate" id="edit-flock-start" label="Start date">
          {(p) => <Input {...p} type="date" max={today} />}
        </Field>
      </div>
      <Field name="location" id="edit-flock-location" label="Where they are kept (optional)">
        {(p) => <Input {...p} autoComplete="off" />}
      </Field>
      <Field name="notes" id="edit-flock-notes" label="Notes (optional)">
        {(p) => <Textarea {...p} />}
      </Field>
      <FormError />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save flock"}
        </Button>
      </div>
    </Form>
  );
}

/**
 * Deleting a flock is for mistakes: it takes the flock's events and baskets with it (its birds stay,
 * in no flock). Archiving keeps the history; the confirmation says so and names what goes.
 */
export function DeleteFlock({
  flock,
  events,
  onDeleted,
}: {
  flock: Flock;
  events: number;
  onDeleted: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const invalidate = useInvalidateFlocks();
  const qc = useQueryClient();
  const remove = async () => {
    setPending(true);
    try {
      await apiSend("DELETE", `/api/flocks/${flock.id}`);
      toast({ title: `${flock.name} deleted`, variant: "success" });
      // Close first, so the deleted flock's own queries are not asked again.
      onDeleted();
      void invalidate();
      // Its birds are now in no flock.
      void qc.invalidateQueries({ queryKey: ["chickens"] });
    } catch (err) {
      toast({ title: errorMessage(err), variant: "destructive" });
    } finally {
      setPending(false);
    }
  };
  if (!confirming) {
    return (
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        Delete flock
      </Button>
    );
  }
  return (
    <div
      role="alertdialog"
      aria-label="Delete flock"
      className="space-y-2 rounded-lg bg-red-50 p-3"
    >
      <p className="text-sm text-stone-900">
        Delete {flock.name}? This also deletes its {events} {events === 1 ? "event" : "events"} and
        every basket logged for it. Its {flock.profiles}{" "}
        {flock.profiles === 1 ? "bird with a profile stays" : "birds with a profile stay"}, in no
        flock. To keep the history, archive the flock instead.
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => setConfirming(false)}>
          Keep it
        </Button>
        <Button variant="destructive" onClick={() => void remove()} disabled={pending}>
          {pending ? "Deleting…" : "Delete flock"}
        </Button>
      </div>
    </div>
  );
}
