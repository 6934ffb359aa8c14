import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import type { AccountSecurity } from "@flockkeeper/shared/schemas/auth";
import { apiGet, apiSend } from "@/lib/api-client";

export const accountSecurityKey = ["account", "security"] as const;

/** `GET /api/auth/security`: passkeys, recovery codes left, recent sign-ins, re-auth window. */
export function useAccountSecurity() {
  return useQuery({
    queryKey: accountSecurityKey,
    queryFn: () => apiGet<AccountSecurity>("/api/auth/security"),
  });
}

/** Refreshes the security facts after a change (passkey, codes, re-authentication). */
function useRefreshSecurity() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: accountSecurityKey });
}

/** `POST /api/auth/password`: the current password and a new one; other sessions end. */
export function useChangePassword() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      apiSend("POST", "/api/auth/password", body),
    onSuccess: refresh,
  });
}

/** `POST /api/auth/recovery-codes`: ten new one-time codes; the old ones stop working. */
export function useNewRecoveryCodes() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: () => apiSend<{ codes: string[] }>("POST", "/api/auth/recovery-codes"),
    onSuccess: refresh,
  });
}

/**
 * The browser side of passkeys, loaded when a passkey button is pressed (alongside the server's
 * challenge), so the Account page's own code stays small.
 */
const loadWebAuthn = () => import("@simplewebauthn/browser");

/**
 * Adds a passkey: the server's challenge, the browser's authenticator (which asks the keeper),
 * then the signed answer back to the server.
 */
export async function addPasskey(): Promise<void> {
  const [webauthn, optionsJSON] = await Promise.all([
    loadWebAuthn(),
    apiSend<Parameters<typeof startRegistration>[0]["optionsJSON"]>(
      "POST",
      "/api/auth/passkeys/options",
    ),
  ]);
  const response = await webauthn.startRegistration({ optionsJSON });
  await apiSend("POST", "/api/auth/passkeys", { response });
}

export function useAddPasskey() {
  const refresh = useRefreshSecurity();
  return useMutation({ mutationFn: addPasskey, onSuccess: refresh });
}

/** `DELETE /api/auth/passkeys/:id`. */
export function useRemovePasskey() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (id: string) => apiSend("DELETE", `/api/auth/passkeys/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
}

type ReauthAnswer = { recentAuthUntil: string };

/** `POST /api/auth/reauth`: proves it is still the keeper with their password. */
export const reauthWithPassword = (password: string) =>
  apiSend<ReauthAnswer>("POST", "/api/auth/reauth", { password });

/** Proves it is still the keeper with one of their passkeys. */
export async function reauthWithPasskey(): Promise<ReauthAnswer> {
  const [webauthn, optionsJSON] = await Promise.all([
    loadWebAuthn(),
    apiSend<Parameters<typeof startAuthentication>[0]["optionsJSON"]>(
      "POST",
      "/api/auth/reauth/passkey/options",
    ),
  ]);
  const response = await webauthn.startAuthentication({ optionsJSON });
  return apiSend<ReauthAnswer>("POST", "/api/auth/reauth/passkey", { response });
}

/**
 * How long the last sign-in still allows risky actions, by the server's clock (its `Date` header),
 * so a phone whose clock is off still asks at the right time.
 */
export async function recentAuthLeftMs(): Promise<number> {
  let serverNow = Date.now();
  const security = await apiSend<AccountSecurity>(
    "GET",
    "/api/auth/security",
    undefined,
    (headers) => {
      const date = Date.parse(headers.get("date") ?? "");
      if (Number.isFinite(date)) serverNow = date;
    },
  );
  return Date.parse(security.recentAuthUntil) - serverNow;
}
