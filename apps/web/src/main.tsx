import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { createQueryClient } from "@/lib/query-client";
import { captureInstallPrompt } from "@/lib/pwa";
import { ErrorBoundary } from "@/app/error-boundary";
import { AppRouter } from "@/app/navigation";
import { AppRoutes, preloadRoute } from "@/app/router";
import "./index.css";

captureInstallPrompt();
// The page's chunk starts loading now, alongside React's first render of the layout.
void preloadRoute(window.location.pathname);
const queryClient = createQueryClient();

const app = (
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AppRouter>
          <AppRoutes />
        </AppRouter>
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>
);

/**
 * A prerendered page arrives with the CSS its markup uses inlined and the whole stylesheet loading
 * without blocking the paint (`media="print"`, vite/prerender-plugin.ts). It applies to all media
 * from here on, and hydration waits for it, so what React renders next is never unstyled.
 */
function wholeStylesheet(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>("link[data-deferred-css]");
  if (!link) return Promise.resolve();
  link.media = "all";
  if (link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => resolve(), { once: true });
  });
}

const container = document.getElementById("root")!;
if (container.firstElementChild) {
  // The server sent this page prerendered (public pages): hydrate it at once, so React listens
  // for (and replays) early clicks. If the page's chunk is still loading, React keeps the server's
  // HTML of that part and hydrates it when the chunk arrives. As a transition the hydration is
  // done in small slices that yield to the browser (a default-priority hydration is one long
  // task: on a slow phone it blocked input for hundreds of milliseconds, Lighthouse's TBT).
  // The stylesheet is normally in by now (it was requested with the HTML, before the scripts).
  void wholeStylesheet().then(() =>
    startTransition(() => {
      hydrateRoot(container, app);
    }),
  );
} else {
  const root = createRoot(container);
  // Same reason: the first render of a page without prerendered HTML yields to input too.
  startTransition(() => root.render(app));
}

if (import.meta.env.PROD && "serviceWorker" in navigator) {
  // The service worker precaches the app shell so the app opens offline. It installs once the
  // page has loaded and the main thread is idle: its precache downloads never compete with the page.
  const register = () =>
    void import("virtual:pwa-register").then(({ registerSW }) => registerSW({ immediate: true }));
  const whenIdle = () =>
    "requestIdleCallback" in window ? requestIdleCallback(register) : setTimeout(register, 1000);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}
