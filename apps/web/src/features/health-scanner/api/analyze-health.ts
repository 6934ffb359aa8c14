import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AnalyzeHealthBody, BirdHealthResult } from "@flockkeeper/shared/schemas/bird-health";
import { useAuth } from "@/lib/auth";
import { sendPhotoAnalysis } from "@/lib/kept-analysis";

/**
 * `POST /api/analyze-health` with base64 (no prefix) and the species; offline, a signed-in
 * keeper's photo is kept and analysed when the connection returns (lib/kept-analysis.ts).
 */
export const analyzeHealth = (body: AnalyzeHealthBody, userId: string | null) =>
  sendPhotoAnalysis<BirdHealthResult>(
    "/api/analyze-health",
    body,
    { field: "image", as: "base64" },
    "Health check photo",
    userId,
  );

/** Runs a bird-health photo analysis; a saved result refreshes the keeper's history. */
export function useAnalyzeHealth() {
  const qc = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (body: AnalyzeHealthBody) => analyzeHealth(body, user?.id ?? null),
    retry: false,
    onSuccess: (r) => {
      if ("analysisId" in r && r.analysisId) void qc.invalidateQueries({ queryKey: ["analyses"] });
    },
  });
}
