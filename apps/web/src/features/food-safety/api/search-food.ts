import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FoodDidYouMean, FoodItem } from "@flockkeeper/shared/schemas/food-search";
import { ApiError, apiGet } from "@/lib/api-client";

/** A search answer: the food, or none with the closest foods as "Did you mean ...?". */
export interface FoodSearchAnswer {
  item: FoodItem | null;
  suggestions: FoodDidYouMean[];
}

/** Reads the "Did you mean" list of a 404 body; anything unexpected reads as none. */
function suggestionsOf(body: unknown): FoodDidYouMean[] {
  const list = (body as { suggestions?: unknown } | null)?.suggestions;
  return Array.isArray(list)
    ? list.filter(
        (s): s is FoodDidYouMean =>
          typeof s === "object" && s !== null && typeof (s as FoodDidYouMean).name === "string",
      )
    : [];
}

/** `GET /api/food-items/search?name=`: the food, or (404) none with suggestions. */
export async function fetchFoodItem(name: string): Promise<FoodSearchAnswer> {
  try {
    const item = await apiGet<FoodItem>(`/api/food-items/search?name=${encodeURIComponent(name)}`);
    return { item, suggestions: [] };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      return { item: null, suggestions: suggestionsOf(err.body) };
    }
    throw err;
  }
}

export const foodSearchQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ["food-items", "search", name.toLowerCase()],
    queryFn: () => fetchFoodItem(name),
    staleTime: Infinity,
  });

/** The food for a submitted search term (idle while the term is empty). */
export function useFoodSearch(name: string) {
  return useQuery({ ...foodSearchQueryOptions(name), enabled: name.length > 0 });
}
