import type { Chicken } from "@flockkeeper/shared/schemas/chicken";
import { FUTURE_DATE_MESSAGE } from "@flockkeeper/shared/schemas/common";
import {
  bodyCondition,
  coopCondition,
  createEnvironmentalRecordBody,
  createFeedRecordBody,
  createFlockFeedRecordBody,
  createWeightRecordBody,
  lighting,
  type EnvironmentalRecord,
  type FeedRecord,
  type WeightRecord,
  ventilation,
  weatherKind,
} from "@flockkeeper/shared/schemas/production";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/lazy-dialog";
import { Field, Form, useZodForm } from "@/components/ui/form";
import { Input, Select, Textarea } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { toastSaved } from "@/lib/saved-toast";
import {
  temperatureFieldText,
  temperatureTextToFahrenheit,
  useUnits,
  weightFieldText,
  weightTextToLbs,
} from "@/lib/units";
import { useFlocks } from "@/lib/flocks";
import { useFarmPermissions } from "@/lib/farms";
import { localToday } from "../api/production";
import {
  useCreateEnvironmentalRecord,
  useCreateFeedRecord,
  useCreateWeightRecord,
  useUpdateEnvironmentalRecord,
  useUpdateFeedRecord,
  useUpdateWeightRecord,
} from "../api/records";

/** Value of the bird picker that records feed for the whole flock. */
export const WHOLE_FLOCK = "whole-flock";
/** A select value naming one of the farm's flocks: `flock:<id>`. */
const FLOCK_PREFIX = "flock:";

export const FEED_TYPES = [
  "Layer feed",
  "Chick starter",
  "Grower feed",
  "Broiler feed",
  "Scratch grains",
  "Treats",
] as const;

const label = (v: string) => v.charAt(0).toUpperCase() + v.slice(1).replace(/_/g, " ");

// The browser knows the keeper's own date; the schemas allow a day of slack for time zones.
const notInFuture =
  (today: string) =>
  (v: { date: string }): { date: string | false } => ({
    date: v.date > today && FUTURE_DATE_MESSAGE,
  });

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

type FeedValues = {
  chickenId: string;
  date: string;
  feedType: string;
  feedAmount: string;
  feedCost: string;
  notes: string;
};
type WeightValues = {
  chickenId: string;
  date: string;
  weight: string;
  bodyCondition: string;
  notes: string;
};
type EnvironmentValues = {
  date: string;
  temperature: string;
  humidity: string;
  weather: string;
  coopCondition: string;
  ventilation: string;
  lighting: string;
  notes: string;
};

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Feed for one bird or the whole flock (split evenly per bird), or a correction of `record`. */
export function FeedRecordDialog({
  open,
  onOpenChange,
  chickens,
  record,
}: DialogProps & { chickens: Chicken[]; record?: FeedRecord | null }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={record ? "Edit Feed Record" : "Add Feed Record"}
      description={
        record
          ? "Correct the feed given to this bird."
          : "Feed given to one bird, or to the whole flock (split evenly per bird)."
      }
    >
      {open && (
        <FeedForm chickens={chickens} record={record ?? null} onDone={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

/** This form's whole-flock entry is shared over the birds: it names no flock. */
const wholeFlockFeedBody = createFlockFeedRecordBody.omit({ flockId: true });

function FeedForm({
  chickens,
  record,
  onDone,
}: {
  chickens: Chicken[];
  record: FeedRecord | null;
  onDone: () => void;
}) {
  const today = localToday();
  const create = useCreateFeedRecord();
  const update = useUpdateFeedRecord();
  const { weightUnit } = useUnits();
  // A helper does not see or enter money.
  const { seeMoney } = useFarmPermissions();
  // The farm's flocks: a flock's feed is one record for the flock (it may have no bird profiles).
  const flocks = useFlocks(!record).data ?? [];
  const toBody = ({ chickenId, ...typed }: FeedValues) => {
    const rest = { ...typed, feedAmount: weightTextToLbs(typed.feedAmount, weightUnit) };
    if (chickenId.startsWith(FLOCK_PREFIX)) {
      return { ...rest, flockId: chickenId.slice(FLOCK_PREFIX.length) };
    }
    return chickenId === WHOLE_FLOCK ? rest : { chickenId, ...rest };
  };
  const form = useZodForm({
    schema: (v: FeedValues) =>
      v.chickenId === WHOLE_FLOCK || v.chickenId.startsWith(FLOCK_PREFIX)
        ? wholeFlockFeedBody
        : createFeedRecordBody,
    defaultValues: record
      ? {
          // A flock's record (no bird) is edited as a whole-flock entry: it stays the flock's.
          chickenId: record.chickenId ?? WHOLE_FLOCK,
          date: record.date,
          feedType: record.feedType,
          feedAmount: weightFieldText(record.feedAmount, weightUnit),
          feedCost: record.feedCost === null ? "" : String(record.feedCost),
          notes: record.notes ?? "",
        }
      : {
          chickenId: "",
          date: today,
          feedType: "Layer feed",
          feedAmount: "",
          feedCost: "",
          notes: "",
        },
    toBody,
    check: notInFuture(today),
  });
  return (
    <Form
      form={form}
      className="space-y-4"
      onSubmit={async (_body, values) => {
        try {
          // Sent as typed (the server parses it with the same schema).
          if (record) {
            // A helper never sees the cost, so does not send one (the server ignores it too).
            const { feedCost, ...rest } = toBody(values);
            const saved = await update.mutateAsync({
              id: record.id,
              body: seeMoney ? { ...rest, feedCost } : rest,
              record,
            });
            toastSaved(saved, "Feed record updated");
          } else {
            toastSaved(await create.mutateAsync(toBody(values)), "Feed record added");
          }
          onDone();
        } catch (err) {
          toast({
            title: record ? "Failed to update feed record" : "Failed to add feed record",
            description: errorMessage(err),
            variant: "destructive",
          });
        }
      }}
    >
      <Field name="chickenId" id="pd-chickenId" label="Chicken">
        {(props) => (
          <Select {...props}>
            <option value="">Select a bird</option>
            {chickens.length > 0 && !record && (
              <option value={WHOLE_FLOCK}>
                Whole flock ({chickens.length} bird{chickens.length === 1 ? "" : "s"}, split evenly)
              </option>
            )}
            {flocks.map((f) => (
              <option key={f.id} value={`${FLOCK_PREFIX}${f.id}`}>
                Flock: {f.name} ({f.headcount} bird{f.headcount === 1 ? "" : "s"})
              </option>
            ))}
            {chickens.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="date" id="pd-date" label="Date">
          {(props) => <Input type="date" max={today} {...props} />}
        </Field>
        <Field
          name="feedType"
          id="pd-feedType"
          label="Feed type"
          after={
            <datalist id="pd-feed-types">
              {FEED_TYPES.map((f) => (
                <option key={f} value={f} />
              ))}
            </datalist>
          }
        >
          {(props) => <Input list="pd-feed-types" {...props} />}
        </Field>
        <Field name="feedAmount" id="pd-feedAmount" label={`Feed amount (${weightUnit})`}>
          {(props) => <Input type="number" inputMode="decimal" min={0} step="0.01" {...props} />}
        </Field>
        {seeMoney && (
          <Field name="feedCost" id="pd-feedCost" label="Feed cost (optional)">
            {(props) => <Input type="number" inputMode="decimal" min={0} step="0.01" {...props} />}
          </Field>
        )}
      </div>
      <Field name="notes" id="pd-notes" label="Notes">
        {(props) => <Textarea {...props} />}
      </Field>
      <Actions pending={create.isPending || update.isPending} onCancel={onDone} />
    </Form>
  );
}

/** A weigh-in of one bird, or a correction of `record`. */
export function WeightRecordDialog({
  open,
  onOpenChange,
  chickens,
  record,
}: DialogProps & { chickens: Chicken[]; record?: WeightRecord | null }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={record ? "Edit Weight Record" : "Add Weight Record"}
      description={
        record ? "Correct this weigh-in." : "Weigh a bird regularly so weight loss shows up early."
      }
    >
      {open && (
        <WeightForm
          chickens={chickens}
          record={record ?? null}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function WeightForm({
  chickens,
  record,
  onDone,
}: {
  chickens: Chicken[];
  record: WeightRecord | null;
  onDone: () => void;
}) {
  const today = localToday();
  const create = useCreateWeightRecord();
  const update = useUpdateWeightRecord();
  const { weightUnit } = useUnits();
  const toBody = (v: WeightValues) => ({ ...v, weight: weightTextToLbs(v.weight, weightUnit) });
  const form = useZodForm({
    schema: createWeightRecordBody,
    defaultValues: record
      ? {
          chickenId: record.chickenId,
          date: record.date,
          weight: weightFieldText(record.weight, weightUnit),
          bodyCondition: record.bodyCondition,
          notes: record.notes ?? "",
        }
      : { chickenId: "", date: today, weight: "", bodyCondition: "normal", notes: "" },
    toBody,
    check: notInFuture(today),
  });
  return (
    <Form
      form={form}
      className="space-y-4"
      onSubmit={async (_body, values) => {
        try {
          // Sent as typed (the server parses it with the same schema).
          if (record) {
            const saved = await update.mutateAsync({ id: record.id, body: toBody(values), record });
            toastSaved(saved, "Weight record updated");
          } else {
            toastSaved(await create.mutateAsync(toBody(values)), "Weight record added");
          }
          onDone();
        } catch (err) {
          toast({
            title: record ? "Failed to update weight record" : "Failed to add weight record",
            description: errorMessage(err),
            variant: "destructive",
          });
        }
      }}
    >
      <Field name="chickenId" id="pd-chickenId" label="Chicken">
        {(props) => (
          <Select {...props}>
            <option value="">Select a bird</option>
            {chickens.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="date" id="pd-date" label="Date">
          {(props) => <Input type="date" max={today} {...props} />}
        </Field>
        <Field name="weight" id="pd-weight" label={`Weight (${weightUnit})`}>
          {(props) => <Input type="number" inputMode="decimal" min={0} step="0.01" {...props} />}
        </Field>
        <Field name="bodyCondition" id="pd-bodyCondition" label="Body condition">
          {(props) => (
            <Select {...props}>
              {bodyCondition.options.map((o) => (
                <option key={o} value={o}>
                  {label(o)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Field name="notes" id="pd-notes" label="Notes">
        {(props) => <Textarea {...props} />}
      </Field>
      <Actions pending={create.isPending || update.isPending} onCancel={onDone} />
    </Form>
  );
}

/** A coop reading (only the date is required), or a correction of `record`. */
export function EnvironmentalRecordDialog({
  open,
  onOpenChange,
  record,
}: DialogProps & { record?: EnvironmentalRecord | null }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={record ? "Edit Environmental Record" : "Add Environmental Record"}
      description="Coop temperature, humidity and conditions."
    >
      {open && <EnvironmentForm record={record ?? null} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function EnvironmentForm({
  record,
  onDone,
}: {
  record: EnvironmentalRecord | null;
  onDone: () => void;
}) {
  const today = localToday();
  const create = useCreateEnvironmentalRecord();
  const update = useUpdateEnvironmentalRecord();
  const { temperatureUnit } = useUnits();
  const toBody = (v: EnvironmentValues) => ({
    ...v,
    temperature: temperatureTextToFahrenheit(v.temperature, temperatureUnit),
  });
  const form = useZodForm({
    schema: createEnvironmentalRecordBody,
    defaultValues: record
      ? {
          date: record.date,
          temperature: temperatureFieldText(record.temperature, temperatureUnit),
          humidity: record.humidity === null ? "" : String(record.humidity),
          weather: record.weather ?? "",
          coopCondition: record.coopCondition ?? "",
          ventilation: record.ventilation ?? "",
          lighting: record.lighting ?? "",
          notes: record.notes ?? "",
        }
      : {
          date: today,
          temperature: "",
          humidity: "",
          weather: "",
          coopCondition: "",
          ventilation: "",
          lighting: "",
          notes: "",
        },
    toBody,
    check: notInFuture(today),
  });
  const choices: [keyof EnvironmentValues, string, readonly string[]][] = [
    ["weather", "Weather", weatherKind.options],
    ["coopCondition", "Coop condition", coopCondition.options],
    ["ventilation", "Ventilation", ventilation.options],
    ["lighting", "Lighting", lighting.options],
  ];
  return (
    <Form
      form={form}
      className="space-y-4"
      onSubmit={async (_body, values) => {
        try {
          // Sent as typed (the server parses it with the same schema).
          if (record) {
            const saved = await update.mutateAsync({ id: record.id, body: toBody(values), record });
            toastSaved(saved, "Environmental record updated");
          } else {
            toastSaved(await create.mutateAsync(toBody(values)), "Environmental record added");
          }
          onDone();
        } catch (err) {
          toast({
            title: record
              ? "Failed to update environmental record"
              : "Failed to add environmental record",
            description: errorMessage(err),
            variant: "destructive",
          });
        }
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="date" id="pd-date" label="Date">
          {(props) => <Input type="date" max={today} {...props} />}
        </Field>
        <Field name="temperature" id="pd-temperature" label={`Temperature (°${temperatureUnit})`}>
          {(props) => <Input type="number" inputMode="decimal" step="0.1" {...props} />}
        </Field>
        <Field name="humidity" id="pd-humidity" label="Humidity (%)">
          {(props) => (
            <Input type="number" inputMode="numeric" min={0} max={100} step={1} {...props} />
          )}
        </Field>
        {choices.map(([key, text, options]) => (
          <Field key={key} name={key} id={`pd-${key}`} label={text}>
            {(props) => (
              <Select {...props}>
                <option value="">Not recorded</option>
                {options.map((o) => (
                  <option key={o} value={o}>
                    {label(o)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ))}
      </div>
      <Field name="notes" id="pd-notes" label="Notes">
        {(props) => <Textarea {...props} />}
      </Field>
      <Actions pending={create.isPending || update.isPending} onCancel={onDone} />
    </Form>
  );
}
