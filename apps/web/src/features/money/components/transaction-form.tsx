import { useEffect } from "react";
import type { z } from "zod";
import { FUTURE_DATE_MESSAGE } from "@flockkeeper/shared/schemas/common";
import {
  CATEGORY_LABELS,
  EXPENSE_CATEGORIES,
  INCOME_CATEGORIES,
  TRANSACTION_UNITS,
  UNIT_LABELS,
} from "@flockkeeper/shared/domain/money";
import {
  createTransactionBody,
  updateTransactionBody,
  type Transaction,
} from "@flockkeeper/shared/schemas/money";
import type { Flock } from "@flockkeeper/shared/schemas/flock";
import { Button } from "@/components/ui/button";
import { Field, Form, FormError, useZodForm } from "@/components/ui/form";
import { Input, Select, Textarea } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { showServerErrors } from "@/lib/server-errors";
import { toast } from "@/lib/toast";
import { useCreateTransaction, useUpdateTransaction } from "../api/money";

type Values = {
  type: string;
  category: string;
  date: string;
  amount: string;
  flockId: string;
  quantity: string;
  unit: string;
  notes: string;
};
const FIELDS = [
  "type",
  "category",
  "date",
  "amount",
  "flockId",
  "quantity",
  "unit",
  "notes",
] as const;

const categoriesOf = (type: string): readonly string[] =>
  type === "income" ? INCOME_CATEGORIES : EXPENSE_CATEGORIES;

/**
 * Adds a transaction (`POST /api/transactions`) or corrects one (`PATCH`): type, category, date,
 * amount in the keeper's currency, optionally a flock, a quantity with its unit (3 dozen eggs, 2
 * bags of 25 kg) and notes. Checked by the same schema the server uses.
 */
export function TransactionForm({
  transaction,
  flocks,
  currency,
  today,
  onDone,
}: {
  transaction?: Transaction;
  flocks: Flock[];
  currency: string;
  today: string;
  onDone: () => void;
}) {
  const create = useCreateTransaction();
  const update = useUpdateTransaction();
  const form = useZodForm({
    schema: transaction ? updateTransactionBody : createTransactionBody,
    defaultValues: {
      type: transaction?.type ?? "income",
      category: transaction?.category ?? "eggs",
      date: transaction?.date ?? today,
      amount: transaction ? String(transaction.amount) : "",
      flockId: transaction?.flockId ?? "",
      quantity: transaction?.quantity === null || !transaction ? "" : String(transaction.quantity),
      unit: transaction?.unit ?? "",
      notes: transaction?.notes ?? "",
    } satisfies Values,
    check: (v: Values) => ({ date: v.date > today && FUTURE_DATE_MESSAGE }),
  });
  const type = form.watch("type");
  const category = form.watch("category");
  // A category of the other type is not offered: switching type picks the new type's first.
  useEffect(() => {
    if (!categoriesOf(type).includes(category)) form.setValue("category", categoriesOf(type)[0]!);
  }, [type, category, form]);
  const pending = create.isPending || update.isPending;
  const id = transaction ? `tx-${transaction.id.slice(0, 8)}` : "tx-new";

  const submit = async (
    body: z.output<typeof createTransactionBody> | z.output<typeof updateTransactionBody>,
  ) => {
    try {
      if (transaction) {
        // Blank optional fields clear what was stored.
        await update.mutateAsync({
          id: transaction.id,
          body: {
            ...body,
            flockId: body.flockId ?? null,
            quantity: body.quantity ?? null,
            unit: body.unit ?? null,
            notes: body.notes ?? null,
          },
        });
        toast({ title: "Transaction updated", variant: "success" });
      } else {
        await create.mutateAsync(body as z.output<typeof createTransactionBody>);
        toast({
          title: body.type === "income" ? "Income recorded" : "Expense recorded",
          variant: "success",
        });
      }
      onDone();
    } catch (err) {
      if (!showServerErrors(form, err, FIELDS)) {
        form.setError("root", { type: "server", message: errorMessage(err) });
      }
    }
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      className="space-y-3"
      aria-label={transaction ? "Edit transaction" : "Add transaction"}
    >
      <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2">
        <Field name="type" id={`${id}-type`} label="Type">
          {(p) => (
            <Select {...p}>
              <option value="income">Income</option>
              <option value="expense">Expense</option>
            </Select>
          )}
        </Field>
        <Field name="category" id={`${id}-category`} label="Category">
          {(p) => (
            <Select {...p}>
              {categoriesOf(type).map((c) => (
                <option key={c} value={c}>
                  {CATEGORY_LABELS[c as keyof typeof CATEGORY_LABELS]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field name="date" id={`${id}-date`} label="Date">
          {(p) => <Input {...p} type="date" max={today} />}
        </Field>
        <Field name="amount" id={`${id}-amount`} label={`Amount (${currency})`}>
          {(p) => <Input {...p} inputMode="decimal" autoComplete="off" />}
        </Field>
        <Field name="quantity" id={`${id}-quantity`} label="Quantity (optional)">
          {(p) => <Input {...p} inputMode="decimal" autoComplete="off" />}
        </Field>
        <Field name="unit" id={`${id}-unit`} label="Unit (optional)">
          {(p) => (
            <Select {...p}>
              <option value="">No unit</option>
              {TRANSACTION_UNITS.map((u) => (
                <option key={u} value={u}>
                  {UNIT_LABELS[u]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Field name="flockId" id={`${id}-flock`} label="Flock (optional)">
        {(p) => (
          <Select {...p}>
            <option value="">The whole farm</option>
            {flocks.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field name="notes" id={`${id}-notes`} label="Notes (optional)">
        {(p) => <Textarea {...p} rows={2} />}
      </Field>
      {type === "expense" && category === "feed" && (
        <p className="text-sm text-stone-700">
          Feed bought here is counted once, apart from the cost on feed records: put a feed&apos;s
          cost in one place. With a quantity in kg, lb or bags, it also counts towards feed stock.
        </p>
      )}
      <FormError />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : transaction ? "Save transaction" : "Add transaction"}
        </Button>
      </div>
    </Form>
  );
}
