import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BreedIdResult, IdentifyBreedBody } from "@flockkeeper/shared/schemas/breed-id";
import type { Chicken, CreateChickenBody } from "@flockkeeper/shared/schemas/chicken";
import { apiSend } from "@/lib/api-client";
import { chickensQueryKey } from "@/lib/chickens";
import { useAuth } from "@/lib/auth";
import { sendPhotoAnalysis } from "@/lib/kept-analysis";

/**
 * `POST /api/identify-bird-breed` with base64 (no prefix) and a timestamp; offline, a signed-in
 * keeper's photo is kept and identified when the connection returns (lib/kept-analysis.ts).
 */
export const identifyBreed = (body: IdentifyBreedBody, userId: string | null) =>
  sendPhotoAnalysis<BreedIdResult>(
    "/api/identify-bird-breed",
    body,
    { field: "image", as: "base64" },
    "Breed ID photo",
    userId,
  );

export function useIdentifyBreed() {
  const qc = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (body: IdentifyBreedBody) => identifyBreed(body, user?.id ?? null),
    retry: false,
    onSuccess: (r) => {
      if ("analysisId" in r && r.analysisId) void qc.invalidateQueries({ queryKey: ["analyses"] });
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
