import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Analytics } from "@flockkeeper/shared/schemas/analytics";
import { apiGet } from "@/lib/api-client";

/** Spec section 9: analytics refresh every 60 s. */
export const ANALYTICS_POLL_MS = 60_000;

export type AnalyticsRange = { from?: string; to?: string };

export const getAnalytics = ({ from, to }: AnalyticsRange) => {
  const q = new URLSearchParams();
  if (from) q.set("from", from);
  if (to) q.set("to", to);
  const qs = q.toString();
  return apiGet<Analytics>(`/api/admin/analytics${qs ? `?${qs}` : ""}`);
};

export const analyticsQuery = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: ["admin", "analytics", range.from ?? "", range.to ?? ""],
    queryFn: () => getAnalytics(range),
    refetchInterval: ANALYTICS_POLL_MS,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useAnalytics = (range: AnalyticsRange) => useQuery(analyticsQuery(range));
