import { useQuery } from "@tanstack/react-query";
import type { MedicationsResponse } from "@flockkeeper/shared/schemas/medication";
import { apiGet } from "@/lib/api-client";

/** `GET /api/medications`: the sourced medications list and its disclaimer (static per server). */
export function useMedications() {
  return useQuery({
    queryKey: ["medications"],
    queryFn: () => apiGet<MedicationsResponse>("/api/medications"),
    staleTime: Infinity,
  });
}
