import { useCallback, useSyncExternalStore } from "react";
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { AuthUser } from "@flockkeeper/shared/schemas/auth";
import { ApiError, apiGet } from "./api-client";
import { authQueryKey, hasNoLocalCopy, onLocalCopyMissing } from "./auth-key";
import { toast } from "./toast";

export { authQueryKey };

/** The current user, or null when signed out (a 401 is an answer, not an error). */
export async function fetchCurrentUser(): Promise<AuthUser | null> {
  try {
    return await apiGet<AuthUser>("/api/auth/user");
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/**
 * The answer in the cache: the user, null (signed out, or no answer to be had), undefined (loading).
 * Offline, the question waits for the connection; the keeper's local copy answers meanwhile (the
 * user it kept), or, with none, nobody.
 */
function cachedAuth(qc: QueryClient): AuthUser | null | undefined {
  const state = qc.getQueryState<AuthUser | null>(authQueryKey);
  if (state?.data !== undefined) return state.data;
  if (state?.status === "error") return null;
  if (hasNoLocalCopy() && typeof navigator !== "undefined" && !navigator.onLine) return null;
  return undefined;
}

/**
 * Who is signed in. Loading until `/api/auth/user` answers, and always while a prerendered page
 * hydrates: the HTML was built for nobody in particular and shows the loading state. React reads
 * the answer through `useSyncExternalStore` with "loading" as the server's value, so a part of the
 * page that hydrates after the answer came (its chunk was still loading) still matches the HTML,
 * and React renders the answer right after. Nothing re-renders after hydration when the answer
 * has not come yet (a hydrated flag here re-rendered every caller, whole pages, in one synchronous
 * task right after hydration: Lighthouse's total blocking time).
 */
export function useAuth() {
  const qc = useQueryClient();
  // Fetches (once, shared by every caller) and keeps the answer fresh.
  useQuery({ queryKey: authQueryKey, queryFn: fetchCurrentUser, retry: false });
  const subscribe = useCallback(
    (onChange: () => void) => {
      const offMissing = onLocalCopyMissing(onChange);
      const unsubscribe = qc.getQueryCache().subscribe(onChange);
      return () => {
        offMissing();
        unsubscribe();
      };
    },
    [qc],
  );
  const answer = useSyncExternalStore(
    subscribe,
    () => cachedAuth(qc),
    () => undefined,
  );
  const user = answer ?? null;
  return { user, isLoading: answer === undefined, isAuthenticated: user !== null };
}

export const SIGN_IN_OFFLINE = "Signing in needs a connection";
export const SIGN_OUT_OFFLINE = "Logging out needs a connection";

/**
 * Sign-in and sign-out are full-page navigations to the server: offline they say so instead.
 * Signing in from the home page lands on Today (the home page is for visitors); from any other
 * page, back on that page.
 */
export function signIn(returnTo = window.location.pathname + window.location.search) {
  if (!navigator.onLine) {
    toast({ title: SIGN_IN_OFFLINE, description: "Try again when you are back online." });
    return;
  }
  const to = returnTo === "/" ? "/today" : returnTo;
  window.location.assign(`/api/login?returnTo=${encodeURIComponent(to)}`);
}

/**
 * Logging out deletes the keeper's local copy and unsent changes from the device first (after
 * asking, when changes have not been sent yet).
 */
export async function signOut(userId?: string) {
  if (!navigator.onLine) {
    toast({ title: SIGN_OUT_OFFLINE, description: "Your data stays on this phone until then." });
    return;
  }
  try {
    const local = await import("./local-copy");
    const pending = userId ? await local.pendingCount(userId) : 0;
    if (
      pending > 0 &&
      !window.confirm(
        `${pending} ${pending === 1 ? "change has" : "changes have"} not been sent yet and will be lost. Log out anyway?`,
      )
    )
      return;
    await local.clearLocalCopy(userId);
  } catch {
    // IndexedDB unavailable (private mode): nothing was kept.
  }
  window.location.assign("/api/logout");
}

/** First name, else email (spec: header shows the user's first name, else their email). */
export const displayName = (u: Pick<AuthUser, "firstName" | "email">) =>
  u.firstName || u.email || "Keeper";
