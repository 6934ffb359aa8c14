import { FUTURE_DATE_MESSAGE } from "@flockkeeper/shared/schemas/common";
import {
  createFlockBody,
  FLOCK_PURPOSE_LABELS,
  flockPurpose,
} from "@flockkeeper/shared/schemas/flock";
import { POULTRY_SPECIES, SPECIES_LABELS } from "@flockkeeper/shared/schemas/species";
import { Button } from "@/components/ui/button";
import { Field, Form, FormError, useZodForm } from "@/components/ui/form";
import { Input, Select } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { keeperToday, useCreateFlock } from "../api/flocks";
import { showServerErrors } from "@/lib/server-errors";

type Values = {
  name: string;
  species: string;
  purpose: string;
  location: string;
  startDate: string;
  headcount: string;
  females: string;
  males: string;
  ageWeeks: string;
};

const FIELDS = [
  "name",
  "species",
  "purpose",
  "location",
  "startDate",
  "headcount",
  "females",
  "males",
  "ageWeeks",
] as const;

/** "Add flock": name, species, purpose, where they live, start date and the birds it starts with. */
export function AddFlockForm({ onDone }: { onDone: () => void }) {
  const today = keeperToday();
  const create = useCreateFlock();
  const form = useZodForm({
    schema: createFlockBody,
    defaultValues: {
      name: "",
      species: "chicken",
      purpose: "layers",
      location: "",
      startDate: today,
      headcount: "",
      females: "",
      males: "",
      ageWeeks: "",
    } satisfies Values,
    check: (v: Values) => ({ startDate: v.startDate > today && FUTURE_DATE_MESSAGE }),
  });

  const submit = async (_body: unknown, values: Values) => {
    try {
      const created = await create.mutateAsync(values);
      toast({
        title: "Flock added",
        description: `${created.name}: ${created.headcount} ${created.headcount === 1 ? "bird" : "birds"}`,
        variant: "success",
      });
      onDone();
    } catch (err) {
      if (!showServerErrors(form, err, FIELDS)) {
        form.setError("root", { type: "server", message: errorMessage(err) });
      }
    }
  };

  return (
    <Form form={form} onSubmit={submit} className="space-y-3" aria-label="Add flock">
      <Field name="name" id="flock-name" label="Name">
        {(p) => <Input {...p} placeholder="e.g. Layers in the big coop" autoComplete="off" />}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field name="species" id="flock-species" label="Species">
          {(p) => (
            <Select {...p}>
              {POULTRY_SPECIES.map((s) => (
                <option key={s} value={s}>
                  {SPECIES_LABELS[s]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field name="purpose" id="flock-purpose" label="Purpose">
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
      </div>
      <Field name="location" id="flock-location" label="Where they are kept (optional)">
        {(p) => <Input {...p} placeholder="Coop or pen" autoComplete="off" />}
      </Field>
      <Field name="startDate" id="flock-start" label="Start date">
        {(p) => <Input {...p} type="date" max={today} />}
      </Field>
      <Field name="headcount" id="flock-headcount" label="Headcount">
        {(p) => <Input {...p} inputMode="numeric" placeholder="Birds in the flock" />}
      </Field>
      <div className="grid grid-cols-3 gap-3">
        <Field name="females" id="flock-females" label="Females">
          {(p) => <Input {...p} inputMode="numeric" />}
        </Field>
        <Field name="males" id="flock-males" label="Males">
          {(p) => <Input {...p} inputMode="numeric" />}
        </Field>
        <Field name="ageWeeks" id="flock-age" label="Age (weeks)">
          {(p) => <Input {...p} inputMode="numeric" placeholder="Optional" />}
        </Field>
      </div>
      <p className="text-sm text-stone-700">
        Leave the age empty for birds already laying; young birds count towards the lay rate from
        their point of lay.
      </p>
      <FormError />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Saving…" : "Add flock"}
        </Button>
      </div>
    </Form>
  );
}
