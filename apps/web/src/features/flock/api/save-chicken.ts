import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Chicken, CreateChickenBody } from "@flockkeeper/shared/schemas/chicken";
import { apiSend } from "@/lib/api-client";
import { chickensQueryKey } from "@/lib/chickens";

/** `POST /api/chickens`. */
export const createChicken = (body: CreateChickenBody) =>
  apiSend<Chicken>("POST", "/api/chickens", body);

/** `PATCH /api/chickens/{id}`. */
export const updateChicken = (id: string, body: CreateChickenBody) =>
  apiSend<Chicken>("PATCH", `/api/chickens/${id}`, body);

/** `DELETE /api/chickens/{id}`. */
export const deleteChicken = (id: string) => apiSend<null>("DELETE", `/api/chickens/${id}`);

/** Adds or (with an id) updates a bird, then refreshes the flock. */
export function useSaveChicken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateChickenBody }) =>
      id ? updateChicken(id, body) : createChicken(body),
    onSuccess: () => qc.invalidateQueries({ queryKey: chickensQueryKey }),
  });
}

/** Removes a bird; its egg records go with it. */
export function useDeleteChicken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteChicken,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: chickensQueryKey });
      await qc.invalidateQueries({ queryKey: ["egg-records"] });
    },
  });
}
