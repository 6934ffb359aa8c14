import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { FoodSuggestion } from "@flockkeeper/shared/schemas/food-search";
import { apiGet } from "@/lib/api-client";

export const foodSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ["food-items", "suggestions", q.toLowerCase()],
    queryFn: () =>
      apiGet<FoodSuggestion[]>(`/api/food-items/suggestions?q=${encodeURIComponent(q)}`),
    staleTime: Infinity,
  });

/** Suggestions while the keeper types (from two letters on). */
export function useFoodSuggestions(q: string) {
  return useQuery({
    ...foodSuggestionsQueryOptions(q),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
