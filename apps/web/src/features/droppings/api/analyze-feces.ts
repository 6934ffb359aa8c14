import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AnalyzeFecesBody, DroppingsResult } from "@flockkeeper/shared/schemas/droppings";
import { useAuth } from "@/lib/auth";
import { sendPhotoAnalysis } from "@/lib/kept-analysis";

/**
 * `POST /api/analyze-feces` with the photo as a data URL; offline, a signed-in keeper's photo is
 * kept and analysed when the connection returns (lib/kept-analysis.ts).
 */
export const analyzeFeces = (body: AnalyzeFecesBody, userId: string | null) =>
  sendPhotoAnalysis<DroppingsResult>(
    "/api/analyze-feces",
    body,
    { field: "image", as: "dataUrl" },
    "Droppings photo",
    userId,
  );

/** Runs a droppings analysis; a saved result refreshes the keeper's history. */
export function useAnalyzeFeces() {
  const qc = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (body: AnalyzeFecesBody) => analyzeFeces(body, user?.id ?? null),
    // Each analysis may cost a model call: never repeat one automatically.
    retry: false,
    onSuccess: (r) => {
      if ("analysisId" in r && r.analysisId) void qc.invalidateQueries({ queryKey: ["analyses"] });
    },
  });
}
