import { useCallback, useSyncExternalStore } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { WifiOff, TriangleAlert } from "lucide-react";
import { apiGet } from "@/lib/api-client";
import { formatMoment } from "@/lib/dates";
import { useOnline } from "@/lib/pwa";

/** When the newest answer on screen came from the server (0: none), live as the cache changes. */
function useLastUpdated(): number {
  const qc = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => qc.getQueryCache().subscribe(onChange),
    [qc],
  );
  return useSyncExternalStore(
    subscribe,
    () => {
      let newest = 0;
      for (const q of qc.getQueryCache().getAll()) {
        if (q.queryKey[0] === "health" || q.state.status !== "success") continue;
        newest = Math.max(newest, q.state.dataUpdatedAt);
      }
      return newest;
    },
    () => 0,
  );
}

/** "10:42" today, with the day before that. */
const updatedText = (at: number) => {
  const iso = new Date(at).toISOString();
  const sameDay = new Date(at).toDateString() === new Date().toDateString();
  return formatMoment(iso, sameDay ? "time" : "dateTime");
};

/** Offline banner and the connectivity banner driven by polling /api/health every 30 s. */
export function ConnectionBanners() {
  const online = useOnline();
  const updated = useLastUpdated();
  const health = useQuery({
    queryKey: ["health"],
    queryFn: () => apiGet<{ status: string }>("/api/health"),
    refetchInterval: 30_000,
    refetchOnWindowFocus: false,
    retry: 3,
    retryDelay: 1000,
    staleTime: 0,
    enabled: online,
  });
  if (!online) {
    return (
      <div
        role="status"
        className="flex items-center justify-center gap-2 bg-stone-800 px-4 py-2 text-sm text-white"
      >
        <WifiOff size={16} aria-hidden />
        {updated > 0 ? (
          <span data-testid="offline-note">Offline · last updated {updatedText(updated)}</span>
        ) : (
          <span>No internet connection. Some features may not work properly.</span>
        )}
      </div>
    );
  }
  if (health.isError) {
    return (
      <div
        role="status"
        className="flex items-center justify-center gap-2 bg-amber-200 px-4 py-2 text-sm text-amber-950"
      >
        <TriangleAlert size={16} aria-hidden /> App connectivity issues detected. Some features may
        be limited.
      </div>
    );
  }
  return null;
}
