import { useQuery } from "@tanstack/react-query";
import type { IncubationProfile } from "@flockkeeper/shared/schemas/incubation-profile";
import { apiGet } from "@/lib/api-client";

/** `GET /api/incubation-profiles`: the sourced profiles per species and variant. */
export const fetchIncubationProfiles = () =>
  apiGet<IncubationProfile[]>("/api/incubation-profiles");

export function useIncubationProfiles() {
  return useQuery({
    queryKey: ["incubation-profiles"],
    queryFn: fetchIncubationProfiles,
    staleTime: Infinity,
  });
}
