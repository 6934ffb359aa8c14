import { X } from "lucide-react";
import type { Chicken } from "@flockkeeper/shared/schemas/chicken";
import type { Flock } from "@flockkeeper/shared/schemas/flock";
import {
  createTreatmentBody,
  type CreateTreatmentInput,
  type Treatment,
} from "@flockkeeper/shared/schemas/treatment";
import {
  DOSE_UNIT_LABELS,
  DOSE_UNITS,
  TREATMENT_ROUTE_LABELS,
  TREATMENT_ROUTES,
  withdrawalEnds,
  shortDate,
} from "@flockkeeper/shared/domain/treatment";
import { isValidIsoDate, FUTURE_DATE_MESSAGE } from "@flockkeeper/shared/schemas/common";
import { NO_ESTABLISHED_WITHDRAWAL } from "@flockkeeper/shared/schemas/medication";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Form, FormError, useZodForm } from "@/components/ui/form";
import { Input, Select, Textarea } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { showServerErrors } from "@/lib/server-errors";
import { toast } from "@/lib/toast";
import { isQueued } from "@/lib/outbox";
import { useMedications, useSaveTreatment } from "../api/treatments";

/** What a symptom-checker result (or a bird's or flock's page) fills in. */
export type TreatmentPrefill = {
  chickenId?: string;
  flockId?: string;
  reason?: string;
  conditionId?: string;
  conditionName?: string;
};

type Values = {
  subject: string;
  medicationId: string;
  product: string;
  activeIngredient: string;
  dose: string;
  doseUnit: string;
  route: string;
  startDate: string;
  endDate: string;
  reason: string;
  conditionId: string;
  prescribedByVet: string;
  eggWithdrawalDays: string;
  meatWithdrawalDays: string;
  notes: string;
};

const FIELDS = [
  "subject",
  "medicationId",
  "product",
  "activeIngredient",
  "dose",
  "doseUnit",
  "route",
  "startDate",
  "endDate",
  "reason",
  "eggWithdrawalDays",
  "meatWithdrawalDays",
  "notes",
] as const;

/** The note every treatment form carries (issue 20: nothing is dosing advice). */
export const NOT_DOSING_ADVICE =
  "Not dosing advice: record what the product label or your vet says. Ask a vet before treating, and use the withdrawal periods they or the label give; where none is established, do not eat the eggs or meat.";

const subjectOf = (t: { chickenId?: string | null; flockId?: string | null }) =>
  t.chickenId ? `bird:${t.chickenId}` : t.flockId ? `flock:${t.flockId}` : "";

/**
 * Adds or corrects a treatment of a bird or a flock (react-hook-form on the API's schema), with
 * the withdrawal ends worked out as the keeper types.
 */
export function TreatmentFormDialog({
  open,
  onOpenChange,
  birds,
  flocks,
  today,
  record,
  prefill,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  birds: readonly Chicken[];
  flocks: readonly Flock[];
  today: string;
  record?: Treatment | null;
  prefill?: TreatmentPrefill | null;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={record ? "Edit treatment" : "Record a treatment"}
      className="max-w-2xl"
    >
      {open && (
        <TreatmentForm
          birds={birds}
          flocks={flocks}
          today={today}
          record={record ?? null}
          prefill={prefill ?? null}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function TreatmentForm({
  birds,
  flocks,
  today,
  record,
  prefill,
  onDone,
}: {
  birds: readonly Chicken[];
  flocks: readonly Flock[];
  today: string;
  record: Treatment | null;
  prefill: TreatmentPrefill | null;
  onDone: () => void;
}) {
  const save = useSaveTreatment();
  const medications = useMedications();
  const meds = medications.data?.medications ?? [];
  const form = useZodForm({
    schema: createTreatmentBody,
    defaultValues: record
      ? {
          subject: subjectOf(record),
          medicationId: record.medicationId ?? "",
          product: record.product,
          activeIngredient: record.activeIngredient ?? "",
          dose: record.dose === null ? "" : String(record.dose),
          doseUnit: record.doseUnit ?? "",
          route: record.route,
          startDate: record.startDate,
          endDate: record.endDate,
          reason: record.reason,
          conditionId: record.conditionId ?? "",
          prescribedByVet: record.prescribedByVet ? "yes" : "no",
          eggWithdrawalDays: String(record.eggWithdrawalDays),
          meatWithdrawalDays: String(record.meatWithdrawalDays),
          notes: record.notes ?? "",
        }
      : {
          subject: subjectOf(prefill ?? {}),
          medicationId: "",
          product: "",
          activeIngredient: "",
          dose: "",
          doseUnit: "",
          route: "",
          startDate: today,
          endDate: today,
          reason: prefill?.reason ?? "",
          conditionId: prefill?.conditionId ?? "",
          prescribedByVet: "no",
          eggWithdrawalDays: "",
          meatWithdrawalDays: "",
          notes: "",
        },
    toBody: (v: Values) => ({
      chickenId: v.subject.startsWith("bird:") ? v.subject.slice(5) : null,
      flockId: v.subject.startsWith("flock:") ? v.subject.slice(6) : null,
      medicationId: v.medicationId,
      product: v.product,
      activeIngredient: v.activeIngredient,
      dose: v.dose,
      doseUnit: v.doseUnit,
      route: v.route || undefined,
      startDate: v.startDate,
      endDate: v.endDate,
      reason: v.reason,
      conditionId: v.conditionId,
      prescribedByVet: v.prescribedByVet === "yes",
      eggWithdrawalDays: v.eggWithdrawalDays.trim() === "" ? undefined : v.eggWithdrawalDays,
      meatWithdrawalDays: v.meatWithdrawalDays.trim() === "" ? undefined : v.meatWithdrawalDays,
      notes: v.notes,
    }),
    check: (v) => ({
      subject: v.subject === "" && "Choose a bird or a flock",
      startDate: isValidIsoDate(v.startDate) && v.startDate > today && FUTURE_DATE_MESSAGE,
    }),
  });
  const values = form.watch();
  const end = isValidIsoDate(values.endDate) ? values.endDate : values.startDate;
  const ends = (days: string) =>
    isValidIsoDate(end) && /^\d{1,3}$/.test(days.trim())
      ? shortDate(withdrawalEnds(end, Number(days)), today)
      : null;
  const eggEnds = ends(values.eggWithdrawalDays);
  const meatEnds = ends(values.meatWithdrawalDays);
  const living = birds.filter((b) => !b.outcome || b.id === record?.chickenId);
  const active = flocks.filter((f) => !f.archived || f.id === record?.flockId);
  const conditionName =
    values.conditionId && values.conditionId === (record?.conditionId ?? prefill?.conditionId)
      ? (record?.conditionName ?? prefill?.conditionName ?? values.conditionId)
      : null;

  const chosen = meds.find((m) => m.id === values.medicationId) ?? null;
  /** Picking from the list fills in the product, ingredient, route and the source's withdrawal days. */
  const pickMedication = (id: string) => {
    form.setValue("medicationId", id);
    const m = meds.find((x) => x.id === id);
    if (!m) return;
    form.setValue("product", m.name);
    form.setValue("activeIngredient", m.activeIngredient);
    const route = m.routes.find((r) => (TREATMENT_ROUTES as readonly string[]).includes(r));
    if (route && !form.getValues("route")) form.setValue("route", route);
    form.setValue(
      "eggWithdrawalDays",
      m.eggWithdrawalDays === null ? "" : String(m.eggWithdrawalDays),
    );
    form.setValue(
      "meatWithdrawalDays",
      m.meatWithdrawalDays === null ? "" : String(m.meatWithdrawalDays),
    );
  };

  const submit = async (body: CreateTreatmentInput) => {
    try {
      const saved = await save.mutateAsync({ id: record?.id, body, record });
      if (isQueued(saved)) {
        toast({
          title: `${record ? "Treatment change" : "Treatment"} kept on this phone`,
          description: "Sent when you are back online; the withdrawal dates show then.",
          variant: "success",
        });
        onDone();
        return;
      }
      toast({
        title: record ? "Treatment updated" : "Treatment recorded",
        description: `Eggs withheld until ${shortDate(saved.eggWithdrawalEnds, today)}, meat until ${shortDate(saved.meatWithdrawalEnds, today)}.`,
        variant: "success",
      });
      onDone();
    } catch (error) {
      if (!showServerErrors(form, error, FIELDS)) {
        form.setError("root", { type: "server", message: errorMessage(error) });
      }
    }
  };

  return (
    <Form form={form} onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
      <Alert tone="warning" className="sm:col-span-2" data-testid="not-dosing-advice">
        {NOT_DOSING_ADVICE}
      </Alert>
      <Field name="subject" id="treatment-subject" label="Bird or flock" className="sm:col-span-2">
        {(props) => (
          <Select {...props}>
            <option value="">Choose a bird or a flock</option>
            {active.length > 0 && (
              <optgroup label="Flocks">
                {active.map((f) => (
                  <option key={f.id} value={`flock:${f.id}`}>
                    {f.name} (whole flock)
                  </option>
                ))}
              </optgroup>
            )}
            {living.length > 0 && (
              <optgroup label="Birds">
                {living.map((b) => (
                  <option key={b.id} value={`bird:${b.id}`}>
                    {b.name}
                  </option>
                ))}
              </optgroup>
            )}
          </Select>
        )}
      </Field>
      {meds.length > 0 && (
        <Field
          name="medicationId"
          id="treatment-medication"
          label="From the medications list (optional)"
          className="sm:col-span-2"
          after={
            chosen && (
              <p className="mt-1 text-xs text-stone-700" data-testid="medication-withdrawal">
                {chosen.withdrawal}
                {chosen.eggWithdrawalDays === null ? ` ${NO_ESTABLISHED_WITHDRAWAL}.` : ""}
              </p>
            )
          }
        >
          {(props) => (
            <Select {...props} onChange={(e) => pickMedication(e.target.value)}>
              <option value="">Not from the list (type the product)</option>
              {meds.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <Field name="product" id="treatment-product" label="Product">
        {(props) => <Input {...props} maxLength={200} autoComplete="off" />}
      </Field>
      <Field name="activeIngredient" id="treatment-ingredient" label="Active ingredient (optional)">
        {(props) => <Input {...props} maxLength={200} autoComplete="off" />}
      </Field>
      <div className="grid grid-cols-2 gap-2">
        <Field name="dose" id="treatment-dose" label="Dose (optional)">
          {(props) => <Input {...props} inputMode="decimal" />}
        </Field>
        <Field name="doseUnit" id="treatment-dose-unit" label="Unit">
          {(props) => (
            <Select {...props}>
              <option value="">Unit</option>
              {DOSE_UNITS.map((u) => (
                <option key={u} value={u}>
                  {DOSE_UNIT_LABELS[u]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Field name="route" id="treatment-route" label="Route">
        {(props) => (
          <Select {...props}>
            <option value="">How it is given</option>
            {TREATMENT_ROUTES.map((r) => (
              <option key={r} value={r}>
                {TREATMENT_ROUTE_LABELS[r]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field name="startDate" id="treatment-start" label="First day">
        {(props) => <Input {...props} type="date" max={today} />}
      </Field>
      <Field name="endDate" id="treatment-end" label="Last day">
        {(props) => <Input {...props} type="date" />}
      </Field>
      <Field name="reason" id="treatment-reason" label="Reason" className="sm:col-span-2">
        {(props) => <Input {...props} maxLength={500} />}
      </Field>
      {conditionName && (
        <p className="flex items-center gap-2 text-sm text-stone-800 sm:col-span-2">
          Condition: <strong>{conditionName}</strong>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => form.setValue("conditionId", "")}
            aria-label="Unlink the condition"
          >
            <X size={14} aria-hidden />
          </Button>
        </p>
      )}
      <Field
        name="eggWithdrawalDays"
        id="treatment-egg-days"
        label="Egg withdrawal (days)"
        after={
          <p className="mt-1 text-xs text-stone-700" aria-live="polite">
            {eggEnds ? `Eggs not for eating until ${eggEnds}` : "From the label or your vet"}
          </p>
        }
      >
        {(props) => <Input {...props} inputMode="numeric" />}
      </Field>
      <Field
        name="meatWithdrawalDays"
        id="treatment-meat-days"
        label="Meat withdrawal (days)"
        after={
          <p className="mt-1 text-xs text-stone-700" aria-live="polite">
            {meatEnds ? `Meat withdrawal ends ${meatEnds}` : "From the label or your vet"}
          </p>
        }
      >
        {(props) => <Input {...props} inputMode="numeric" />}
      </Field>
      <Field name="prescribedByVet" id="treatment-vet" label="Prescribed by a vet">
        {(props) => (
          <Select {...props}>
            <option value="no">No</option>
            <option value="yes">Yes</option>
          </Select>
        )}
      </Field>
      <Field name="notes" id="treatment-notes" label="Notes (optional)" className="sm:col-span-2">
        {(props) => <Textarea {...props} rows={2} maxLength={2000} />}
      </Field>
      <div className="sm:col-span-2">
        <FormError />
      </div>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} data-track="Save treatment">
          {save.isPending ? "Saving…" : record ? "Save changes" : "Record treatment"}
        </Button>
      </div>
    </Form>
  );
}
