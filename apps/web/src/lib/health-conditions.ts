// The conditions base (names, species, which are notifiable) is read by the loss forms of the
// flock and the birds, and by the advice on a recorded loss: one fetcher and key here.
import { useQuery } from "@tanstack/react-query";
import type { ConditionSummary } from "@flockkeeper/shared/schemas/loss";
import { apiGet } from "@/lib/api-client";

/** `GET /api/health-conditions`: every condition A to Z (static for the server's life). */
export function useHealthConditions(enabled = true) {
  return useQuery({
    queryKey: ["health-conditions"],
    queryFn: () => apiGet<ConditionSummary[]>("/api/health-conditions"),
    staleTime: Infinity,
    enabled,
  });
}
