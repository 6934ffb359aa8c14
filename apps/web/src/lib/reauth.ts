import { createContext, useContext } from "react";
import { ApiError } from "@/lib/api-client";

/** The keeper closed the "Confirm it's you" dialog: the action is dropped without an error. */
export class ReauthCancelled extends Error {
  constructor() {
    super("Confirmation cancelled");
    this.name = "ReauthCancelled";
  }
}

export const isReauthCancelled = (err: unknown) => err instanceof ReauthCancelled;

/** The server's answer when a risky action needs a sign-in from the last 10 minutes. */
export const isReauthRequired = (err: unknown) =>
  err instanceof ApiError &&
  err.status === 403 &&
  (err.body as { code?: unknown } | undefined)?.code === "REAUTH_REQUIRED";

export type Reauth = {
  /**
   * Runs a risky action (export, import, deletion, password change, passkeys, recovery codes);
   * when the server answers 403 REAUTH_REQUIRED it asks the keeper to confirm it is them, then
   * runs the action once more. Rejects with `ReauthCancelled` when the keeper cancels.
   */
  guard: <T>(action: () => Promise<T>) => Promise<T>;
  /**
   * Asks first when the last sign-in is too old (for plain download links, which cannot show a
   * 403 to the keeper, and for large uploads not worth sending twice).
   */
  ensureRecent: () => Promise<void>;
};

export const ReauthContext = createContext<Reauth | null>(null);

/** Re-authentication for risky actions (its provider is the account feature's `ReauthProvider`, placed by the route). */
export function useReauth(): Reauth {
  const reauth = useContext(ReauthContext);
  if (!reauth) throw new Error("useReauth needs a ReauthProvider above it");
  return reauth;
}
