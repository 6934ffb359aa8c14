// The keeper's birds are read by several features (the flock manager, the bird pickers of the photo
// analyses, the vaccination tracker, the production forms): one fetcher, one key, one hook, here
// below the features, so a change to a bird refreshes every list that shows it.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Chicken } from "@flockkeeper/shared/schemas/chicken";
import { apiGet } from "@/lib/api-client";

export const chickensQueryKey = ["chickens"] as const;

/** `GET /api/chickens`: the keeper's birds. */
export const fetchChickens = () => apiGet<Chicken[]>("/api/chickens");

export const chickensQueryOptions = () =>
  queryOptions({ queryKey: chickensQueryKey, queryFn: fetchChickens });

/** The signed-in keeper's birds; pass `false` while signed out to skip the request. */
export function useChickens(enabled = true) {
  return useQuery({ ...chickensQueryOptions(), enabled });
}
