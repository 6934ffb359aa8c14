import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StatsResponse } from "@flockkeeper/shared/schemas/stats";
import { apiGet } from "@/lib/api-client";

export const fetchStats = () => apiGet<StatsResponse>("/api/stats");

/** Live figures for the marketing pages; the server counts them at most once a minute. */
export const statsQuery = queryOptions({
  queryKey: ["stats"],
  queryFn: fetchStats,
  staleTime: 60_000,
});

export const useStats = () => useQuery(statsQuery);
