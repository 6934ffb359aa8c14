/** An API failure with the HTTP status (0 when the request never got an answer). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export const REQUEST_TIMEOUT_MS = 30_000;
export const TIMEOUT_MESSAGE = "Request timeout - please check your connection";
export const NETWORK_MESSAGE = "Network error - please check your internet connection";

/**
 * The one way the app calls its API (spec section 7): JSON body and content type only
 * when there is a body, no-cache, credentials, 30 s abort, and '{status}: {message}' errors.
 */
export async function apiSend<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  /** Called with the headers of a successful response (for answers that carry extra facts there). */
  onHeaders?: (headers: Headers) => void,
  /**
   * `keepalive`: the request outlives the page (a deletion sent as the keeper leaves).
   * `idempotencyKey`: sent as `Idempotency-Key`, so the same write sent again is kept once.
   */
  { idempotencyKey, ...init }: Pick<RequestInit, "keepalive"> & { idempotencyKey?: string } = {},
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
        "Cache-Control": "no-cache",
        ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      credentials: "include",
      signal: controller.signal,
      ...init,
    });
  } catch {
    throw new ApiError(0, controller.signal.aborted ? TIMEOUT_MESSAGE : NETWORK_MESSAGE);
  } finally {
    clearTimeout(timer);
  }
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    let parsed: unknown;
    let detail = text || res.statusText;
    try {
      parsed = JSON.parse(text);
      const message = (parsed as { message?: unknown }).message;
      if (typeof message === "string") detail = message;
    } catch {
      // Not JSON: keep the text as it is.
    }
    throw new ApiError(res.status, `${res.status}: ${detail}`, parsed);
  }
  onHeaders?.(res.headers);
  if (res.status === 204) return null as T;
  const type = res.headers.get("content-type") ?? "";
  return (type.includes("application/json") ? await res.json() : await res.text()) as T;
}

/** GET helper for query functions. */
export const apiGet = <T = unknown>(url: string) => apiSend<T>("GET", url);

/** The message to show a keeper: the server's message without the status prefix. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message.replace(/^\d{3}: /, "");
  return error instanceof Error ? error.message : String(error);
}
