import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Chicken } from "@flockkeeper/shared/schemas/chicken";
import { apiGet } from "@/lib/api-client";

export const chickensQueryKey = ["chickens"] as const;

/** `GET /api/chickens`: the keeper's birds. */
export const fetchChickens = () => apiGet<Chicken[]>("/api/chickens");

export const chickensQueryOptions = () =>
  queryOptions({ queryKey: chickensQueryKey, queryFn: fetchChickens });

/** The signed-in keeper's birds; skipped while signed out. */
export function useChickens(enabled = true) {
  return useQuery({ ...chickensQueryOptions(), enabled });
}
