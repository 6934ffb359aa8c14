import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminSession } from "@flockkeeper/shared/schemas/admin";
import { apiGet } from "@/lib/api-client";

export const adminSessionKey = ["admin", "session"] as const;

export const adminSessionQuery = queryOptions({
  queryKey: adminSessionKey,
  queryFn: () => apiGet<AdminSession>("/api/admin/session"),
  staleTime: 60_000,
});

/** Whether this browser holds an admin session, and how the gate can be opened. */
export const useAdminSession = () => useQuery(adminSessionQuery);
