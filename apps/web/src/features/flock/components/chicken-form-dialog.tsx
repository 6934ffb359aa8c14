import { useState, type FormEvent } from "react";
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
import { FieldError, Input, Label, Select, Textarea } from "@/components/ui/input";
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
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof FormValues, string>>>({});
  const [photoBusy, setPhotoBusy] = useState(false);
  const breeds = useFormBreeds(values.species);
  const save = useSaveChicken();
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // An untouched weight keeps its stored value exactly (no kg round trip).
    const weight =
      chicken && values.weight === initial.weight
        ? weightFieldText(chicken.weight, "lbs")
        : weightTextToLbs(values.weight, weightUnit);
    const body = { ...values, weight, imageUrl: values.imageUrl ?? "" };
    const parsed = createChickenBody.safeParse(body);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof FormValues;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: chicken?.id, body });
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
  };

  const err = (key: keyof FormValues) =>
    errors[key] ? { "aria-invalid": true, "aria-describedby": `bird-${key}-error` } : {};

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div>
        <Label htmlFor="bird-name">Name</Label>
        <Input
          id="bird-name"
          value={values.name}
          onChange={(e) => set("name", e.target.value)}
          {...err("name")}
        />
        <FieldError id="bird-name-error" message={errors.name} />
      </div>
      <div>
        <Label htmlFor="bird-species">Species</Label>
        <Select
          id="bird-species"
          value={values.species}
          onChange={(e) => set("species", e.target.value as PoultrySpecies)}
        >
          {POULTRY_SPECIES.map((s) => (
            <option key={s} value={s}>
              {SPECIES_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="bird-breed">Breed</Label>
        <BreedCombobox
          id="bird-breed"
          value={values.breed}
          onChange={(v) => set("breed", v)}
          breeds={breeds.data ?? []}
          invalid={Boolean(errors.breed)}
          describedBy={errors.breed ? "bird-breed-error" : undefined}
        />
        <FieldError id="bird-breed-error" message={errors.breed} />
      </div>
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
                    ? values.sex === "hen" || values.sex === "female"
                    : values.sex === "rooster" || values.sex === "male"
                }
                onChange={() => set("sex", sex)}
                className="h-5 w-5 accent-amber-700"
              />
              {sexLabel(values.species, sex)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="bird-color">Colour (optional)</Label>
          <Input
            id="bird-color"
            value={values.color}
            onChange={(e) => set("color", e.target.value)}
            {...err("color")}
          />
          <FieldError id="bird-color-error" message={errors.color} />
        </div>
        <div>
          <Label htmlFor="bird-weight">Weight in {weightUnit} (optional)</Label>
          <Input
            id="bird-weight"
            inputMode="decimal"
            value={values.weight}
            onChange={(e) => set("weight", e.target.value)}
            {...err("weight")}
          />
          <FieldError id="bird-weight-error" message={errors.weight} />
        </div>
        <div>
          <Label htmlFor="bird-hatch-date">Hatch date (optional)</Label>
          <Input
            id="bird-hatch-date"
            type="date"
            value={values.hatchDate}
            onChange={(e) => set("hatchDate", e.target.value)}
            {...err("hatchDate")}
          />
          <FieldError id="bird-hatchDate-error" message={errors.hatchDate} />
        </div>
        <div>
          <Label htmlFor="bird-health">Health status</Label>
          <Select
            id="bird-health"
            value={values.healthStatus}
            onChange={(e) => set("healthStatus", e.target.value as HealthStatus)}
          >
            {healthStatusSchema.options.map((h) => (
              <option key={h} value={h}>
                {HEALTH_LABELS[h]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <PhotoField
        value={values.imageUrl}
        onChange={(url) => set("imageUrl", url)}
        onBusyChange={setPhotoBusy}
      />
      <div>
        <Label htmlFor="bird-notes">Notes (optional)</Label>
        <Textarea
          id="bird-notes"
          value={values.notes}
          onChange={(e) => set("notes", e.target.value)}
          {...err("notes")}
        />
        <FieldError id="bird-notes-error" message={errors.notes} />
      </div>
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
    </form>
  );
}

export { HEALTH_LABELS };
