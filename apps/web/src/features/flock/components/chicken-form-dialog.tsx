import { useState } from "react";
import {
  createChickenBody,
  healthStatus as healthStatusSchema,
  sexLabel,
  type Chicken,
  type ChickenSex,
  type HealthStatus,
} from "@flockkeeper/shared/schemas/chicken";
import {
  POULTRY_SPECIES,
  SPECIES_LABELS,
  type PoultrySpecies,
} from "@flockkeeper/shared/schemas/species";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Form, useFormField, useZodForm } from "@/components/ui/form";
import { Input, Select, Textarea } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useUnits, weightFieldText, weightTextToLbs, type Units } from "@/lib/units";
import { useFormBreeds } from "../api/get-breeds";
import { useSaveChicken } from "../api/save-chicken";
import { BreedCombobox } from "./breed-combobox";
import { PhotoField } from "./photo-field";

type FormValues = {
  name: string;
  breed: string;
  species: PoultrySpecies;
  sex: ChickenSex;
  color: string;
  weight: string;
  hatchDate: string;
  healthStatus: HealthStatus;
  notes: string;
  imageUrl: string | null;
};

const EMPTY: FormValues = {
  name: "",
  breed: "",
  species: "chicken",
  sex: "hen",
  color: "",
  weight: "",
  hatchDate: "",
  healthStatus: "healthy",
  notes: "",
  imageUrl: null,
};

const fromChicken = (c: Chicken, unit: Units["weightUnit"]): FormValues => ({
  name: c.name,
  breed: c.breed,
  species: c.species,
  sex: c.sex,
  color: c.color ?? "",
  weight: weightFieldText(c.weight, unit),
  hatchDate: c.hatchDate ?? "",
  healthStatus: c.healthStatus,
  notes: c.notes ?? "",
  imageUrl: c.imageUrl,
});

const HEALTH_LABELS: Record<HealthStatus, string> = {
  healthy: "Healthy",
  sick: "Sick",
  recovering: "Recovering",
  monitoring: "Monitoring",
};

/** Add or edit a bird. Editing prefills; closing resets (the form remounts per opening). */
export function ChickenFormDialog({
  open,
  onOpenChange,
  chicken,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  chicken: Chicken | null;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={chicken ? "Edit Bird" : "Add New Bird"}
      description={chicken ? `Update ${chicken.name}'s details.` : "Add a bird to your flock."}
    >
      {open && (
        <ChickenForm
          key={chicken?.id ?? "new"}
          chicken={chicken}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function ChickenForm({ chicken, onDone }: { chicken: Chicken | null; onDone: () => void }) {
  // The weight is typed in the keeper's unit as it was when the form opened, and stored in lbs.
  const units = useUnits();
  const [weightUnit] = useState(units.weightUnit);
  const [initial] = useState<FormValues>(chicken ? fromChicken(chicken, weightUnit) : EMPTY);
  const [photoBusy, setPhotoBusy] = useState(false);
  const save = useSaveChicken();
  const toBody = (values: FormValues) => ({
    ...values,
    // An untouched weight keeps its stored value exactly (no kg round trip).
    weight:
      chicken && values.weight === initial.weight
        ? weightFieldText(chicken.weight, "lbs")
        : weightTextToLbs(values.weight, weightUnit),
    imageUrl: values.imageUrl ?? "",
  });
  const form = useZodForm({ schema: createChickenBody, defaultValues: initial, toBody });
  const species = form.watch("species");
  const breeds = useFormBreeds(species);

  return (
    <Form
      form={form}
      className="space-y-4"
      onSubmit={async (_body, values) => {
        try {
          await save.mutateAsync({ id: chicken?.id, body: toBody(values) });
          toast({
            title: chicken ? "Chicken updated successfully!" : "Chicken added successfully!",
            variant: "success",
          });
          onDone();
        } catch (err) {
          toast({
            title: `${chicken ? "Failed to update chicken" : "Failed to add chicken"}: ${errorMessage(err)}`,
            variant: "destructive",
          });
        }
      }}
    >
      <Field name="name" id="bird-name" label="Name">
        {(props) => <Input {...props} />}
      </Field>
      <Field name="species" id="bird-species" label="Species">
        {(props) => (
          <Select {...props}>
            {POULTRY_SPECIES.map((s) => (
              <option key={s} value={s}>
                {SPECIES_LABELS[s]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field name="breed" id="bird-breed" label="Breed">
        {(props) => (
          <BreedCombobox
            id={props.id}
            value={props.value}
            onChange={props.onChange}
            breeds={breeds.data ?? []}
            invalid={props["aria-invalid"]}
            describedBy={props["aria-describedby"]}
          />
        )}
      </Field>
      <SexField species={species} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="color" id="bird-color" label="Colour (optional)">
          {(props) => <Input {...props} />}
        </Field>
        <Field name="weight" id="bird-weight" label={`Weight in ${weightUnit} (optional)`}>
          {(props) => <Input inputMode="decimal" {...props} />}
        </Field>
        <Field name="hatchDate" id="bird-hatch-date" label="Hatch date (optional)">
          {(props) => <Input type="date" {...props} />}
        </Field>
        <Field name="healthStatus" id="bird-health" label="Health status">
          {(props) => (
            <Select {...props}>
              {healthStatusSchema.options.map((h) => (
                <option key={h} value={h}>
                  {HEALTH_LABELS[h]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <PhotoInput onBusyChange={setPhotoBusy} />
      <Field name="notes" id="bird-notes" label="Notes (optional)">
        {(props) => <Textarea {...props} />}
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={save.isPending || photoBusy}
          data-track={chicken ? "Update Bird" : "Add Bird"}
        >
          {save.isPending ? "Saving..." : chicken ? "Save Changes" : "Add Bird"}
        </Button>
      </div>
    </Form>
  );
}

/** Hen or rooster, named for the species (drake, gander...); a stored female/male shows as such. */
function SexField({ species }: { species: PoultrySpecies }) {
  const { field } = useFormField("sex");
  const sexValue = field.value as ChickenSex;
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold text-stone-800">Sex</legend>
      <div className="flex gap-4">
        {(["hen", "rooster"] as const).map((sex) => (
          <label key={sex} className="flex min-h-11 items-center gap-2 text-stone-900">
            <input
              type="radio"
              name="bird-sex"
              value={sex}
              checked={
                sex === "hen"
                  ? sexValue === "hen" || sexValue === "female"
                  : sexValue === "rooster" || sexValue === "male"
              }
              onChange={() => field.onChange(sex)}
              className="h-5 w-5 accent-amber-700"
            />
            {sexLabel(species, sex)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function PhotoInput({ onBusyChange }: { onBusyChange: (busy: boolean) => void }) {
  const { field } = useFormField("imageUrl");
  return (
    <PhotoField
      value={field.value as string | null}
      onChange={(url) => field.onChange(url)}
      onBusyChange={onBusyChange}
    />
  );
}

export { HEALTH_LABELS };
