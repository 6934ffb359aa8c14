import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateTreatmentInput,
  Treatment,
  UpdateTreatmentInput,
} from "@flockkeeper/shared/schemas/treatment";
import type { MedicationsResponse } from "@flockkeeper/shared/schemas/medication";
import { apiGet } from "@/lib/api-client";
import { editCheck, sendOrQueue } from "@/lib/outbox";
import { chickensQueryKey } from "@/lib/chickens";
import { flocksQueryKey } from "@/lib/flocks";

/** Treatments: every key starts with this. */
export const treatmentsKey = ["treatments"] as const;

export type TreatmentScope = { chickenId?: string; flockId?: string };

/**
 * `GET /api/treatments?chickenId=&flockId=`: a bird's with its flock's, a flock's with its birds',
 * or the farm's (no scope).
 */
export function useTreatments(scope: TreatmentScope = {}, enabled = true) {
  const q = new URLSearchParams();
  if (scope.chickenId) q.set("chickenId", scope.chickenId);
  if (scope.flockId) q.set("flockId", scope.flockId);
  const qs = q.toString();
  return useQuery({
    queryKey: [...treatmentsKey, scope.chickenId ?? null, scope.flockId ?? null],
    queryFn: () => apiGet<Treatment[]>(`/api/treatments${qs ? `?${qs}` : ""}`),
    enabled,
  });
}

/**
 * A treatment changes the eggs guard of birds and flocks and which baskets are withheld: refreshes
 * treatments, birds, flocks and baskets.
 */
export function useInvalidateTreatments() {
  const qc = useQueryClient();
  return async () => {
    await Promise.all(
      [treatmentsKey, chickensQueryKey, flocksQueryKey, ["egg-collections"]].map((queryKey) =>
        qc.invalidateQueries({ queryKey }),
      ),
    );
  };
}

/**
 * `POST /api/treatments`, or `PATCH /api/treatments/{id}` with an id. Offline, kept in the outbox
 * (an edit with the values it was made from, `record`, so a change made meanwhile shows).
 */
export function useSaveTreatment() {
  const invalidate = useInvalidateTreatments();
  return useMutation({
    mutationFn: ({
      id,
      body,
      record,
    }: {
      id?: string;
      body: CreateTreatmentInput | UpdateTreatmentInput;
      record?: Treatment | null;
    }) => {
      const label = `Treatment: ${String(body.product ?? record?.product ?? "")}`;
      return id
        ? sendOrQueue<Treatment>(
            "PATCH",
            `/api/treatments/${id}`,
            body,
            `${label} (change)`,
            record ? editCheck("/api/treatments", record, body) : undefined,
          )
        : sendOrQueue<Treatment>("POST", "/api/treatments", body, label);
    },
    onSuccess: invalidate,
  });
}

/** `GET /api/medications`: the medications list with its disclaimer (static: fetched once). */
export function useMedications(enabled = true) {
  return useQuery({
    queryKey: ["medications"],
    queryFn: () => apiGet<MedicationsResponse>("/api/medications"),
    staleTime: Infinity,
    enabled,
  });
}
