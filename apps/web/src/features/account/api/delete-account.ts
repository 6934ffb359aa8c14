import { useMutation } from "@tanstack/react-query";
import { apiSend } from "@/lib/api-client";

/** `DELETE /api/account` with the email typed again. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (confirmEmail: string) => apiSend("DELETE", "/api/account", { confirmEmail }),
  });
}
