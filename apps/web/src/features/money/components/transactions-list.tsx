import { useState } from "react";
import { CATEGORY_LABELS, UNIT_LABELS, formatMoney } from "@flockkeeper/shared/domain/money";
import type { Transaction } from "@flockkeeper/shared/schemas/money";
import type { Flock } from "@flockkeeper/shared/schemas/flock";
import { RecordActions } from "@/components/record-actions";
import { useDeferredDelete } from "@/lib/deferred-delete";
import { formatDay } from "@/lib/dates";
import { cn } from "@/lib/cn";
import { useInvalidateMoney } from "../api/money";
import { TransactionForm } from "./transaction-form";

/** The period's transactions, newest first, each with Edit and Delete (5 s of Undo). */
export function TransactionsList({
  items,
  flocks,
  currency,
  today,
}: {
  items: Transaction[];
  flocks: Flock[];
  currency: string;
  today: string;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const { hidden, remove } = useDeferredDelete();
  const invalidate = useInvalidateMoney();
  const shown = items.filter((t) => !hidden.has(t.id));
  if (shown.length === 0) {
    return <p className="text-sm text-stone-700">No transactions in this period yet.</p>;
  }
  return (
    <ul className="divide-y divide-stone-200" aria-label="Transactions">
      {shown.map((t) => {
        const label = CATEGORY_LABELS[t.category];
        const what = `${t.type} ${label.toLowerCase()} of ${formatMoney(t.amount, t.currency)} on ${formatDay(t.date)}`;
        return (
          <li key={t.id} className="py-2">
            {editing === t.id ? (
              <TransactionForm
                transaction={t}
                flocks={flocks}
                currency={currency}
                today={today}
                onDone={() => setEditing(null)}
              />
            ) : (
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-stone-900">
                    {label}
                    {t.quantity !== null && t.unit && (
                      <span className="font-normal text-stone-700">
                        {" "}
                        · {t.quantity} {UNIT_LABELS[t.unit]}
                      </span>
                    )}
                  </p>
                  <p className="text-sm break-words text-stone-700">
                    {formatDay(t.date)}
                    {t.flockName ? ` · ${t.flockName}` : ""}
                    {t.notes ? ` · ${t.notes}` : ""}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-1">
                  <span
                    className={cn(
                      "font-semibold tabular-nums",
                      t.type === "income" ? "text-green-800" : "text-red-800",
                    )}
                  >
                    {t.type === "income" ? "+" : "−"}
                    {formatMoney(t.amount, t.currency)}
                  </span>
                  <RecordActions
                    what={what}
                    onEdit={() => setEditing(t.id)}
                    onDelete={() =>
                      remove({
                        id: t.id,
                        url: `/api/transactions/${t.id}`,
                        title: "Transaction deleted",
                        onDeleted: invalidate,
                      })
                    }
                  />
                </div>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
