import { daysBetweenIso, isValidIsoDate } from "@flockkeeper/shared/domain/dates";
import { eggsDeveloping } from "@flockkeeper/shared/domain/incubation";
import { candlingBody, type HatchRecord } from "@flockkeeper/shared/schemas/hatch-record";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Form, FormError, useFormField, useZodForm } from "@/components/ui/form";
import { FieldError, Input, Label, Textarea } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { localToday, useAddCandling } from "../api/hatch-records";

type Values = {
  date: string;
  fertile: string;
  clear: string;
  quitters: string;
  bloodRings: string;
  notes: string;
};

/** Record what a candling found: fertile, clear, quitters (and blood rings). */
export function CandlingDialog({
  hatch,
  onClose,
}: {
  hatch: HatchRecord | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={hatch !== null}
      onOpenChange={(o) => !o && onClose()}
      title="Record candling"
      description="Count across all the eggs set: fertile (veins or an embryo), clear (infertile) and quitters (stopped developing)."
    >
      {hatch && <CandlingForm hatch={hatch} onDone={onClose} />}
    </Dialog>
  );
}

function CandlingForm({ hatch, onDone }: { hatch: HatchRecord; onDone: () => void }) {
  const last = hatch.candlings[hatch.candlings.length - 1];
  const add = useAddCandling();
  const dayOf = (date: string) =>
    isValidIsoDate(date) ? daysBetweenIso(hatch.incubationStartDate, date) : null;
  const form = useZodForm({
    schema: candlingBody,
    defaultValues: {
      date: localToday(),
      fertile: last ? String(last.fertile) : "",
      clear: last ? String(last.clear) : "",
      quitters: last ? String(last.quitters) : "0",
      bloodRings: "",
      notes: "",
    },
    toBody: (v: Values) => ({ ...v, day: dayOf(v.date) }),
    check: (_v, body) => ({
      fertile:
        body !== null &&
        hatch.eggsSet !== null &&
        body.fertile + body.clear > hatch.eggsSet &&
        `Fertile and clear eggs cannot be more than the ${hatch.eggsSet} eggs set`,
    }),
  });
  const v = form.watch();
  const day = dayOf(v.date);
  const counts = { clear: Number(v.clear) || 0, quitters: Number(v.quitters) || 0 };

  const num = (k: keyof Values, label: string, required = true) => (
    <Field name={k} id={`candling-${k}`} label={`${label}${required ? "" : " (optional)"}`}>
      {(props) => <Input type="number" inputMode="numeric" min={0} {...props} />}
    </Field>
  );

  return (
    <Form
      form={form}
      className="space-y-4"
      onSubmit={async (_body, values) => {
        const body = { ...values, day };
        try {
          await add.mutateAsync({ id: hatch.id, body });
          toast({
            title: "Candling recorded",
            description: `Day ${day} candling saved.`,
            variant: "success",
          });
          onDone();
        } catch (err) {
          form.setError("root", { message: errorMessage(err) });
        }
      }}
    >
      <DateField hatch={hatch} day={day} />
      <div className="grid grid-cols-2 gap-3">
        {num("fertile", "Fertile")}
        {num("clear", "Clear")}
        {num("quitters", "Quitters")}
        {num("bloodRings", "Blood rings", false)}
      </div>
      {hatch.eggsSet !== null && (
        <p className="text-sm text-stone-800" data-testid="candling-developing">
          Still developing: {eggsDeveloping(hatch.eggsSet, counts)} (eggs set − clear − quitters)
        </p>
      )}
      <Field name="notes" id="candling-notes" label="Notes">
        {(props) => <Textarea {...props} />}
      </Field>
      <FormError />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={add.isPending} data-track="Record Candling">
          Save candling
        </Button>
      </div>
    </Form>
  );
}

/** The date, with the incubation day it falls on under it (the hint before any message). */
function DateField({ hatch, day }: { hatch: HatchRecord; day: number | null }) {
  const date = useFormField("date", "candling-date", "candling-day");
  return (
    <div>
      <Label htmlFor={date.props.id}>Date</Label>
      <Input type="date" min={hatch.incubationStartDate} {...date.props} />
      <p id="candling-day" className="mt-1 text-sm text-stone-700">
        {day !== null && `Day ${day} of ${hatch.plan.incubationDays}`}
        {hatch.eggsSet !== null && ` · ${hatch.eggsSet} eggs set`}
      </p>
      <FieldError id={date.errorId} message={date.error} />
    </div>
  );
}
