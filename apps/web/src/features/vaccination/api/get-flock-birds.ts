import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Chicken } from "@flockkeeper/shared/schemas/chicken";
import { apiGet } from "@/lib/api-client";

/** The keeper's birds (`GET /api/chickens`), to pick the vaccinated bird from. */
export const flockBirdsQueryOptions = () =>
  queryOptions({
    queryKey: ["chickens"],
    queryFn: () => apiGet<Chicken[]>("/api/chickens"),
  });

export function useFlockBirds(enabled: boolean) {
  return useQuery({ ...flockBirdsQueryOptions(), enabled });
}
