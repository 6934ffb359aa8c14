import { useId, useState, type FormEvent } from "react";
import { VACCINES } from "@flockkeeper/shared/domain/vaccination";
import { FUTURE_DATE_MESSAGE } from "@flockkeeper/shared/schemas/common";
import {
  createVaccinationBody,
  type CreateVaccinationBody,
} from "@flockkeeper/shared/schemas/vaccination";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { FieldError, Input, Label, Select, Textarea } from "@/components/ui/input";

type Field = "vaccine" | "birdName" | "date";
type Errors = Partial<Record<Field, string>>;
type Bird = { id: string; name: string };

const OTHER = "__other__";

/**
 * The add-record form. Vaccine, bird and date are required: with one missing nothing is saved
 * (the spec's silent no-op), and the missing field is marked.
 */
export function AddRecordForm({
  today,
  birds,
  saving,
  onSubmit,
  onCancel,
}: {
  today: string;
  birds: Bird[];
  saving: boolean;
  onSubmit: (body: CreateVaccinationBody) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [vaccine, setVaccine] = useState("");
  const [birdChoice, setBirdChoice] = useState(birds.length > 0 ? "" : OTHER);
  const [birdName, setBirdName] = useState("");
  const [date, setDate] = useState(today);
  const [notes, setNotes] = useState("");
  const [errors, setErrors] = useState<Errors>({});

  const pickedBird = birds.find((b) => b.id === birdChoice) ?? null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = createVaccinationBody.safeParse({
      vaccine: vaccine || undefined,
      birdId: pickedBird?.id ?? null,
      birdName: pickedBird ? pickedBird.name : birdName,
      date,
      notes,
    });
    const next: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field;
        next[key] ??= issue.message;
      }
    } else if (parsed.data.date > today) {
      next.date = FUTURE_DATE_MESSAGE;
    }
    setErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;
    onSubmit(parsed.data);
  };

  const invalid = (field: Field) => ({
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${id}-${field}-error` : undefined,
  });

  return (
    <Card>
      <CardTitle>Add vaccination record</CardTitle>
      <form onSubmit={submit} noValidate className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-vaccine`}>Vaccine</Label>
          <Select
            id={`${id}-vaccine`}
            value={vaccine}
            onChange={(e) => setVaccine(e.target.value)}
            {...invalid("vaccine")}
          >
            <option value="">Select a vaccine</option>
            {VACCINES.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </Select>
          <FieldError id={`${id}-vaccine-error`} message={errors.vaccine} />
        </div>
        <div>
          {birds.length > 0 && (
            <>
              <Label htmlFor={`${id}-bird`}>Bird</Label>
              <Select
                id={`${id}-bird`}
                value={birdChoice}
                onChange={(e) => setBirdChoice(e.target.value)}
                {...(birdChoice === OTHER ? {} : invalid("birdName"))}
              >
                <option value="">Select a bird</option>
                {birds.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
                <option value={OTHER}>Other (type a name or ID)</option>
              </Select>
            </>
          )}
          {birdChoice === OTHER && (
            <div className={birds.length > 0 ? "mt-2" : undefined}>
              <Label htmlFor={`${id}-bird-name`}>Bird name/ID</Label>
              <Input
                id={`${id}-bird-name`}
                value={birdName}
                maxLength={100}
                placeholder="e.g. Henrietta or Flock A"
                onChange={(e) => setBirdName(e.target.value)}
                {...invalid("birdName")}
              />
            </div>
          )}
          <FieldError id={`${id}-birdName-error`} message={errors.birdName} />
        </div>
        <div>
          <Label htmlFor={`${id}-date`}>Date</Label>
          <Input
            id={`${id}-date`}
            type="date"
            value={date}
            max={today}
            onChange={(e) => setDate(e.target.value)}
            {...invalid("date")}
          />
          <FieldError id={`${id}-date-error`} message={errors.date} />
        </div>
        <div className="sm:col-span-2">
          <Label htmlFor={`${id}-notes`}>Notes (optional)</Label>
          <Textarea
            id={`${id}-notes`}
            value={notes}
            maxLength={2000}
            placeholder="Batch number, method, who gave it..."
            onChange={(e) => setNotes(e.target.value)}
          />
        </div>
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" disabled={saving} data-track="Vaccination Save Record">
            {saving ? "Saving..." : "Save record"}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
