import { useState, type FormEvent } from "react";
import { daysBetweenIso, isValidIsoDate } from "@flockkeeper/shared/domain/dates";
import { eggsDeveloping } from "@flockkeeper/shared/domain/incubation";
import { candlingBody, type HatchRecord } from "@flockkeeper/shared/schemas/hatch-record";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
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
  const [v, setV] = useState<Values>({
    date: localToday(),
    fertile: last ? String(last.fertile) : "",
    clear: last ? String(last.clear) : "",
    quitters: last ? String(last.quitters) : "0",
    bloodRings: "",
    notes: "",
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Values | "form", string>>>({});
  const add = useAddCandling();
  const set = (k: keyof Values, value: string) => setV((x) => ({ ...x, [k]: value }));
  const day = isValidIsoDate(v.date) ? daysBetweenIso(hatch.incubationStartDate, v.date) : null;
  const counts = { clear: Number(v.clear) || 0, quitters: Number(v.quitters) || 0 };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { ...v, day };
    const parsed = candlingBody.safeParse(body);
    const next: typeof errors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        next[issue.path[0] as keyof Values] ??= issue.message;
    else if (hatch.eggsSet !== null && parsed.data.fertile + parsed.data.clear > hatch.eggsSet)
      next.fertile = `Fertile and clear eggs cannot be more than the ${hatch.eggsSet} eggs set`;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await add.mutateAsync({ id: hatch.id, body });
      toast({
        title: "Candling recorded",
        description: `Day ${day} candling saved.`,
        variant: "success",
      });
      onDone();
    } catch (err) {
      setErrors({ form: errorMessage(err) });
    }
  };

  const num = (k: keyof Values, label: string, required = true) => (
    <div>
      <Label htmlFor={`candling-${k}`}>
        {label}
        {required ? "" : " (optional)"}
      </Label>
      <Input
        id={`candling-${k}`}
        type="number"
        inputMode="numeric"
        min={0}
        value={v[k]}
        onChange={(e) => set(k, e.target.value)}
        aria-invalid={errors[k] ? true : undefined}
        aria-describedby={errors[k] ? `candling-${k}-error` : undefined}
      />
      <FieldError id={`candling-${k}-error`} message={errors[k]} />
    </div>
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div>
        <Label htmlFor="candling-date">Date</Label>
        <Input
          id="candling-date"
          type="date"
          min={hatch.incubationStartDate}
          value={v.date}
          onChange={(e) => set("date", e.target.value)}
          aria-invalid={errors.date ? true : undefined}
          aria-describedby="candling-day"
        />
        <p id="candling-day" className="mt-1 text-sm text-stone-700">
          {day !== null && `Day ${day} of ${hatch.plan.incubationDays}`}
          {hatch.eggsSet !== null && ` · ${hatch.eggsSet} eggs set`}
        </p>
        <FieldError message={errors.date} />
      </div>
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
      <div>
        <Label htmlFor="candling-notes">Notes</Label>
        <Textarea
          id="candling-notes"
          value={v.notes}
          onChange={(e) => set("notes", e.target.value)}
        />
      </div>
      <FieldError message={errors.form} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={add.isPending} data-track="Record Candling">
          Save candling
        </Button>
      </div>
    </form>
  );
}
