import { useMutation } from "@tanstack/react-query";
import type { BulkSearchResult } from "@flockkeeper/shared/schemas/food-search";
import { apiSend } from "@/lib/api-client";

/** `POST /api/food-items/bulk-search` (Plant List Check). */
export function useBulkFoodSearch() {
  return useMutation({
    mutationFn: (names: string[]) =>
      apiSend<BulkSearchResult[]>("POST", "/api/food-items/bulk-search", { names }),
  });
}
