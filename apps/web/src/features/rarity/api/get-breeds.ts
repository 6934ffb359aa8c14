import { queryOptions, useQuery } from "@tanstack/react-query";
import type { BreedSummary } from "@flockkeeper/shared/schemas/breeds-api";
import { apiGet } from "@/lib/api-client";

export const breedsQueryOptions = () =>
  queryOptions({
    queryKey: ["breeds"],
    queryFn: () => apiGet<BreedSummary[]>("/api/breeds"),
    staleTime: Infinity,
  });

/** Every breed with its rarity (`GET /api/breeds`). */
export function useBreeds() {
  return useQuery(breedsQueryOptions());
}
