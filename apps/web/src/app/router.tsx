import { use, useEffect, type ComponentType } from "react";
import type { RouteObject } from "react-router";
import { matchRoutes, Outlet, useLocation, useRoutes } from "react-router";
import { releaseEarlyClicks } from "@/lib/early-clicks";
import { ErrorBoundary } from "./error-boundary";
import { Layout } from "./layout";
import { isConcretePath, ROUTES, type RouteFile } from "@flockkeeper/shared/site/routes";

// Vite turns each route file into its own chunk: a route loads only what it shows.
const pages = import.meta.glob<{ default: ComponentType }>("./routes/*.tsx");

/**
 * A page module promise. It carries its outcome (`status`, `value`, `reason`: React's thenable
 * protocol), so `use()` returns a loaded page at once instead of suspending.
 */
type PagePromise = Promise<ComponentType>;
const loading = new Map<RouteFile, PagePromise>();

/** Loads (once) the chunk of one route file. A failed load is forgotten so Try Again retries it. */
export function loadPage(file: RouteFile): PagePromise {
  let page = loading.get(file);
  if (!page) {
    const load = pages[`./routes/${file}.tsx`];
    if (!load) throw new Error(`Missing route file routes/${file}.tsx`);
    const promise: PagePromise = Object.assign(
      load().then((m) => m.default),
      { status: "pending" },
    );
    page = promise;
    // Both outcomes are handled here; the page's own `use()` sees the rejection.
    void promise.then(
      (value) => Object.assign(promise, { status: "fulfilled", value }),
      (reason) => {
        // (Object.assign returns the promise itself: nothing new to await.)
        void Object.assign(promise, { status: "rejected", reason });
        loading.delete(file);
      },
    );
    loading.set(file, page);
  }
  return page;
}

/** "/blog/" as "/blog" (the router matches both); "/" stays. */
const withoutTrailingSlash = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;

/** Route files by exact path (every path without parameters), for the common case below. */
const exactFiles = new Map<string, RouteFile>(ROUTES.map((r) => [r.path, r.file]));

/**
 * Starts loading the chunk of the page at `pathname` (before the first render, in main.tsx). It
 * runs while the entry module evaluates, in the task that also starts hydration, so an exact path
 * (every prerendered page) is looked up directly: ranking the whole route table with
 * `matchRoutes` cost about a quarter of that task on a throttled phone profile.
 */
export function preloadRoute(pathname: string): PagePromise | undefined {
  const exact = exactFiles.get(withoutTrailingSlash(pathname));
  if (exact) return loadPage(exact);
  const match = matchRoutes(
    ROUTES.map((r) => ({ path: r.path, file: r.file })),
    pathname,
  )?.at(-1);
  return match ? loadPage(match.route.file) : undefined;
}

function RoutePage({ file }: { file: RouteFile }) {
  const Page = use(loadPage(file));
  return <Page />;
}

/** A page's render error shows the error screen inside the layout; moving to another page clears it. */
function PageErrorBoundary() {
  const { pathname } = useLocation();
  // The page (or its error screen) has committed: hydrated, with its code loaded. Taps held
  // until now can reach it (lib/early-clicks.ts).
  useEffect(() => releaseEarlyClicks(), []);
  return (
    <ErrorBoundary resetKey={pathname}>
      <Outlet />
    </ErrorBoundary>
  );
}

/** The page routes under the layout and the error boundary (one element each, made once). */
const layoutElement = <Layout />;
const boundaryElement = <PageErrorBoundary />;
const withLayout = (pages: RouteObject[]): RouteObject[] => [
  { element: layoutElement, children: [{ element: boundaryElement, children: pages }] },
];
const pageRoutes = ROUTES.map(({ path, file }) => ({ path, element: <RoutePage file={file} /> }));
const allRoutes = withLayout(pageRoutes);
/** Per exact path, the tree with that page only (the same elements as in `allRoutes`). */
const exactRoutes = new Map<string, RouteObject[]>(
  pageRoutes.filter((r) => isConcretePath(r.path)).map((r) => [r.path, withLayout([r])]),
);

/**
 * The app's routes: one layout, every spec route lazily loaded, one error screen. React Router
 * flattens and ranks the whole table on each render (~80 patterns compiled to regular
 * expressions), ~4 ms of the task that hydrates a page on this host and several times that on a
 * phone, in one piece React cannot split. An exact path (every page but the few with a parameter)
 * gets a table of its one route: the same elements, so the same tree, without the ranking.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return useRoutes(exactRoutes.get(withoutTrailingSlash(pathname)) ?? allRoutes);
}
