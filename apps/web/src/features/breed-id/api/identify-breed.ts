import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BreedIdResult, IdentifyBreedBody } from "@flockkeeper/shared/schemas/breed-id";
import type { Chicken, CreateChickenBody } from "@flockkeeper/shared/schemas/chicken";
import { apiSend } from "@/lib/api-client";
import { chickensQueryKey } from "@/lib/chickens";

/** `POST /api/identify-bird-breed` with base64 (no prefix) and a timestamp. */
export const identifyBreed = (body: IdentifyBreedBody) =>
  apiSend<BreedIdResult>("POST", "/api/identify-bird-breed", body);

export function useIdentifyBreed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: identifyBreed,
    retry: false,
    onSuccess: (r) => {
      if (r.analysisId) void qc.invalidateQueries({ queryKey: ["analyses"] });
    },
  });
}

/** `POST /api/chickens` (the flock manager's endpoint) from the breed-ID result. */
export function useAddToFlock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChickenBody) => apiSend<Chicken>("POST", "/api/chickens", body),
    onSuccess: () => qc.invalidateQueries({ queryKey: chickensQueryKey }),
  });
}
