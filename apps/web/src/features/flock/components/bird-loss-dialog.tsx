import { z } from "zod";
import { todayIso } from "@flockkeeper/shared/domain/dates";
import { birdOutcome, type Chicken } from "@flockkeeper/shared/schemas/chicken";
import { notFutureDate } from "@flockkeeper/shared/schemas/common";
import {
  LOSS_CAUSE_LABELS,
  LOSS_CAUSES,
  takesLossCause,
  type LossCause,
} from "@flockkeeper/shared/domain/loss";
import { LossAdvice } from "@/components/loss-advice";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Form, FormError, useZodForm } from "@/components/ui/form";
import { Input, Select } from "@/components/ui/input";
import { MeatWarning } from "@/components/egg-guard";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useRecordLoss, type BirdLoss } from "../api/bird-life";
import { isHandedOver, OUTCOME_LABELS } from "../lib/outcome";
import { showServerErrors } from "@/lib/server-errors";
import { useHealthConditions } from "@/lib/health-conditions";

const LOSSES = birdOutcome.options.filter((o) => o !== "moved_out");
type Loss = (typeof LOSSES)[number];

type Values = {
  outcome: Loss;
  date: string;
  cause: string;
  lossCause: LossCause | "";
  conditionId: string;
  buyer: string;
  price: string;
};

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` });

const lossBody = z.object({
  outcome: z.enum(LOSSES as [Loss, ...Loss[]], { error: "Choose what happened" }),
  date: notFutureDate(),
  cause: optionalText(500, "Cause"),
  lossCause: z.enum(["", ...LOSS_CAUSES], { error: "Choose a cause from the list" }),
  conditionId: z.string(),
  buyer: optionalText(200, "Buyer"),
  price: z
    .string()
    .trim()
    .refine((v) => v === "" || (Number.isFinite(Number(v)) && Number(v) >= 0), {
      message: "Price must be a number of 0 or more",
    }),
});

/**
 * Record loss / sale: how a bird left (died, culled, slaughtered, sold, given away, a predator,
 * missing), when, and the cause or the buyer and price. The bird stays, greyed, with its records.
 */
export function BirdLossDialog({
  bird,
  onClose,
  onRecorded,
}: {
  bird: Chicken | null;
  onClose: () => void;
  onRecorded?: () => void;
}) {
  return (
    <Dialog
      open={bird !== null}
      onOpenChange={(o) => !o && onClose()}
      title={bird ? `Record loss / sale of ${bird.name}` : "Record loss / sale"}
      description="The bird stays in your records, with its eggs, weights and health history."
    >
      {bird && (
        <LossForm
          bird={bird}
          onCancel={onClose}
          onDone={() => {
            onRecorded?.();
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}

function LossForm({
  bird,
  onCancel,
  onDone,
}: {
  bird: Chicken;
  onCancel: () => void;
  onDone: () => void;
}) {
  const record = useRecordLoss();
  const now = new Date();
  const today = todayIso(now, now.getTimezoneOffset());
  const form = useZodForm({
    schema: lossBody,
    defaultValues: {
      outcome: "died",
      date: today,
      cause: "",
      lossCause: "",
      conditionId: "",
      buyer: "",
      price: "",
    } as Values,
  });
  const outcome = form.watch("outcome");
  const lossCause = form.watch("lossCause");
  const conditionId = form.watch("conditionId");
  const handedOver = isHandedOver(outcome);
  const withCause = takesLossCause(outcome);
  const conditions = useHealthConditions(withCause);
  const offered = (conditions.data ?? []).filter((c) => c.species.includes(bird.species));

  return (
    <Form
      form={form}
      className="space-y-4"
      onSubmit={async (body) => {
        const loss: BirdLoss = {
          outcome: body.outcome,
          date: body.date,
          ...(handedOver ? { buyer: body.buyer } : { cause: body.cause }),
          ...(body.outcome === "sold" && body.price !== "" ? { price: Number(body.price) } : {}),
          ...(takesLossCause(body.outcome) && body.lossCause ? { lossCause: body.lossCause } : {}),
          ...(takesLossCause(body.outcome) && body.conditionId
            ? { conditionId: body.conditionId }
            : {}),
        };
        try {
          await record.mutateAsync({ bird, loss });
          toast({
            title: `${bird.name}: ${OUTCOME_LABELS[body.outcome].toLowerCase()}`,
            variant: "success",
          });
          onDone();
        } catch (err) {
          const placed = showServerErrors(form, err, [
            "date",
            "cause",
            "lossCause",
            "conditionId",
            "buyer",
            "price",
          ]);
          if (!placed) form.setError("root", { message: errorMessage(err) });
        }
      }}
    >
      {bird.flockId && (
        <p className="text-sm text-stone-700">
          The bird is in a flock: its headcount goes down by one from this date.
        </p>
      )}
      <Field name="outcome" id="loss-outcome" label="What happened">
        {(props) => (
          <Select {...props}>
            {LOSSES.map((o) => (
              <option key={o} value={o}>
                {OUTCOME_LABELS[o]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field name="date" id="loss-date" label="Date">
        {(props) => <Input type="date" max={today} {...props} />}
      </Field>
      {(outcome === "slaughtered" || outcome === "sold") && (
        <MeatWarning until={bird.meatWithheldUntil} today={today} />
      )}
      {handedOver ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            name="buyer"
            id="loss-buyer"
            label={outcome === "sold" ? "Buyer (optional)" : "Given to (optional)"}
          >
            {(props) => <Input autoComplete="off" {...props} />}
          </Field>
          {/* A sale price is kept on the flock's event; a bird in no flock keeps only the buyer. */}
          {outcome === "sold" && bird.flockId && (
            <Field name="price" id="loss-price" label="Price (optional)">
              {(props) => <Input inputMode="decimal" {...props} />}
            </Field>
          )}
        </div>
      ) : (
        <>
          {withCause && (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field name="lossCause" id="loss-loss-cause" label="Loss cause">
                {(props) => (
                  <Select {...props}>
                    <option value="">Not recorded</option>
                    {LOSS_CAUSES.map((c) => (
                      <option key={c} value={c}>
                        {LOSS_CAUSE_LABELS[c]}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field name="conditionId" id="loss-condition" label="Condition (optional)">
                {(props) => (
                  <Select {...props}>
                    <option value="">None</option>
                    {offered.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </div>
          )}
          <Field name="cause" id="loss-cause" label="Cause (optional)">
            {(props) => <Input autoComplete="off" {...props} />}
          </Field>
          {withCause && (
            <LossAdvice
              type={outcome}
              count={1}
              lossCause={lossCause || null}
              conditionId={conditionId || null}
              conditions={conditions.data}
            />
          )}
        </>
      )}
      <FormError />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={record.isPending} data-track="Record Bird Loss">
          {record.isPending ? "Saving..." : "Record"}
        </Button>
      </div>
    </Form>
  );
}
