import { useCallback, useSyncExternalStore } from "react";
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { AuthUser } from "@flockkeeper/shared/schemas/auth";
import { ApiError, apiGet } from "./api-client";

export const authQueryKey = ["auth", "user"] as const;

/** The current user, or null when signed out (a 401 is an answer, not an error). */
export async function fetchCurrentUser(): Promise<AuthUser | null> {
  try {
    return await apiGet<AuthUser>("/api/auth/user");
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** The answer in the cache: the user, null (signed out, or no answer to be had), undefined (loading). */
function cachedAuth(qc: QueryClient): AuthUser | null | undefined {
  const state = qc.getQueryState<AuthUser | null>(authQueryKey);
  if (!state) return undefined;
  if (state.data !== undefined) return state.data;
  return state.status === "error" ? null : undefined;
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
    (onChange: () => void) => qc.getQueryCache().subscribe(onChange),
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

/**
 * Sign-in and sign-out are full-page navigations to the server. Signing in from the home page
 * lands on Today (the home page is for visitors); from any other page, back on that page.
 */
export function signIn(returnTo = window.location.pathname + window.location.search) {
  const to = returnTo === "/" ? "/today" : returnTo;
  window.location.assign(`/api/login?returnTo=${encodeURIComponent(to)}`);
}

export function signOut() {
  window.location.assign("/api/logout");
}

/** First name, else email (spec: header shows the user's first name, else their email). */
export const displayName = (u: Pick<AuthUser, "firstName" | "email">) =>
  u.firstName || u.email || "Keeper";
