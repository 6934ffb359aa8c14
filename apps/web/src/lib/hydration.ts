import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while the page is prerendered at build time and while React hydrates that HTML, true
 * from the render after. Anything that depends on the browser (storage, the signed-in user, the
 * clock, media queries) renders its neutral state until then, so hydration matches the HTML.
 * A page rendered without prerendered HTML gets true from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
