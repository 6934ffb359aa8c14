import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AffiliateBlock, AffiliateBlockCategory } from "@flockkeeper/shared/schemas/affiliate";
import { apiGet } from "@/lib/api-client";
import { AD_REFETCH_MS } from "./get-advertisements";

export const getAffiliateBlocks = (category?: AffiliateBlockCategory) =>
  apiGet<AffiliateBlock[]>(
    category ? `/api/affiliate-blocks?category=${category}` : "/api/affiliate-blocks",
  );

export const affiliateBlocksQuery = (category?: AffiliateBlockCategory) =>
  queryOptions({
    queryKey: ["affiliate-blocks", category ?? "all"],
    queryFn: () => getAffiliateBlocks(category),
    refetchInterval: AD_REFETCH_MS,
    staleTime: AD_REFETCH_MS,
  });

/** Active affiliate partners as blocks, links already resolved by the server. */
export const useAffiliateBlocks = (category?: AffiliateBlockCategory) =>
  useQuery(affiliateBlocksQuery(category));
