import { useQuery } from "@tanstack/react-query";
import type { Chicken } from "@flockkeeper/shared/schemas/chicken";
import { apiGet } from "@/lib/api-client";

/** The keeper's birds (`GET /api/chickens`, same key as the flock manager's list) for the bird pickers. */
export function useFlockBirds(enabled: boolean) {
  return useQuery({
    queryKey: ["chickens"],
    queryFn: () => apiGet<Chicken[]>("/api/chickens"),
    enabled,
  });
}
