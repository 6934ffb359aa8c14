import { errorMessage } from "@/lib/api-client";

/** Words for a failed passkey ceremony: the browser's refusals, else the server's message. */
export function passkeyErrorMessage(err: unknown): string {
  const name = err instanceof Error ? err.name : "";
  if (name === "NotAllowedError" || name === "AbortError") {
    return "The passkey request was cancelled or timed out.";
  }
  if (name === "InvalidStateError") return "This device already holds a passkey for your account.";
  return errorMessage(err);
}
