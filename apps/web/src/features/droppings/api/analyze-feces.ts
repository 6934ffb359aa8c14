import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AnalyzeFecesBody, DroppingsResult } from "@flockkeeper/shared/schemas/droppings";
import { apiSend } from "@/lib/api-client";

/** `POST /api/analyze-feces` with the photo as a data URL. */
export const analyzeFeces = (body: AnalyzeFecesBody) =>
  apiSend<DroppingsResult>("POST", "/api/analyze-feces", body);

/** Runs a droppings analysis; a saved result refreshes the keeper's history. */
export function useAnalyzeFeces() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: analyzeFeces,
    // Each analysis may cost a model call: never repeat one automatically.
    retry: false,
    onSuccess: (r) => {
      if (r.analysisId) void qc.invalidateQueries({ queryKey: ["analyses"] });
    },
  });
}
