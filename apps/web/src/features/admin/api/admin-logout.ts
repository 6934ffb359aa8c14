import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminSession } from "@flockkeeper/shared/schemas/admin";
import { apiSend } from "@/lib/api-client";
import { adminSessionKey } from "./get-admin-session";

export const adminLogout = () => apiSend<null>("POST", "/api/admin/logout");

/** Ends the admin session; the page returns to the gate and admin data leaves the cache. */
export function useAdminLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: adminLogout,
    onSettled: () => {
      qc.setQueryData<AdminSession>(adminSessionKey, (s) =>
        s ? { ...s, isAdmin: false, expiresAt: null } : s,
      );
      qc.removeQueries({
        predicate: (q) => q.queryKey[0] === "admin" && q.queryKey[1] !== "session",
      });
      return qc.invalidateQueries({ queryKey: adminSessionKey });
    },
  });
}
