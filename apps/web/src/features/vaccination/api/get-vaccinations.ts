import { queryOptions, useQuery } from "@tanstack/react-query";
import type { VaccinationRecord } from "@flockkeeper/shared/schemas/vaccination";
import { apiGet } from "@/lib/api-client";

export const vaccinationsKey = ["vaccinations"] as const;

export const vaccinationsQueryOptions = () =>
  queryOptions({
    queryKey: vaccinationsKey,
    queryFn: () => apiGet<VaccinationRecord[]>("/api/vaccinations"),
  });

/** The signed-in keeper's vaccination records. */
export function useVaccinations(enabled: boolean) {
  return useQuery({ ...vaccinationsQueryOptions(), enabled });
}
