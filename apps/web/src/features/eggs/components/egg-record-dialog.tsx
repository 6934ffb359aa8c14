import {
  createEggRecordBody,
  eggQuality,
  eggSize,
  type EggRecordListItem,
  type EggQuality,
  type EggSize,
} from "@flockkeeper/shared/schemas/egg-record";
import { FUTURE_DATE_MESSAGE } from "@flockkeeper/shared/schemas/common";
import { eggGuardText } from "@flockkeeper/shared/domain/treatment";
import type { Chicken } from "@flockkeeper/shared/schemas/chicken";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Form, useZodForm } from "@/components/ui/form";
import { Input, Select, Textarea } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { toastSaved } from "@/lib/saved-toast";
import { isQueued } from "@/lib/outbox";
import { localToday, useCreateEggRecord, useUpdateEggRecord } from "../api/egg-records";

export const QUALITY_LABELS: Record<EggQuality, string> = {
  excellent: "Excellent",
  good: "Good",
  poor: "Poor",
  soft_shell: "Soft shell",
  double_yolk: "Double yolk",
};
export const SIZE_LABELS: Record<EggSize, string> = {
  small: "Small",
  medium: "Medium",
  large: "Large",
  jumbo: "Jumbo",
};

/** Spec: a non-numeric egg count becomes 0. */
export const toEggCount = (text: string) => {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? n : 0;
};

type Values = {
  chickenId: string;
  date: string;
  eggsLaid: string;
  eggQuality: EggQuality;
  eggSize: EggSize;
  notes: string;
};

/**
 * Add one egg record (defaults: today, 0, good, medium), or correct `record` (the same form,
 * prefilled, saved with PATCH).
 */
export function EggRecordDialog({
  open,
  onOpenChange,
  chickens,
  defaultChickenId,
  record,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  chickens: Chicken[];
  defaultChickenId: string | null;
  record?: EggRecordListItem | null;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={record ? "Edit Egg Record" : "Add Egg Record"}
      description={
        record ? "Correct this record of eggs laid." : "Record the eggs one bird laid on a day."
      }
    >
      {open && (
        <EggRecordForm
          chickens={chickens}
          defaultChickenId={defaultChickenId}
          record={record ?? null}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function EggRecordForm({
  chickens,
  defaultChickenId,
  record,
  onDone,
}: {
  chickens: Chicken[];
  defaultChickenId: string | null;
  record: EggRecordListItem | null;
  onDone: () => void;
}) {
  const today = localToday();
  const create = useCreateEggRecord();
  const update = useUpdateEggRecord();
  const pending = create.isPending || update.isPending;
  const toBody = (v: Values) => ({
    ...v,
    eggsLaid: toEggCount(v.eggsLaid),
    notes: v.notes.trim() || null,
  });
  const form = useZodForm({
    schema: createEggRecordBody,
    defaultValues: (record
      ? {
          chickenId: record.chickenId,
          date: record.date,
          eggsLaid: String(record.eggsLaid),
          eggQuality: record.eggQuality ?? "good",
          eggSize: record.eggSize ?? "medium",
          notes: record.notes ?? "",
        }
      : {
          chickenId: defaultChickenId ?? "",
          date: today,
          eggsLaid: "0",
          eggQuality: "good",
          eggSize: "medium",
          notes: "",
        }) satisfies Values,
    toBody,
    // The browser knows the keeper's own date; the schema allows a day of slack for time zones.
    check: (v) => ({ date: v.date > today && FUTURE_DATE_MESSAGE }),
  });
  // The eggs guard (issue 20): the chosen bird's eggs of today are within a treatment's withdrawal.
  const chosen = chickens.find((c) => c.id === form.watch("chickenId"));
  const guardUntil = form.watch("date") === today ? chosen?.eggsWithheldUntil : null;

  return (
    <Form
      form={form}
      className="space-y-4"
      onSubmit={async (_body, values) => {
        try {
          const saved = record
            ? await update.mutateAsync({ id: record.id, body: toBody(values), record })
            : await create.mutateAsync(toBody(values));
          // Sent: the server says whether the day is within a treatment's egg withdrawal.
          toastSaved(
            saved,
            record ? "Egg record updated" : "Egg record added successfully!",
            !isQueued(saved) && saved.withheld
              ? "Marked withheld: laid within a treatment's egg withdrawal, not for eating or sale."
              : undefined,
          );
          onDone();
        } catch (err) {
          toast({
            title: `Failed to ${record ? "update" : "add"} egg record: ${errorMessage(err)}`,
            variant: "destructive",
          });
        }
      }}
    >
      <Field name="chickenId" id="egg-chicken" label="Bird">
        {(props) => (
          <Select {...props}>
            <option value="">Select a bird</option>
            {chickens.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.breed})
              </option>
            ))}
          </Select>
        )}
      </Field>
      {chosen && guardUntil && (
        <p
          className="rounded-md bg-amber-50 p-2 text-sm font-semibold text-amber-900"
          data-testid="egg-guard"
        >
          {eggGuardText(chosen.name, guardUntil, today)}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="date" id="egg-date" label="Date">
          {(props) => <Input type="date" min="1900-01-01" max={today} {...props} />}
        </Field>
        <Field name="eggsLaid" id="egg-count" label="Eggs laid">
          {(props) => <Input type="number" inputMode="numeric" min={0} max={10} {...props} />}
        </Field>
        <Field name="eggQuality" id="egg-quality" label="Quality">
          {(props) => (
            <Select {...props}>
              {eggQuality.options.map((q) => (
                <option key={q} value={q}>
                  {QUALITY_LABELS[q]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field name="eggSize" id="egg-size" label="Size">
          {(props) => (
            <Select {...props}>
              {eggSize.options.map((s) => (
                <option key={s} value={s}>
                  {SIZE_LABELS[s]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Field name="notes" id="egg-notes" label="Notes (optional)">
        {(props) => <Textarea {...props} />}
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={pending}
          data-track={record ? "Edit Egg Record" : "Add Egg Record"}
        >
          {pending ? "Saving..." : record ? "Save Changes" : "Add Record"}
        </Button>
      </div>
    </Form>
  );
}
