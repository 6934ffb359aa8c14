import { StrictMode, startTransition } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { createQueryClient } from "@/lib/query-client";
import { captureInstallPrompt } from "@/lib/pwa";
import { holdEarlyClicks, releaseEarlyClicks } from "@/lib/early-clicks";
import { ErrorBoundary } from "@/app/error-boundary";
import { AppRouter } from "@/app/navigation";
import { AppRoutes, preloadRoute } from "@/app/router";
import { stylesheetReady } from "@/lib/stylesheet";
import { warmIntl } from "@/lib/intl-warmup";
import "./index.css";

// The page boots in three short tasks rather than one long one: this module and the app's
// (router, layout, data layer), then React DOM (app/boot-react.ts, the largest module a page
// runs), then hydration, itself sliced (below). On a slow phone one task that evaluated all of it
// was a page's longest, most of Lighthouse's Total Blocking Time, and a tap waited for it. A
// prerendered page loads this code only after its first paint (its inline loader, packages/
// shared/src/site/boot-script.ts); a tap on a button before the page has hydrated is held and
// replayed then (lib/early-clicks.ts). React DOM's chunk is preloaded with the rest
// (vite/boot-preload-plugin.ts): no wait for the network in between.
holdEarlyClicks();
captureInstallPrompt();
const queryClient = createQueryClient();
// Requests start from a microtask (right after this module has run), not from its top level: a
// request carries the JavaScript stack that started it (DevTools' "initiator"), and with a
// debugger attached (Lighthouse) V8 re-parses every function on that stack to number its lines,
// here the whole entry chunk (~5 ms of the main thread).
queueMicrotask(() => {
  // The page's chunk starts loading now, alongside React DOM.
  void preloadRoute(window.location.pathname);
  // The keeper's local copy (IndexedDB): read back offline, kept up to date online. Its own
  // chunk, outside the first paint's JavaScript (lib/local-copy.ts).
  void import("@/lib/local-copy").then((m) => m.startLocalCopy(queryClient)).catch(() => undefined);
});

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

/** The next task: the browser handles input and paints between two boot stages. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot() {
  await nextTask();
  const { createRoot, hydrateRoot } = await import("@/app/boot-react");
  await nextTask();
  const container = document.getElementById("root")!;
  if (container.firstElementChild) {
    // The server sent this page prerendered (public pages): hydrate it now, so React listens for
    // taps from here on (a tap on a part not hydrated yet hydrates that part first, then runs).
    // If the page's chunk is still loading, React keeps the server's HTML of that part and
    // hydrates it when the chunk arrives. As a transition the hydration is done in small slices
    // that yield to the browser (a default-priority hydration is one long task: on a slow phone
    // it blocked input for hundreds of milliseconds, Lighthouse's TBT).
    // The browser's locale data loads in a worker, not in this thread (lib/intl-warmup.ts); it
    // starts before hydration (components/local-date.tsx).
    warmIntl();
    startTransition(() => {
      hydrateRoot(container, app);
    });
    // Hydration renders exactly the HTML, which the inlined critical CSS styles. The whole
    // stylesheet applies from the next task on (its style pass is a task of its own, not part of
    // this one), and navigations and dialogs wait for it (lib/stylesheet.ts).
    await nextTask();
    void stylesheetReady();
  } else {
    const root = createRoot(container);
    // Same reason: the first render of a page without prerendered HTML yields to input too.
    startTransition(() => root.render(app));
  }
  // Held taps are given back when the page has hydrated (app/router.tsx); should the app never
  // get that far, buttons must not stay held.
  setTimeout(releaseEarlyClicks, 10_000);
}

void boot();

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
