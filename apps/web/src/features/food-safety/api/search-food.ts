import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FoodItem } from "@flockkeeper/shared/schemas/food-search";
import { ApiError, apiGet } from "@/lib/api-client";

/** `GET /api/food-items/search?name=`: the best match, or null when the food is not in the database (404). */
export async function fetchFoodItem(name: string): Promise<FoodItem | null> {
  try {
    return await apiGet<FoodItem>(`/api/food-items/search?name=${encodeURIComponent(name)}`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
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
