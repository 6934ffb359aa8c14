import { useMutation } from "@tanstack/react-query";
import { apiSend } from "@/lib/api-client";

/** `POST /api/account/sessions/sign-out-everywhere`: ends every session, this one included. */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: () =>
      apiSend<{ ended: number }>("POST", "/api/account/sessions/sign-out-everywhere"),
  });
}
