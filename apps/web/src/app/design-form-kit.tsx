import { useEffect, useState } from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field, Form, FormError, useZodForm } from "@/components/ui/form";
import { Input, Select } from "@/components/ui/input";

// The form kit (components/ui/form.tsx) on the /design page, in its states. Loaded lazily: the kit
// brings react-hook-form and zod, which the rest of the page does not need at first paint.

const demoBody = z.object({
  name: z.string().trim().min(1, { message: "Bird name is required" }),
  eggs: z
    .string()
    .regex(/^\d+$/, { message: "Eggs must be a whole number, 0 or more" })
    .transform(Number),
  condition: z.enum(["normal", "underweight", "overweight"]),
});
type DemoValues = { name: string; eggs: string; condition: string };
const EMPTY: DemoValues = { name: "", eggs: "-1", condition: "normal" };

function DemoFields({ prefix }: { prefix: string }) {
  return (
    <>
      <Field name="name" label="Bird name" id={`${prefix}-name`}>
        {(props) => <Input placeholder="e.g. Henrietta" {...props} />}
      </Field>
      <Field name="eggs" label="Eggs today" id={`${prefix}-eggs`}>
        {(props) => <Input inputMode="numeric" {...props} />}
      </Field>
      <Field name="condition" label="Body condition" id={`${prefix}-condition`}>
        {(props) => (
          <Select {...props}>
            <option value="normal">Normal</option>
            <option value="underweight">Underweight</option>
            <option value="overweight">Overweight</option>
          </Select>
        )}
      </Field>
    </>
  );
}

/** A live form shown after a refused submit: each field's message and the form's own message. */
function ErrorState() {
  const form = useZodForm({ schema: demoBody, defaultValues: EMPTY });
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    // Submit once on arrival so the page shows the error state; the root message is what a
    // server refusal looks like (set after the submit, which clears it).
    void form
      .handleSubmit(() => undefined)()
      .then(() =>
        form.setError("root", { message: "Could not save the record. Please try again." }),
      );
  }, [form]);
  return (
    <Form
      form={form}
      onSubmit={(body) => setSaved(`Saved: ${body.name}, ${body.eggs} eggs`)}
      className="space-y-3"
      aria-label="Form kit: error state"
    >
      <DemoFields prefix="ds-form-error" />
      <FormError />
      <Button type="submit">Save</Button>
      {saved && (
        <p role="status" className="text-sm text-success">
          {saved}
        </p>
      )}
    </Form>
  );
}

/** The same fields while a save is under way: every control disabled. */
function DisabledState() {
  const form = useZodForm({
    schema: demoBody,
    defaultValues: { name: "Henrietta", eggs: "1", condition: "normal" },
  });
  return (
    <Form
      form={form}
      onSubmit={() => undefined}
      className="space-y-3"
      aria-label="Form kit: disabled"
    >
      <fieldset disabled className="space-y-3">
        <DemoFields prefix="ds-form-disabled" />
        <Button type="submit">Saving...</Button>
      </fieldset>
    </Form>
  );
}

export default function DesignFormKit() {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div>
        <h3 className="mb-2 text-title font-bold text-ink">Error</h3>
        <ErrorState />
      </div>
      <div>
        <h3 className="mb-2 text-title font-bold text-ink">Disabled</h3>
        <DisabledState />
      </div>
    </div>
  );
}
