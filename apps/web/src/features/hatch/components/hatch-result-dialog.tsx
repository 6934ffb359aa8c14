import { useState, type FormEvent } from "react";
import { hatchResultBody, type HatchRecord } from "@flockkeeper/shared/schemas/hatch-record";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FieldError, Input, Label } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { localToday, useMarkHatch, useRecordHatchResult } from "../api/hatch-records";

type Values = {
  date: string;
  hatched: string;
  pippedNotHatched: string;
  assisted: string;
  diedInShell: string;
  deformed: string;
};

const STATUS_TOAST = {
  title: "Hatch status updated",
  description: "The hatching status has been recorded!",
  variant: "success",
} as const;

/** Record the hatch: hatched, pipped but not hatched, assisted, died in shell, deformed. */
export function HatchResultDialog({
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
      title="Record the hatch"
      description="Recording the result ends the countdown and moves the batch to the archive."
    >
      {hatch && <ResultForm hatch={hatch} onDone={onClose} />}
    </Dialog>
  );
}

function ResultForm({ hatch, onDone }: { hatch: HatchRecord; onDone: () => void }) {
  const [v, setV] = useState<Values>({
    date: localToday(),
    hatched: "",
    pippedNotHatched: "",
    assisted: "",
    diedInShell: "",
    deformed: "",
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Values | "form", string>>>({});
  const record = useRecordHatchResult();
  const mark = useMarkHatch();
  const set = (k: keyof Values, value: string) => setV((x) => ({ ...x, [k]: value }));
  const limit = hatch.fertile ?? hatch.eggsSet;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = hatchResultBody.safeParse(v);
    const next: typeof errors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        next[issue.path[0] as keyof Values] ??= issue.message;
    else if (limit !== null && parsed.data.hatched > limit)
      next.hatched = `Hatched cannot be more than the ${limit} ${hatch.fertile !== null ? "fertile eggs" : "eggs set"}`;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await record.mutateAsync({ id: hatch.id, body: v });
      toast(STATUS_TOAST);
      onDone();
    } catch (err) {
      setErrors({ form: errorMessage(err) });
    }
  };

  const markFailed = async () => {
    try {
      await mark.mutateAsync({ id: hatch.id, body: { success: false } });
      toast(STATUS_TOAST);
      onDone();
    } catch (err) {
      setErrors({ form: errorMessage(err) });
    }
  };

  const num = (k: keyof Values, label: string, optional = true) => (
    <div>
      <Label htmlFor={`result-${k}`}>
        {label}
        {optional ? " (optional)" : ""}
      </Label>
      <Input
        id={`result-${k}`}
        type="number"
        inputMode="numeric"
        min={0}
        value={v[k]}
        onChange={(e) => set(k, e.target.value)}
        aria-invalid={errors[k] ? true : undefined}
        aria-describedby={errors[k] ? `result-${k}-error` : undefined}
      />
      <FieldError id={`result-${k}-error`} message={errors[k]} />
    </div>
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-stone-800">
        {hatch.eggsSet !== null ? `${hatch.eggsSet} eggs set` : "Eggs set not recorded"}
        {hatch.fertile !== null && ` · ${hatch.fertile} fertile at the last candling`}
      </p>
      <div>
        <Label htmlFor="result-date">Hatch date</Label>
        <Input
          id="result-date"
          type="date"
          min={hatch.incubationStartDate}
          value={v.date}
          onChange={(e) => set("date", e.target.value)}
          aria-invalid={errors.date ? true : undefined}
        />
        <FieldError message={errors.date} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        {num("hatched", "Hatched", false)}
        {num("pippedNotHatched", "Pipped, not hatched")}
        {num("assisted", "Assisted (of hatched)")}
        {num("diedInShell", "Died in shell")}
        {num("deformed", "Deformed (of hatched)")}
      </div>
      <FieldError message={errors.form} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="destructive" disabled={mark.isPending} onClick={() => void markFailed()}>
          Mark failed
        </Button>
        <Button
          type="submit"
          variant="success"
          disabled={record.isPending}
          data-track="Record Hatch Result"
        >
          Save result
        </Button>
      </div>
    </form>
  );
}
