import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicAdvertisement } from "@flockkeeper/shared/schemas/advertisement";
import { apiGet } from "@/lib/api-client";

/** Spec section 9: ads are fetched again every 5 minutes. */
export const AD_REFETCH_MS = 5 * 60_000;

export const getAdvertisements = (category?: string) =>
  apiGet<PublicAdvertisement[]>(
    category
      ? `/api/advertisements?category=${encodeURIComponent(category)}`
      : "/api/advertisements",
  );

export const advertisementsQuery = (category?: string) =>
  queryOptions({
    queryKey: ["advertisements", category ?? "all"],
    queryFn: () => getAdvertisements(category),
    refetchInterval: AD_REFETCH_MS,
    staleTime: AD_REFETCH_MS,
  });

/** Active advertisements for a page's category (all when none). */
export const useAdvertisements = (category?: string) => useQuery(advertisementsQuery(category));
