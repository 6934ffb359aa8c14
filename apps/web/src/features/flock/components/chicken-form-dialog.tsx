import { useEffect, useState } from "react";
import {
  createChickenBody,
  healthStatus as healthStatusSchema,
  isFemaleSex,
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
import { useChickens } from "@/lib/chickens";
import { useFlocks } from "@/lib/flocks";
import { toast } from "@/lib/toast";
import { useUnits, weightFieldText, weightTextToLbs, type Units } from "@/lib/units";
import { useFormBreeds } from "../api/get-breeds";
import { useSaveChicken } from "../api/save-chicken";
import { isQueued } from "@/lib/outbox";
import { toastSaved } from "@/lib/saved-toast";
import { showServerErrors } from "@/lib/server-errors";
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
  flockId: string;
  bandId: string;
  sireId: string;
  damId: string;
};

/** Fields the server may refuse on their own (band in use, a parentage cycle, a flock's species). */
const SERVER_FIELDS = [
  "name",
  "breed",
  "species",
  "color",
  "weight",
  "hatchDate",
  "notes",
  "flockId",
  "bandId",
  "sireId",
  "damId",
] as const;

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
  flockId: "",
  bandId: "",
  sireId: "",
  damId: "",
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
  flockId: c.flockId ?? "",
  bandId: c.bandId ?? "",
  sireId: c.sireId ?? "",
  damId: c.damId ?? "",
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
          const saved = await save.mutateAsync({ chicken, body: toBody(values) });
          toastSaved(
            saved,
            isQueued(saved)
              ? `${chicken ? "Changes to" : "New bird"} ${values.name}`
              : chicken
                ? "Chicken updated successfully!"
                : "Chicken added successfully!",
          );
          onDone();
        } catch (err) {
          // A band already in use or a parentage cycle is shown at its field.
          if (showServerErrors(form, err, SERVER_FIELDS)) return;
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
      <LineageFields chicken={chicken} species={species} />
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

/**
 * The bird's flock (the farm's flocks of its species), band or leg-ring id, and its sire and dam
 * (the farm's males and females of its species, never the bird itself). A choice that no longer
 * fits when the species changes is cleared.
 */
function LineageFields({ chicken, species }: { chicken: Chicken | null; species: PoultrySpecies }) {
  const flocks = useFlocks();
  const birds = useChickens();
  const { field: flockField } = useFormField("flockId");
  const { field: sireField } = useFormField("sireId");
  const { field: damField } = useFormField("damId");
  const flockOptions = (flocks.data ?? []).filter((f) => f.species === species);
  const others = (birds.data ?? []).filter((b) => b.species === species && b.id !== chicken?.id);
  const sires = others.filter((b) => !isFemaleSex(b.sex));
  const dams = others.filter((b) => isFemaleSex(b.sex));
  const flockValue = flockField.value as string;
  const sireValue = sireField.value as string;
  const damValue = damField.value as string;

  useEffect(() => {
    if (flocks.data && flockValue && !flockOptions.some((f) => f.id === flockValue)) {
      flockField.onChange("");
    }
    if (birds.data && sireValue && !sires.some((b) => b.id === sireValue)) sireField.onChange("");
    if (birds.data && damValue && !dams.some((b) => b.id === damValue)) damField.onChange("");
    // Only a change of species (or the lists arriving) can make a choice stop fitting.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [species, flocks.data, birds.data]);

  const birdLabel = (b: Chicken) =>
    `${b.name}${b.bandId ? ` (${b.bandId})` : ""}${b.outcome ? " (past)" : ""}`;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        name="flockId"
        id="bird-flock"
        label="Flock (optional)"
        after={
          flocks.data && flockOptions.length === 0 ? (
            <p className="mt-1 text-sm text-stone-700">
              No flock of {SPECIES_LABELS[species].toLowerCase()} yet.
            </p>
          ) : undefined
        }
      >
        {(props) => (
          <Select {...props}>
            <option value="">No flock</option>
            {flockOptions.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field name="bandId" id="bird-band" label="Band / leg-ring id (optional)">
        {(props) => <Input autoComplete="off" {...props} />}
      </Field>
      <Field name="sireId" id="bird-sire" label="Sire (optional)">
        {(props) => (
          <Select {...props}>
            <option value="">Unknown</option>
            {sires.map((b) => (
              <option key={b.id} value={b.id}>
                {birdLabel(b)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field name="damId" id="bird-dam" label="Dam (optional)">
        {(props) => (
          <Select {...props}>
            <option value="">Unknown</option>
            {dams.map((b) => (
              <option key={b.id} value={b.id}>
                {birdLabel(b)}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
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
