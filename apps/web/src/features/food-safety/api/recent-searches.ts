import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RecentSearch } from "@flockkeeper/shared/schemas/recent-search";
import { apiGet, apiSend } from "@/lib/api-client";

export const recentSearchesKey = ["recent-searches"] as const;

export const recentSearchesQueryOptions = () =>
  queryOptions({
    queryKey: recentSearchesKey,
    queryFn: () => apiGet<RecentSearch[]>("/api/recent-searches"),
  });

/** The signed-in keeper's latest food searches (`GET /api/recent-searches`). */
export function useRecentSearches(enabled: boolean) {
  return useQuery({ ...recentSearchesQueryOptions(), enabled });
}

/** `POST /api/recent-searches`. */
export function useAddRecentSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (term: string) => apiSend<RecentSearch>("POST", "/api/recent-searches", { term }),
    onSuccess: () => qc.invalidateQueries({ queryKey: recentSearchesKey }),
  });
}

/** `DELETE /api/recent-searches/:id`. */
export function useDeleteRecentSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend("DELETE", `/api/recent-searches/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: recentSearchesKey }),
  });
}
