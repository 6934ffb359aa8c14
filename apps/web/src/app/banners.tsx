import { useQuery } from "@tanstack/react-query";
import { WifiOff, TriangleAlert } from "lucide-react";
import { apiGet } from "@/lib/api-client";
import { useOnline } from "@/lib/pwa";

/** Offline banner and the connectivity banner driven by polling /api/health every 30 s. */
export function ConnectionBanners() {
  const online = useOnline();
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
        <WifiOff size={16} aria-hidden /> No internet connection. Some features may not work
        properly.
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
