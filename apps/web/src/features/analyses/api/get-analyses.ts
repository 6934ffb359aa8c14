import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AnalysisKind, AnalysisRecord } from "@flockkeeper/shared/schemas/analysis";
import { apiGet, apiSend } from "@/lib/api-client";

/** Query key of the saved analyses; every analysis mutation invalidates ["analyses"]. */
export const analysesQueryKey = (kind?: AnalysisKind, birdId?: string) =>
  ["analyses", kind ?? "all", birdId ?? "all"] as const;

/** `GET /api/analyses?kind=&birdId=`: the keeper's saved analyses, newest first. */
export function fetchAnalyses(kind?: AnalysisKind, birdId?: string) {
  const q = new URLSearchParams();
  if (kind) q.set("kind", kind);
  if (birdId) q.set("birdId", birdId);
  const qs = q.toString();
  return apiGet<AnalysisRecord[]>(`/api/analyses${qs ? `?${qs}` : ""}`);
}

export const analysesQueryOptions = (kind?: AnalysisKind, birdId?: string) =>
  queryOptions({
    queryKey: analysesQueryKey(kind, birdId),
    queryFn: () => fetchAnalyses(kind, birdId),
  });

/** A signed-in keeper's saved analyses (skipped while signed out). */
export function useAnalyses(
  kind: AnalysisKind | undefined,
  birdId: string | undefined,
  enabled: boolean,
) {
  return useQuery({ ...analysesQueryOptions(kind, birdId), enabled });
}

/** `DELETE /api/analyses/{id}`. */
export function useDeleteAnalysis() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend("DELETE", `/api/analyses/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["analyses"] }),
  });
}
