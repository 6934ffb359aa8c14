import { useQuery } from "@tanstack/react-query";
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

/**
 * Who is signed in. Loading until `/api/auth/user` answers, and so while a prerendered page
 * hydrates: the HTML was built for nobody in particular and shows the loading state, and the
 * browser's first render has no answer yet either, so both agree without waiting for hydration
 * to end (a hydrated flag here re-rendered every caller, whole pages, in one synchronous task
 * right after hydration: Lighthouse's total blocking time). The first change comes with the answer.
 */
export function useAuth() {
  const query = useQuery({ queryKey: authQueryKey, queryFn: fetchCurrentUser, retry: false });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}

/** Sign-in and sign-out are full-page navigations to the server. */
export function signIn(returnTo = window.location.pathname + window.location.search) {
  window.location.assign(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
}

export function signOut() {
  window.location.assign("/api/logout");
}

/** First name, else email (spec: header shows the user's first name, else their email). */
export const displayName = (u: Pick<AuthUser, "firstName" | "email">) =>
  u.firstName || u.email || "Keeper";
