import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AnalyzeHealthBody, BirdHealthResult } from "@flockkeeper/shared/schemas/bird-health";
import { apiSend } from "@/lib/api-client";

/** `POST /api/analyze-health` with base64 (no prefix) and the species. */
export const analyzeHealth = (body: AnalyzeHealthBody) =>
  apiSend<BirdHealthResult>("POST", "/api/analyze-health", body);

/** Runs a bird-health photo analysis; a saved result refreshes the keeper's history. */
export function useAnalyzeHealth() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: analyzeHealth,
    retry: false,
    onSuccess: (r) => {
      if (r.analysisId) void qc.invalidateQueries({ queryKey: ["analyses"] });
    },
  });
}
