import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "@/lib/api-client";
import { adminSessionKey } from "./get-admin-session";

/** `POST /api/admin/login`: with the password, or without one for an ADMIN_EMAILS keeper. */
export const adminLogin = (password?: string) =>
  apiSend<{ ok: true; expiresAt: string }>(
    "POST",
    "/api/admin/login",
    password ? { password } : {},
  );

export function useAdminLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: adminLogin,
    retry: false,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminSessionKey }),
  });
}
