import { useQuery } from "@tanstack/react-query";
import type { AccountSession } from "@flockkeeper/shared/schemas/account";
import { apiGet } from "@/lib/api-client";

export const accountSessionsKey = ["account", "sessions"] as const;

/** `GET /api/account/sessions`. */
export function useAccountSessions() {
  return useQuery({
    queryKey: accountSessionsKey,
    queryFn: () => apiGet<AccountSession[]>("/api/account/sessions"),
  });
}
