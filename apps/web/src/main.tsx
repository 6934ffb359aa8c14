import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
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

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AppRouter>
          <AppRoutes />
        </AppRouter>
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
);

if (import.meta.env.PROD && "serviceWorker" in navigator) {
  // The service worker precaches the app shell so the app opens offline.
  void import("virtual:pwa-register").then(({ registerSW }) => registerSW({ immediate: true }));
}
