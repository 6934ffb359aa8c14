import { createChickenBody, type CreateChickenBody } from "@flockkeeper/shared/schemas/chicken";
import { POULTRY_SPECIES, type PoultrySpecies } from "@flockkeeper/shared/schemas/species";
import { normalizeRaritySpecies } from "@flockkeeper/shared/domain/rarity";
import type { BreedIdResult } from "@flockkeeper/shared/schemas/breed-id";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Form, useZodForm } from "@/components/ui/form";
import { Input, Select, Textarea } from "@/components/ui/input";
import { toast } from "@/lib/toast";
import { useUnits, weightTextToLbs } from "@/lib/units";
import { useAddToFlock } from "../api/identify-breed";

/** The result's species as one of the six flock species, when it is one. */
export function flockSpecies(species: string): PoultrySpecies | undefined {
  const s = normalizeRaritySpecies(species);
  return (POULTRY_SPECIES as readonly string[]).includes(s ?? "")
    ? (s as PoultrySpecies)
    : undefined;
}

type Values = {
  name: string;
  breed: string;
  sex: "hen" | "rooster" | "female" | "male";
  color: string;
  weight: string;
  hatchDate: string;
  notes: string;
};

/** 'Add to My Flock': name (required), sex (hen, rooster, female, male), colour, weight, hatch date, notes. */
export function AddToFlockDialog({
  open,
  onOpenChange,
  result,
  photo,
  importedNotes,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  result: BreedIdResult;
  /** The identified photo as a data URL; stored as the bird's photo. */
  photo: string | null;
  /** Breed information the keeper imported, put in the notes. */
  importedNotes: string | null;
}) {
  const { weightUnit } = useUnits();
  const add = useAddToFlock();
  const toBody = (v: Values): CreateChickenBody => ({
    ...v,
    weight: weightTextToLbs(v.weight, weightUnit),
    imageUrl: photo ?? undefined,
    species: flockSpecies(result.species),
  });
  const form = useZodForm({
    schema: createChickenBody,
    defaultValues: {
      name: "",
      breed: result.breed,
      sex: "hen",
      color: result.physicalTraits.primaryColors.join(", "),
      weight: "",
      hatchDate: "",
      notes: importedNotes ?? "",
    },
    toBody,
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add to My Flock"
      description={`Add this ${result.breed} to your flock.`}
    >
      <Form
        form={form}
        className="space-y-3"
        onSubmit={(_body, values) =>
          add.mutate(toBody(values), {
            onSuccess: (bird) => {
              toast({
                title: "Added to Flock!",
                description: `${bird.name} has been added to your flock.`,
                variant: "success",
              });
              onOpenChange(false);
              form.resetField("name");
            },
            onError: () =>
              toast({
                title: "Failed to add chicken to flock. Please try again.",
                variant: "destructive",
              }),
          })
        }
      >
        <Field name="name" label="Name">
          {(props) => <Input {...props} />}
        </Field>
        <Field name="breed" label="Breed">
          {(props) => <Input {...props} />}
        </Field>
        <Field name="sex" label="Sex">
          {(props) => (
            <Select {...props}>
              <option value="hen">Hen</option>
              <option value="rooster">Rooster</option>
              <option value="female">Female</option>
              <option value="male">Male</option>
            </Select>
          )}
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field name="color" label="Colour (optional)">
            {(props) => <Input {...props} />}
          </Field>
          <Field name="weight" label={`Weight in ${weightUnit} (optional)`}>
            {(props) => <Input inputMode="decimal" {...props} />}
          </Field>
        </div>
        <Field name="hatchDate" label="Hatch date (optional)">
          {(props) => <Input type="date" {...props} />}
        </Field>
        <Field name="notes" label="Notes (optional)">
          {(props) => <Textarea {...props} />}
        </Field>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={add.isPending} data-track="Add Identified Bird">
            {add.isPending ? "Adding..." : "Add to My Flock"}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
