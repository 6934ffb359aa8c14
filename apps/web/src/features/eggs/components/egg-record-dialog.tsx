import { useState, type FormEvent } from "react";
import {
  createEggRecordBody,
  eggQuality,
  eggSize,
  type EggQuality,
  type EggSize,
} from "@flockkeeper/shared/schemas/egg-record";
import type { Chicken } from "@flockkeeper/shared/schemas/chicken";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FieldError, Input, Label, Select, Textarea } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { localToday, useCreateEggRecord } from "../api/egg-records";

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

/** Add one egg record (defaults: today, 0, good, medium). */
export function EggRecordDialog({
  open,
  onOpenChange,
  chickens,
  defaultChickenId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  chickens: Chicken[];
  defaultChickenId: string | null;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Egg Record"
      description="Record the eggs one bird laid on a day."
    >
      {open && (
        <EggRecordForm
          chickens={chickens}
          defaultChickenId={defaultChickenId}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function EggRecordForm({
  chickens,
  defaultChickenId,
  onDone,
}: {
  chickens: Chicken[];
  defaultChickenId: string | null;
  onDone: () => void;
}) {
  const today = localToday();
  const [values, setValues] = useState<Values>({
    chickenId: defaultChickenId ?? "",
    date: today,
    eggsLaid: "0",
    eggQuality: "good",
    eggSize: "medium",
    notes: "",
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const create = useCreateEggRecord();
  const set = <K extends keyof Values>(k: K, v: Values[K]) => setValues((x) => ({ ...x, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = {
      chickenId: values.chickenId,
      date: values.date,
      eggsLaid: toEggCount(values.eggsLaid),
      eggQuality: values.eggQuality,
      eggSize: values.eggSize,
      notes: values.notes.trim() || null,
    };
    const parsed = createEggRecordBody.safeParse(body);
    const next: typeof errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        next[issue.path[0] as keyof Values] ??= issue.message;
    }
    // The browser knows the keeper's own date; the schema allows a day of slack for time zones.
    if (!next.date && values.date > today) next.date = "Date cannot be in the future";
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await create.mutateAsync(body);
      toast({ title: "Egg record added successfully!", variant: "success" });
      onDone();
    } catch (err) {
      toast({ title: `Failed to add egg record: ${errorMessage(err)}`, variant: "destructive" });
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div>
        <Label htmlFor="egg-chicken">Bird</Label>
        <Select
          id="egg-chicken"
          value={values.chickenId}
          onChange={(e) => set("chickenId", e.target.value)}
          aria-invalid={errors.chickenId ? true : undefined}
          aria-describedby={errors.chickenId ? "egg-chicken-error" : undefined}
        >
          <option value="">Select a bird</option>
          {chickens.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.breed})
            </option>
          ))}
        </Select>
        <FieldError id="egg-chicken-error" message={errors.chickenId} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="egg-date">Date</Label>
          <Input
            id="egg-date"
            type="date"
            min="1900-01-01"
            max={today}
            value={values.date}
            onChange={(e) => set("date", e.target.value)}
            aria-invalid={errors.date ? true : undefined}
            aria-describedby={errors.date ? "egg-date-error" : undefined}
          />
          <FieldError id="egg-date-error" message={errors.date} />
        </div>
        <div>
          <Label htmlFor="egg-count">Eggs laid</Label>
          <Input
            id="egg-count"
            type="number"
            inputMode="numeric"
            min={0}
            max={10}
            value={values.eggsLaid}
            onChange={(e) => set("eggsLaid", e.target.value)}
            aria-invalid={errors.eggsLaid ? true : undefined}
            aria-describedby={errors.eggsLaid ? "egg-count-error" : undefined}
          />
          <FieldError id="egg-count-error" message={errors.eggsLaid} />
        </div>
        <div>
          <Label htmlFor="egg-quality">Quality</Label>
          <Select
            id="egg-quality"
            value={values.eggQuality}
            onChange={(e) => set("eggQuality", e.target.value as EggQuality)}
          >
            {eggQuality.options.map((q) => (
              <option key={q} value={q}>
                {QUALITY_LABELS[q]}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="egg-size">Size</Label>
          <Select
            id="egg-size"
            value={values.eggSize}
            onChange={(e) => set("eggSize", e.target.value as EggSize)}
          >
            {eggSize.options.map((s) => (
              <option key={s} value={s}>
                {SIZE_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div>
        <Label htmlFor="egg-notes">Notes (optional)</Label>
        <Textarea
          id="egg-notes"
          value={values.notes}
          onChange={(e) => set("notes", e.target.value)}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending} data-track="Add Egg Record">
          {create.isPending ? "Saving..." : "Add Record"}
        </Button>
      </div>
    </form>
  );
}
