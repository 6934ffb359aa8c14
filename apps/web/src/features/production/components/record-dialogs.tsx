import { useState, type FormEvent, type ReactNode } from "react";
import type { z } from "zod";
import type { Chicken } from "@flockkeeper/shared/schemas/chicken";
import {
  bodyCondition,
  coopCondition,
  createEnvironmentalRecordBody,
  createFeedRecordBody,
  createFlockFeedRecordBody,
  createWeightRecordBody,
  lighting,
  ventilation,
  weatherKind,
} from "@flockkeeper/shared/schemas/production";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/lazy-dialog";
import { FieldError, Input, Label, Select, Textarea } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { temperatureTextToFahrenheit, useUnits, weightTextToLbs } from "@/lib/units";
import { localToday } from "../api/production";
import {
  useCreateEnvironmentalRecord,
  useCreateFeedRecord,
  useCreateWeightRecord,
} from "../api/records";

/** Value of the bird picker that records feed for the whole flock. */
export const WHOLE_FLOCK = "whole-flock";

export const FEED_TYPES = [
  "Layer feed",
  "Chick starter",
  "Grower feed",
  "Broiler feed",
  "Scratch grains",
  "Treats",
] as const;

const label = (v: string) => v.charAt(0).toUpperCase() + v.slice(1).replace(/_/g, " ");

type Errors = Record<string, string | undefined>;

/** Runs a schema over the form values; returns the first message per field. */
function check<S extends z.ZodType>(schema: S, values: unknown, today: string) {
  const parsed = schema.safeParse(values);
  const errors: Errors = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  const date = (values as { date?: string }).date;
  // The browser knows the keeper's own date; the schema allows a day of slack for time zones.
  if (!errors.date && date && date > today) errors.date = "Date cannot be in the future";
  return errors;
}

function Field({
  id,
  label: text,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id}>{text}</Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

const invalid = (id: string, error?: string) =>
  error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};

function useFormState<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const bind = (k: keyof V & string) => ({
    id: `pd-${k}`,
    value: values[k],
    onChange: (e: { target: { value: string } }) =>
      setValues((x) => ({ ...x, [k]: e.target.value })),
  });
  return { values, errors, setErrors, bind };
}

function Actions({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  return (
    <div className="flex justify-end gap-2 pt-2">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? "Saving…" : "Save"}
      </Button>
    </div>
  );
}

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Feed for one bird or the whole flock (split evenly per bird). */
export function FeedRecordDialog({
  open,
  onOpenChange,
  chickens,
}: DialogProps & { chickens: Chicken[] }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Feed Record"
      description="Feed given to one bird, or to the whole flock (split evenly per bird)."
    >
      {open && <FeedForm chickens={chickens} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function FeedForm({ chickens, onDone }: { chickens: Chicken[]; onDone: () => void }) {
  const today = localToday();
  const { values, errors, setErrors, bind } = useFormState({
    chickenId: "",
    date: today,
    feedType: "Layer feed",
    feedAmount: "",
    feedCost: "",
    notes: "",
  });
  const create = useCreateFeedRecord();
  const { weightUnit } = useUnits();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const flock = values.chickenId === WHOLE_FLOCK;
    const { chickenId, ...typed } = values;
    const rest = { ...typed, feedAmount: weightTextToLbs(typed.feedAmount, weightUnit) };
    const body = flock ? rest : { chickenId, ...rest };
    const next = check(flock ? createFlockFeedRecordBody : createFeedRecordBody, body, today);
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    try {
      await create.mutateAsync(body);
      toast({ title: "Feed record added", variant: "success" });
      onDone();
    } catch (err) {
      toast({
        title: "Failed to add feed record",
        description: errorMessage(err),
        variant: "destructive",
      });
    }
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field id="pd-chickenId" label="Chicken" error={errors.chickenId}>
        <Select {...bind("chickenId")} {...invalid("pd-chickenId", errors.chickenId)}>
          <option value="">Select a bird</option>
          {chickens.length > 0 && (
            <option value={WHOLE_FLOCK}>
              Whole flock ({chickens.length} bird{chickens.length === 1 ? "" : "s"}, split evenly)
            </option>
          )}
          {chickens.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="pd-date" label="Date" error={errors.date}>
          <Input type="date" max={today} {...bind("date")} {...invalid("pd-date", errors.date)} />
        </Field>
        <Field id="pd-feedType" label="Feed type" error={errors.feedType}>
          <Input
            list="pd-feed-types"
            {...bind("feedType")}
            {...invalid("pd-feedType", errors.feedType)}
          />
          <datalist id="pd-feed-types">
            {FEED_TYPES.map((f) => (
              <option key={f} value={f} />
            ))}
          </datalist>
        </Field>
        <Field id="pd-feedAmount" label={`Feed amount (${weightUnit})`} error={errors.feedAmount}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            {...bind("feedAmount")}
            {...invalid("pd-feedAmount", errors.feedAmount)}
          />
        </Field>
        <Field id="pd-feedCost" label="Feed cost (optional)" error={errors.feedCost}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            {...bind("feedCost")}
            {...invalid("pd-feedCost", errors.feedCost)}
          />
        </Field>
      </div>
      <Field id="pd-notes" label="Notes" error={errors.notes}>
        <Textarea {...bind("notes")} />
      </Field>
      <Actions pending={create.isPending} onCancel={onDone} />
    </form>
  );
}

/** A weigh-in of one bird. */
export function WeightRecordDialog({
  open,
  onOpenChange,
  chickens,
}: DialogProps & { chickens: Chicken[] }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Weight Record"
      description="Weigh a bird regularly so weight loss shows up early."
    >
      {open && <WeightForm chickens={chickens} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function WeightForm({ chickens, onDone }: { chickens: Chicken[]; onDone: () => void }) {
  const today = localToday();
  const { values, errors, setErrors, bind } = useFormState({
    chickenId: "",
    date: today,
    weight: "",
    bodyCondition: "normal",
    notes: "",
  });
  const create = useCreateWeightRecord();
  const { weightUnit } = useUnits();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { ...values, weight: weightTextToLbs(values.weight, weightUnit) };
    const next = check(createWeightRecordBody, body, today);
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    try {
      await create.mutateAsync(body);
      toast({ title: "Weight record added", variant: "success" });
      onDone();
    } catch (err) {
      toast({
        title: "Failed to add weight record",
        description: errorMessage(err),
        variant: "destructive",
      });
    }
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field id="pd-chickenId" label="Chicken" error={errors.chickenId}>
        <Select {...bind("chickenId")} {...invalid("pd-chickenId", errors.chickenId)}>
          <option value="">Select a bird</option>
          {chickens.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="pd-date" label="Date" error={errors.date}>
          <Input type="date" max={today} {...bind("date")} {...invalid("pd-date", errors.date)} />
        </Field>
        <Field id="pd-weight" label={`Weight (${weightUnit})`} error={errors.weight}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            {...bind("weight")}
            {...invalid("pd-weight", errors.weight)}
          />
        </Field>
        <Field id="pd-bodyCondition" label="Body condition" error={errors.bodyCondition}>
          <Select {...bind("bodyCondition")}>
            {bodyCondition.options.map((o) => (
              <option key={o} value={o}>
                {label(o)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field id="pd-notes" label="Notes" error={errors.notes}>
        <Textarea {...bind("notes")} />
      </Field>
      <Actions pending={create.isPending} onCancel={onDone} />
    </form>
  );
}

/** A coop reading; only the date is required. */
export function EnvironmentalRecordDialog({ open, onOpenChange }: DialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Environmental Record"
      description="Coop temperature, humidity and conditions."
    >
      {open && <EnvironmentForm onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function EnvironmentForm({ onDone }: { onDone: () => void }) {
  const today = localToday();
  const { values, errors, setErrors, bind } = useFormState({
    date: today,
    temperature: "",
    humidity: "",
    weather: "",
    coopCondition: "",
    ventilation: "",
    lighting: "",
    notes: "",
  });
  const create = useCreateEnvironmentalRecord();
  const { temperatureUnit } = useUnits();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = {
      ...values,
      temperature: temperatureTextToFahrenheit(values.temperature, temperatureUnit),
    };
    const next = check(createEnvironmentalRecordBody, body, today);
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    try {
      await create.mutateAsync(body);
      toast({ title: "Environmental record added", variant: "success" });
      onDone();
    } catch (err) {
      toast({
        title: "Failed to add environmental record",
        description: errorMessage(err),
        variant: "destructive",
      });
    }
  };
  const choices: [keyof typeof values & string, string, readonly string[]][] = [
    ["weather", "Weather", weatherKind.options],
    ["coopCondition", "Coop condition", coopCondition.options],
    ["ventilation", "Ventilation", ventilation.options],
    ["lighting", "Lighting", lighting.options],
  ];
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="pd-date" label="Date" error={errors.date}>
          <Input type="date" max={today} {...bind("date")} {...invalid("pd-date", errors.date)} />
        </Field>
        <Field
          id="pd-temperature"
          label={`Temperature (°${temperatureUnit})`}
          error={errors.temperature}
        >
          <Input
            type="number"
            inputMode="decimal"
            step="0.1"
            {...bind("temperature")}
            {...invalid("pd-temperature", errors.temperature)}
          />
        </Field>
        <Field id="pd-humidity" label="Humidity (%)" error={errors.humidity}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            {...bind("humidity")}
            {...invalid("pd-humidity", errors.humidity)}
          />
        </Field>
        {choices.map(([key, text, options]) => (
          <Field key={key} id={`pd-${key}`} label={text} error={errors[key]}>
            <Select {...bind(key)}>
              <option value="">Not recorded</option>
              {options.map((o) => (
                <option key={o} value={o}>
                  {label(o)}
                </option>
              ))}
            </Select>
          </Field>
        ))}
      </div>
      <Field id="pd-notes" label="Notes" error={errors.notes}>
        <Textarea {...bind("notes")} />
      </Field>
      <Actions pending={create.isPending} onCancel={onDone} />
    </form>
  );
}
