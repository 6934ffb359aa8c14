import { onlineManager, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";

const isClientError = (e: unknown) => e instanceof ApiError && e.status >= 400 && e.status < 500;
const isServerError = (e: unknown) => e instanceof ApiError && e.status >= 500;

/** Retry delay: 1 s, doubling, capped at 30 s (spec section 9). */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/** TanStack Query with the spec's defaults: 5 min fresh, 10 min cache, refetch on focus. */
export function createQueryClient() {
  // TanStack Query assumes online until an event says otherwise: an app opened without a
  // connection starts offline, so its queries wait (keeping the local copy on screen) instead of
  // failing.
  if (typeof navigator !== "undefined") onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        refetchInterval: false,
        refetchOnWindowFocus: true,
        // A 4xx will not change by asking again; anything else gets up to 3 more tries.
        retry: (failureCount, error) => !isClientError(error) && failureCount < 3,
        retryDelay,
      },
      mutations: {
        // Offline, a write runs at once rather than waiting unseen for the connection: the writes
        // that can wait keep themselves in the outbox (lib/outbox.ts), the others say they need a
        // connection (a network error) instead of "Saving…" for ever.
        networkMode: "always",
        // Only server errors are retried, twice at most.
        retry: (failureCount, error) => isServerError(error) && failureCount < 2,
        retryDelay,
      },
    },
  });
}
