import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AffiliatePartner } from "@flockkeeper/shared/schemas/affiliate";
import { apiGet } from "@/lib/api-client";

export const affiliatesKey = ["admin", "affiliates"] as const;

export const affiliatesQuery = queryOptions({
  queryKey: affiliatesKey,
  queryFn: () => apiGet<AffiliatePartner[]>("/api/admin/affiliates"),
});

/** Every affiliate partner with its application (admin only). */
export const useAffiliates = () => useQuery(affiliatesQuery);
