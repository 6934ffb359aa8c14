import {
  createContext,
  useContext,
  useLayoutEffect,
  useState,
  useTransition,
  type ReactNode,
} from "react";
import {
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createMemoryHistory as createMemoryHistory,
} from "react-router";
import { stylesheetReady } from "@/lib/stylesheet";

const PendingContext = createContext(false);

/** True while a navigation waits for the next page's code (drives the top progress bar). */
export const useNavigationPending = () => useContext(PendingContext);

/**
 * React Router's declarative `BrowserRouter`, with the navigation run as our own transition: the
 * current page stays on screen while the next route's chunk loads, and `isPending` tells the
 * layout to show progress. The data router (`createBrowserRouter`) would do the same but costs
 * about 16 KB gzip more in the entry chunk for loaders, actions and fetchers this app never uses.
 */
export function AppRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        // The next page's markup may need rules the first page's inlined CSS did not have.
        void stylesheetReady().then(() => startTransition(() => setState({ action, location })));
      }),
    [history],
  );
  return (
    <PendingContext value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </PendingContext>
  );
}

/**
 * The build-time prerender's router (src/prerender.tsx): one fixed location, never navigating,
 * and the same tree shape as `AppRouter` so the browser's hydration matches the HTML.
 */
export function StaticAppRouter({ location, children }: { location: string; children: ReactNode }) {
  const [history] = useState(() => createMemoryHistory({ initialEntries: [location] }));
  return (
    <PendingContext value={false}>
      <Router location={history.location} navigator={history} static>
        {children}
      </Router>
    </PendingContext>
  );
}
