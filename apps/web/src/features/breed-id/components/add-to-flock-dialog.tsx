import { useId, useState, type FormEvent } from "react";
import { createChickenBody, type CreateChickenBody } from "@flockkeeper/shared/schemas/chicken";
import { POULTRY_SPECIES, type PoultrySpecies } from "@flockkeeper/shared/schemas/species";
import { normalizeRaritySpecies } from "@flockkeeper/shared/domain/rarity";
import type { BreedIdResult } from "@flockkeeper/shared/schemas/breed-id";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FieldError, Input, Label, Select, Textarea } from "@/components/ui/input";
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
  const ids = {
    name: useId(),
    breed: useId(),
    sex: useId(),
    color: useId(),
    weight: useId(),
    hatch: useId(),
    notes: useId(),
  };
  const [name, setName] = useState("");
  const [breed, setBreed] = useState(result.breed);
  const [sex, setSex] = useState<"hen" | "rooster" | "female" | "male">("hen");
  const [color, setColor] = useState(result.physicalTraits.primaryColors.join(", "));
  const [weight, setWeight] = useState("");
  const { weightUnit } = useUnits();
  const [hatchDate, setHatchDate] = useState("");
  const [notes, setNotes] = useState(importedNotes ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddToFlock();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: CreateChickenBody = {
      name,
      breed,
      sex,
      color,
      weight: weightTextToLbs(weight, weightUnit),
      hatchDate,
      notes,
      imageUrl: photo ?? undefined,
      species: flockSpecies(result.species),
    };
    const parsed = createChickenBody.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    add.mutate(body, {
      onSuccess: (bird) => {
        toast({
          title: "Added to Flock!",
          description: `${bird.name} has been added to your flock.`,
          variant: "success",
        });
        onOpenChange(false);
        setName("");
      },
      onError: () =>
        toast({
          title: "Failed to add chicken to flock. Please try again.",
          variant: "destructive",
        }),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add to My Flock"
      description={`Add this ${result.breed} to your flock.`}
    >
      <form onSubmit={submit} noValidate className="space-y-3">
        <div>
          <Label htmlFor={ids.name}>Name</Label>
          <Input
            id={ids.name}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={Boolean(errors.name)}
            aria-describedby={errors.name ? `${ids.name}-err` : undefined}
          />
          <FieldError id={`${ids.name}-err`} message={errors.name} />
        </div>
        <div>
          <Label htmlFor={ids.breed}>Breed</Label>
          <Input
            id={ids.breed}
            value={breed}
            onChange={(e) => setBreed(e.target.value)}
            aria-invalid={Boolean(errors.breed)}
          />
          <FieldError message={errors.breed} />
        </div>
        <div>
          <Label htmlFor={ids.sex}>Sex</Label>
          <Select id={ids.sex} value={sex} onChange={(e) => setSex(e.target.value as typeof sex)}>
            <option value="hen">Hen</option>
            <option value="rooster">Rooster</option>
            <option value="female">Female</option>
            <option value="male">Male</option>
          </Select>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <Label htmlFor={ids.color}>Colour (optional)</Label>
            <Input id={ids.color} value={color} onChange={(e) => setColor(e.target.value)} />
            <FieldError message={errors.color} />
          </div>
          <div>
            <Label htmlFor={ids.weight}>Weight in {weightUnit} (optional)</Label>
            <Input
              id={ids.weight}
              inputMode="decimal"
              value={weight}
              onChange={(e) => setWeight(e.target.value)}
            />
            <FieldError message={errors.weight} />
          </div>
        </div>
        <div>
          <Label htmlFor={ids.hatch}>Hatch date (optional)</Label>
          <Input
            id={ids.hatch}
            type="date"
            value={hatchDate}
            onChange={(e) => setHatchDate(e.target.value)}
          />
          <FieldError message={errors.hatchDate} />
        </div>
        <div>
          <Label htmlFor={ids.notes}>Notes (optional)</Label>
          <Textarea id={ids.notes} value={notes} onChange={(e) => setNotes(e.target.value)} />
          <FieldError message={errors.notes} />
        </div>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={add.isPending} data-track="Add Identified Bird">
            {add.isPending ? "Adding..." : "Add to My Flock"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
