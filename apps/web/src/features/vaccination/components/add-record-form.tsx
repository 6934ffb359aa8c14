import { VACCINES } from "@flockkeeper/shared/domain/vaccination";
import { FUTURE_DATE_MESSAGE } from "@flockkeeper/shared/schemas/common";
import {
  createVaccinationBody,
  type CreateVaccinationBody,
} from "@flockkeeper/shared/schemas/vaccination";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Field, Form, useFormField, useZodForm } from "@/components/ui/form";
import { FieldError, Input, Label, Select, Textarea } from "@/components/ui/input";

type Values = {
  vaccine: string;
  birdChoice: string;
  birdName: string;
  date: string;
  notes: string;
};
type Bird = { id: string; name: string };

const OTHER = "__other__";

/** What the form edits of a stored record. */
type Editable = {
  vaccine: string;
  birdId: string | null;
  birdName: string;
  date: string;
  notes: string | null;
};

/**
 * The add-record form, or with `record` the same form prefilled to correct it. Vaccine, bird and
 * date are required: with one missing nothing is saved (the spec's silent no-op), and the missing
 * field is marked.
 */
export function AddRecordForm({
  today,
  birds,
  saving,
  onSubmit,
  onCancel,
  record,
}: {
  today: string;
  birds: Bird[];
  saving: boolean;
  onSubmit: (body: CreateVaccinationBody) => void;
  onCancel: () => void;
  record?: Editable | null;
}) {
  const linked = record?.birdId && birds.some((b) => b.id === record.birdId);
  const form = useZodForm({
    schema: createVaccinationBody,
    defaultValues: record
      ? {
          vaccine: record.vaccine,
          birdChoice: linked ? record.birdId! : OTHER,
          birdName: linked ? "" : record.birdName,
          date: record.date,
          notes: record.notes ?? "",
        }
      : {
          vaccine: "",
          birdChoice: birds.length > 0 ? "" : OTHER,
          birdName: "",
          date: today,
          notes: "",
        },
    toBody: (v: Values) => {
      const picked = birds.find((b) => b.id === v.birdChoice) ?? null;
      return {
        vaccine: v.vaccine || undefined,
        birdId: picked?.id ?? null,
        birdName: picked ? picked.name : v.birdName,
        date: v.date,
        notes: v.notes,
      };
    },
    check: (_v, body) => ({ date: body !== null && body.date > today && FUTURE_DATE_MESSAGE }),
  });

  return (
    <Card>
      <CardTitle>{record ? "Edit vaccination record" : "Add vaccination record"}</CardTitle>
      <Form
        form={form}
        onSubmit={(body) => onSubmit(body)}
        className="mt-3 grid gap-3 sm:grid-cols-2"
      >
        <Field name="vaccine" label="Vaccine">
          {(props) => (
            <Select {...props}>
              <option value="">Select a vaccine</option>
              {VACCINES.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <BirdField birds={birds} />
        <Field name="date" label="Date">
          {(props) => <Input type="date" max={today} {...props} />}
        </Field>
        <Field name="notes" label="Notes (optional)" className="sm:col-span-2">
          {(props) => (
            <Textarea
              maxLength={2000}
              placeholder="Batch number, method, who gave it..."
              {...props}
            />
          )}
        </Field>
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" disabled={saving} data-track="Vaccination Save Record">
            {saving ? "Saving..." : "Save record"}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/** A bird from the flock, or "Other" and a typed name; one message for both. */
function BirdField({ birds }: { birds: Bird[] }) {
  const choice = useFormField("birdChoice");
  const name = useFormField("birdName");
  const other = choice.props.value === OTHER;
  const invalid = name.error
    ? { "aria-invalid": true as const, "aria-describedby": name.errorId }
    : {};
  return (
    <div>
      {birds.length > 0 && (
        <>
          <Label htmlFor={choice.props.id}>Bird</Label>
          <Select {...choice.props} {...(other ? {} : invalid)}>
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
      {other && (
        <div className={birds.length > 0 ? "mt-2" : undefined}>
          <Label htmlFor={name.props.id}>Bird name/ID</Label>
          <Input maxLength={100} placeholder="e.g. Henrietta or Flock A" {...name.props} />
        </div>
      )}
      <FieldError id={name.errorId} message={name.error} />
    </div>
  );
}
