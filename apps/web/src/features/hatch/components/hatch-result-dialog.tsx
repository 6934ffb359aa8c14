import { lazy, Suspense, useState } from "react";
import { hatchResultBody, type HatchRecord } from "@flockkeeper/shared/schemas/hatch-record";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Form, FormError, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { localToday, useMarkHatch, useRecordHatchResult } from "../api/hatch-records";

// Adding the chicks to the flock loads once a result with chicks is saved.
const AddChicks = lazy(() => import("./add-chicks").then((m) => ({ default: m.AddChicks })));

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

/**
 * Record the hatch: hatched, pipped but not hatched, assisted, died in shell, deformed. With chicks
 * hatched, the dialog then offers to add them to the flock.
 */
export function HatchResultDialog({
  hatch,
  onClose,
}: {
  hatch: HatchRecord | null;
  onClose: () => void;
}) {
  const [recorded, setRecorded] = useState<HatchRecord | null>(null);
  const close = () => {
    setRecorded(null);
    onClose();
  };
  return (
    <Dialog
      open={hatch !== null}
      onOpenChange={(o) => !o && close()}
      title={recorded ? "Add the chicks to your flock" : "Record the hatch"}
      description={
        recorded
          ? "A new flock, a flock you have, or birds of their own."
          : "Recording the result ends the countdown and moves the batch to the archive."
      }
    >
      {recorded ? (
        <Suspense fallback={<p className="text-stone-700">Loading...</p>}>
          <AddChicks hatch={recorded} onDone={close} />
        </Suspense>
      ) : (
        hatch && (
          <ResultForm
            hatch={hatch}
            onDone={close}
            onRecorded={(saved) => ((saved.hatched ?? 0) > 0 ? setRecorded(saved) : close())}
          />
        )
      )}
    </Dialog>
  );
}

function ResultForm({
  hatch,
  onDone,
  onRecorded,
}: {
  hatch: HatchRecord;
  onDone: () => void;
  onRecorded: (saved: HatchRecord) => void;
}) {
  const record = useRecordHatchResult();
  const mark = useMarkHatch();
  const limit = hatch.fertile ?? hatch.eggsSet;
  const form = useZodForm({
    schema: hatchResultBody,
    defaultValues: {
      date: localToday(),
      hatched: "",
      pippedNotHatched: "",
      assisted: "",
      diedInShell: "",
      deformed: "",
    } satisfies Values,
    check: (_v, body) => ({
      hatched:
        body !== null &&
        limit !== null &&
        body.hatched > limit &&
        `Hatched cannot be more than the ${limit} ${hatch.fertile !== null ? "fertile eggs" : "eggs set"}`,
    }),
  });

  const markFailed = async () => {
    try {
      await mark.mutateAsync({ id: hatch.id, body: { success: false } });
      toast(STATUS_TOAST);
      onDone();
    } catch (err) {
      form.setError("root", { message: errorMessage(err) });
    }
  };

  const num = (k: keyof Values, label: string, optional = true) => (
    <Field name={k} id={`result-${k}`} label={`${label}${optional ? " (optional)" : ""}`}>
      {(props) => <Input type="number" inputMode="numeric" min={0} {...props} />}
    </Field>
  );

  return (
    <Form
      form={form}
      className="space-y-4"
      onSubmit={async (_body, values) => {
        try {
          const saved = await record.mutateAsync({ id: hatch.id, body: values });
          toast(STATUS_TOAST);
          onRecorded(saved);
        } catch (err) {
          form.setError("root", { message: errorMessage(err) });
        }
      }}
    >
      <p className="text-sm text-stone-800">
        {hatch.eggsSet !== null ? `${hatch.eggsSet} eggs set` : "Eggs set not recorded"}
        {hatch.fertile !== null && ` · ${hatch.fertile} fertile at the last candling`}
      </p>
      <Field name="date" id="result-date" label="Hatch date">
        {(props) => <Input type="date" min={hatch.incubationStartDate} {...props} />}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        {num("hatched", "Hatched", false)}
        {num("pippedNotHatched", "Pipped, not hatched")}
        {num("assisted", "Assisted (of hatched)")}
        {num("diedInShell", "Died in shell")}
        {num("deformed", "Deformed (of hatched)")}
      </div>
      <FormError />
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
    </Form>
  );
}
