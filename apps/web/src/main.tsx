import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { createQueryClient } from "@/lib/query-client";
import { captureInstallPrompt } from "@/lib/pwa";
import { ErrorBoundary } from "@/app/error-boundary";
import { AppRouter } from "@/app/navigation";
import { AppRoutes, preloadRoute } from "@/app/router";
import { stylesheetReady } from "@/lib/stylesheet";
import { warmIntl } from "@/lib/intl-warmup";
import "./index.css";

captureInstallPrompt();
// The page's chunk starts loading now, alongside React's first render of the layout.
void preloadRoute(window.location.pathname);
const queryClient = createQueryClient();
// The keeper's local copy (IndexedDB): read back offline, kept up to date online. Its own chunk,
// outside the first paint's JavaScript (lib/local-copy.ts).
void import("@/lib/local-copy").then((m) => m.startLocalCopy(queryClient)).catch(() => undefined);

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

const container = document.getElementById("root")!;
if (container.firstElementChild) {
  // The server sent this page prerendered (public pages): hydrate it at once, so React listens
  // for early clicks from the start (a click on a part not hydrated yet hydrates that part first,
  // then runs). If the page's chunk is still loading, React keeps the server's HTML of that part
  // and hydrates it when the chunk arrives. As a transition the hydration is done in small slices
  // that yield to the browser (a default-priority hydration is one long task: on a slow phone it
  // blocked input for hundreds of milliseconds, Lighthouse's TBT).
  // Hydration renders exactly the HTML, which the inlined critical CSS styles; the whole
  // stylesheet applies from now on, and navigations and dialogs wait for it (lib/stylesheet.ts).
  void stylesheetReady();
  // The browser's locale data loads in a worker, not in this thread (lib/intl-warmup.ts).
  warmIntl();
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  const root = createRoot(container);
  // Same reason: the first render of a page without prerendered HTML yields to input too.
  startTransition(() => root.render(app));
}

if (import.meta.env.PROD && "serviceWorker" in navigator) {
  // The service worker precaches the app shell so the app opens offline. It installs once the
  // page has loaded and the main thread is idle: its precache downloads never compete with the page.
  // A new version waits until the outbox is empty (lib/sw-update.ts).
  const register = () => void import("./lib/sw-update").then((m) => m.registerServiceWorker());
  const whenIdle = () =>
    "requestIdleCallback" in window ? requestIdleCallback(register) : setTimeout(register, 1000);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}
