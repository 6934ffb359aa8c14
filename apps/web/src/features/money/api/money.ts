import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateTransactionBody,
  MoneySummary,
  Transaction,
  TransactionList,
  UpdateTransactionBody,
} from "@flockkeeper/shared/schemas/money";
import { apiGet, apiSend } from "@/lib/api-client";

/** Money (transactions, summary): every key starts with this. */
export const moneyKey = ["money"] as const;

/** The period and scope the money view shows (`flockId` empty: the whole farm). */
export type MoneyScope = { from: string; to: string; flockId: string };

export const moneyQueryString = ({ from, to, flockId }: MoneyScope) => {
  const q = new URLSearchParams({ from, to });
  if (flockId) q.set("flockId", flockId);
  return q.toString();
};

/** `GET /api/money/summary?from=&to=&flockId=`. */
export function useMoneySummary(scope: MoneyScope, enabled = true) {
  return useQuery({
    queryKey: [...moneyKey, "summary", scope],
    queryFn: () => apiGet<MoneySummary>(`/api/money/summary?${moneyQueryString(scope)}`),
    enabled,
  });
}

/** `GET /api/transactions?from=&to=&flockId=`. */
export function useTransactions(scope: MoneyScope, enabled = true) {
  return useQuery({
    queryKey: [...moneyKey, "transactions", scope],
    queryFn: () => apiGet<TransactionList>(`/api/transactions?${moneyQueryString(scope)}`),
    enabled,
  });
}

/** The CSV of the period (`GET /api/money/export`), as a link address. */
export const moneyCsvUrl = (scope: MoneyScope) => `/api/money/export?${moneyQueryString(scope)}`;

/** Refreshes every money answer (a write changes the totals and the list). */
export function useInvalidateMoney() {
  const qc = useQueryClient();
  return async () => {
    await qc.cancelQueries({ queryKey: moneyKey });
    await qc.invalidateQueries({ queryKey: moneyKey });
  };
}

/** `POST /api/transactions`. */
export function useCreateTransaction() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (body: CreateTransactionBody) =>
      apiSend<Transaction>("POST", "/api/transactions", body),
    onSuccess: invalidate,
  });
}

/** `PATCH /api/transactions/{id}`. */
export function useUpdateTransaction() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTransactionBody }) =>
      apiSend<Transaction>("PATCH", `/api/transactions/${id}`, body),
    onSuccess: invalidate,
  });
}
