const SESSION_KEY = "analytics-session-id";

/** A random id per browser tab, kept in session storage (spec: click event sessionId). */
export function clickSessionId(): string {
  try {
    let id = sessionStorage.getItem(SESSION_KEY);
    if (!id) {
      id = crypto.randomUUID().replace(/-/g, "");
      sessionStorage.setItem(SESSION_KEY, id);
    }
    return id;
  } catch {
    return "no-session-storage";
  }
}

export type ClickEvent = {
  elementName: string;
  elementType: string;
  elementId?: string | null;
  page: string;
  metadata?: Record<string, string | number | boolean | null>;
};

/** Records a click; failures are ignored (analytics must never get in a keeper's way). */
export function trackClick(event: ClickEvent): void {
  const body = JSON.stringify({ ...event, sessionId: clickSessionId() });
  void fetch("/api/track-click", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
    credentials: "include",
    keepalive: true,
  }).catch(() => {});
}

/** Records clicks on any element carrying `data-track` (one listener for the whole app). */
export function installClickTracking(): () => void {
  const onClick = (e: MouseEvent) => {
    const el = (e.target as Element | null)?.closest<HTMLElement>("[data-track]");
    if (!el) return;
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(el.dataset)) {
      if (k.startsWith("trackMeta") && v !== undefined)
        metadata[k.slice(9).toLowerCase() || "value"] = v;
    }
    trackClick({
      elementName: el.dataset.track!.slice(0, 200),
      elementType: el.dataset.trackType ?? el.tagName.toLowerCase(),
      elementId: el.id || el.dataset.trackId || null,
      page: window.location.pathname,
      metadata: Object.keys(metadata).length ? metadata : undefined,
    });
  };
  document.addEventListener("click", onClick, { capture: true });
  return () => document.removeEventListener("click", onClick, { capture: true });
}
