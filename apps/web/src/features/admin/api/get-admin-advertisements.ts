import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminAdvertisement } from "@flockkeeper/shared/schemas/advertisement";
import { apiGet } from "@/lib/api-client";

export const adminAdsKey = ["admin", "advertisements"] as const;

export const adminAdsQuery = queryOptions({
  queryKey: adminAdsKey,
  queryFn: () => apiGet<AdminAdvertisement[]>("/api/admin/advertisements"),
});

export const useAdminAdvertisements = () => useQuery(adminAdsQuery);
