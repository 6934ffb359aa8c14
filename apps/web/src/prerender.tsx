// Build-time entry (run by vite/prerender-plugin.ts, never shipped to the browser): renders a
// public page to HTML for its signed-out, nothing-fetched-yet state, exactly what main.tsx's first
// render in the browser produces, so React hydrates it without mismatches.
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { QueryClientProvider } from "@tanstack/react-query";
import { createQueryClient } from "@/lib/query-client";
import { PageMetaCollector, type PageMeta } from "@/lib/page-meta";
import { ErrorBoundary } from "@/app/error-boundary";
import { StaticAppRouter } from "@/app/navigation";
import { AppRoutes, preloadRoute } from "@/app/router";

export type PrerenderedPage = { html: string; meta: PageMeta | null };

/** Renders the page at `pathname` (its route chunk loaded first, so nothing suspends on it). */
export async function render(pathname: string): Promise<PrerenderedPage> {
  await preloadRoute(pathname);
  let meta: PageMeta | null = null;
  const queryClient = createQueryClient();
  const html = renderToString(
    <PageMetaCollector value={(m) => (meta = m)}>
      <StrictMode>
        <ErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <StaticAppRouter location={pathname}>
              <AppRoutes />
            </StaticAppRouter>
          </QueryClientProvider>
        </ErrorBoundary>
      </StrictMode>
    </PageMetaCollector>,
  );
  // Queries made while rendering hold a 10-minute garbage-collection timer each, which kept the
  // build's Node process alive for ten minutes after it had finished. Clearing drops the timers.
  queryClient.clear();
  return { html, meta };
}
