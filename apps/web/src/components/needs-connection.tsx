import { WifiOff } from "lucide-react";
import { useOnline } from "@/lib/pwa";

/**
 * Said instead of a spinner or an error when something needs the server and there is no
 * connection (sign-in, the forecast, photo analysis, export): nothing happens until it returns.
 */
export function NeedsConnection({
  what,
  className,
  kept,
}: {
  what: string;
  className?: string;
  /** Said instead when what is asked is kept and done once the connection returns. */
  kept?: string;
}) {
  const online = useOnline();
  if (online) return null;
  if (kept) {
    return (
      <p
        role="status"
        data-testid="needs-connection"
        className={`flex items-center gap-2 rounded-md bg-stone-100 px-3 py-2 text-sm text-stone-800 ${className ?? ""}`}
      >
        <WifiOff size={16} aria-hidden /> {kept}
      </p>
    );
  }
  return (
    <p
      role="status"
      data-testid="needs-connection"
      className={`flex items-center gap-2 rounded-md bg-stone-100 px-3 py-2 text-sm text-stone-800 ${className ?? ""}`}
    >
      <WifiOff size={16} aria-hidden /> {what} needs a connection. You are offline: try again when
      you are back online.
    </p>
  );
}
