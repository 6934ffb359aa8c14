/**
 * The whole stylesheet of a prerendered page. Such a page arrives with the CSS rules its markup
 * uses inlined, and the whole stylesheet loading without blocking the paint (`media="print"` and
 * `data-deferred-css`, vite/prerender-plugin.ts). React hydrates at once (hydration renders the
 * markup the inlined rules already style), and what can show markup the HTML did not have (another
 * page, a dialog) waits for `stylesheetReady()` first, so nothing is ever shown unstyled.
 */
let ready: Promise<void> | undefined;

/** Applies the deferred stylesheet to all media (once) and resolves when it has loaded or failed. */
export function stylesheetReady(): Promise<void> {
  if (ready) return ready;
  const link =
    typeof document === "undefined"
      ? null
      : document.querySelector<HTMLLinkElement>("link[data-deferred-css]");
  if (!link) return (ready = Promise.resolve());
  link.media = "all";
  if (link.sheet) return (ready = Promise.resolve());
  ready = new Promise((resolve) => {
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => resolve(), { once: true });
    // A load that failed before this ran fires nothing more: never hold the page for longer.
    setTimeout(resolve, 3000);
  });
  return ready;
}

/** `import()` of a chunk that shows new markup, resolved once the stylesheet is in as well. */
export function withStylesheet<T>(load: Promise<T>): Promise<T> {
  return Promise.all([load, stylesheetReady()]).then(([m]) => m);
}
