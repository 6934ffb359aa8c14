import { useQuery } from "@tanstack/react-query";
import type { AuthUser } from "@flockkeeper/shared/schemas/auth";
import { ApiError, apiGet } from "./api-client";
import { useHydrated } from "./hydration";

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
 * Who is signed in. Still loading while a prerendered page hydrates: the HTML was built for
 * nobody in particular, so it shows the loading state, never a signed-out one.
 */
export function useAuth() {
  const hydrated = useHydrated();
  const query = useQuery({ queryKey: authQueryKey, queryFn: fetchCurrentUser, retry: false });
  const user = hydrated ? (query.data ?? null) : null;
  return { user, isLoading: !hydrated || query.isLoading, isAuthenticated: user !== null };
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
