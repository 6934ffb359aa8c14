import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AffiliatePerformance } from "@flockkeeper/shared/schemas/affiliate";
import { apiGet } from "@/lib/api-client";

export const affiliatePerformanceQuery = queryOptions({
  queryKey: ["admin", "affiliates", "performance"],
  queryFn: () => apiGet<AffiliatePerformance>("/api/admin/affiliates/performance"),
  refetchInterval: 60_000,
});

/** Affiliate clicks per partner (admin only). */
export const useAffiliatePerformance = () => useQuery(affiliatePerformanceQuery);
