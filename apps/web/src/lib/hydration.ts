import { startTransition, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";

const subscribe = () => () => {};

/**
 * False while the page is prerendered at build time and while React hydrates that HTML, true
 * from the render after. Anything that depends on the browser (storage, the signed-in user, the
 * clock, media queries) renders its neutral state until then, so hydration matches the HTML.
 * A page rendered without prerendered HTML gets true from its first render.
 *
 * React re-renders every component that calls this synchronously, in the task that commits the
 * hydration (an external store whose client value differs from the server's). Call it in small
 * leaf components (or through `WhenHydrated`), never in a large one: that re-render of a whole
 * page section was one of a phone's longest tasks after first paint (Lighthouse's TBT).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Renders `children(hydrated)`: only this small part re-renders when the page has hydrated, not
 * the component around it (see `useHydrated`).
 */
export function WhenHydrated({ children }: { children: (hydrated: boolean) => ReactNode }) {
  return children(useHydrated());
}

/**
 * False on the first render, true from a transition started once the component has mounted:
 * for parts that may appear a moment later (ads) and whose code loads on demand. Unlike
 * `useHydrated`, the render that shows them is a transition, in slices that yield to input, and
 * it keeps what is on screen until their code has arrived.
 */
export function useShownAfterMount(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown;
}
