import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Chicken, CreateChickenBody } from "@flockkeeper/shared/schemas/chicken";
import { apiSend } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { chickensQueryKey } from "@/lib/chickens";

/** `POST /api/chickens`. */
export const createChicken = (body: CreateChickenBody) =>
  apiSend<Chicken>("POST", "/api/chickens", body);

/** `PATCH /api/chickens/{id}`. */
export const updateChicken = (id: string, body: CreateChickenBody) =>
  apiSend<Chicken>("PATCH", `/api/chickens/${id}`, body);

/** `DELETE /api/chickens/{id}`. */
export const deleteChicken = (id: string) => apiSend<null>("DELETE", `/api/chickens/${id}`);

/**
 * Adds or (given the bird) updates a bird, then refreshes the flock. Offline it is kept in the
 * outbox (lib/outbox.ts) and sent when the connection returns; a photo taken offline (a data URL
 * in `imageUrl`, which the server stores as it would an upload) is kept as a Blob beside it. An
 * edit carries the values it was made from, so a field someone else changed meanwhile is theirs.
 */
export function useSaveChicken() {
  const qc = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: async ({ chicken, body }: { chicken: Chicken | null; body: CreateChickenBody }) => {
      const { editCheck, knowOutboxUser, sendOrQueue } = await import("@/lib/outbox");
      knowOutboxUser(user?.id);
      const newPhoto = typeof body.imageUrl === "string" && body.imageUrl.startsWith("data:");
      const photo = newPhoto ? ({ field: "imageUrl", as: "dataUrl" } as const) : undefined;
      const name = String(body.name ?? chicken?.name ?? "");
      if (!chicken) {
        return sendOrQueue<Chicken>(
          "POST",
          "/api/chickens",
          body,
          `New bird: ${name}${newPhoto ? " (with photo)" : ""}`,
          undefined,
          photo,
        );
      }
      return sendOrQueue<Chicken>(
        "PATCH",
        `/api/chickens/${chicken.id}`,
        body,
        newPhoto ? `${name}: new photo` : `${name}: changes`,
        editCheck("/api/chickens", chicken, body),
        photo,
      );
    },
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
