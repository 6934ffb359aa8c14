import { WifiOff } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { KEPT_ANALYSIS_MESSAGE, KEPT_OFFLINE_MESSAGE } from "@/lib/kept-analysis";
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
  return (
    <p
      role="status"
      data-testid="needs-connection"
      className={`flex items-center gap-2 rounded-md bg-stone-100 px-3 py-2 text-sm text-stone-800 ${className ?? ""}`}
    >
      <WifiOff size={16} aria-hidden />{" "}
      {kept ?? `${what} needs a connection. You are offline: try again when you are back online.`}
    </p>
  );
}

/**
 * The photo analysers' offline notice (lib/kept-analysis.ts): a signed-in keeper's photo is kept
 * and analysed when the connection returns, and once one is kept the page says so.
 */
export function AnalysisOfflineNotice({
  what,
  signedIn,
  kept,
}: {
  what: string;
  signedIn: boolean;
  kept: boolean;
}) {
  return (
    <>
      <NeedsConnection what={what} kept={signedIn ? KEPT_OFFLINE_MESSAGE : undefined} />
      {kept && (
        <Alert role="status" data-testid="analysis-kept">
          {KEPT_ANALYSIS_MESSAGE}
        </Alert>
      )}
    </>
  );
}
