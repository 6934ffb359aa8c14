import { HELD_CONTROLS } from "@flockkeeper/shared/site/boot-script";

/** What the inline loader leaves on `window` for the app: the held controls and its listener. */
type EarlyClicks = { held: HTMLElement[]; hold: (event: MouseEvent) => void };

declare global {
  interface Window {
    /** Taps held by a prerendered page's inline loader before the app ran (its boot script). */
    fkEarlyClicks?: EarlyClicks;
  }
}

/**
 * Taps that arrive before React listens. A prerendered page shows its buttons before its code has
 * loaded, and the app boots in a few short tasks (main.tsx) so a slow phone can answer input
 * between them; a tap on a button in that time would reach a page with no handlers yet and be
 * lost. The page's inline loader holds such taps from the first paint (packages/shared/src/site/
 * boot-script.ts); this takes them over (or, on a page without the loader, starts holding) and
 * gives them back once the page has hydrated (`releaseEarlyClicks`, called by the router when the
 * page's content has committed): given back earlier, a tap on a part whose code is still loading
 * would reach React before it can hydrate that part, and React drops such a tap.
 *
 * Links and form fields are left alone: they work without JavaScript (a link navigates, a field
 * takes its text), and holding them would only delay the keeper.
 */
let pending: (() => void) | undefined;

/**
 * A tap as the browser sends it: pointer and mouse down and up, then the click. Some controls act
 * on the press, not the click (Radix tabs on mousedown, its menus on pointerdown), and the
 * original press reached no handler.
 */
function replayTap(control: HTMLElement) {
  const init = { bubbles: true, cancelable: true, composed: true, button: 0 };
  const pointer = (type: string) =>
    typeof PointerEvent === "function"
      ? new PointerEvent(type, { ...init, pointerId: 1, isPrimary: true, pointerType: "touch" })
      : new MouseEvent(type, init);
  control.dispatchEvent(pointer("pointerdown"));
  control.dispatchEvent(new MouseEvent("mousedown", init));
  control.dispatchEvent(pointer("pointerup"));
  control.dispatchEvent(new MouseEvent("mouseup", init));
  control.click();
}

/** Gives the held taps back (once): the page has hydrated. Nothing held, nothing happens. */
export function releaseEarlyClicks(): void {
  pending?.();
}

/**
 * Has React hydrated this element? React keeps each element's props on it once it has
 * (`__reactProps$…`). A part of the page in a boundary of its own may still be server HTML when
 * the page commits (home's later sections); a tap replayed there before React can hydrate it
 * (its code or data still loading) would be dropped.
 */
export const reactHydrated = (el: Element) =>
  Object.keys(el).some((key) => key.startsWith("__reactProps$"));

/** Replays the tap once React has hydrated the control (at most 10 s later, then anyway). */
async function replayWhenHydrated(control: HTMLElement, isHydrated: (el: Element) => boolean) {
  for (let waited = 0; !isHydrated(control) && waited < 10_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (control.isConnected) replayTap(control);
}

/** Starts holding early taps (main.tsx, before the app boots); returns the release. */
export function holdEarlyClicks(
  doc: Document = document,
  win: Window = window,
  isHydrated: (el: Element) => boolean = reactHydrated,
): () => void {
  const early = win.fkEarlyClicks;
  const held: HTMLElement[] = early ? early.held : [];
  const hold = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest<HTMLElement>(HELD_CONTROLS);
    if (!control || control.closest("a[href]")) return;
    // Not the browser's own action either (a form's submit button would post the form natively).
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(control)) held.push(control);
  };
  if (early) {
    doc.removeEventListener("click", early.hold, true);
    delete win.fkEarlyClicks;
  }
  doc.addEventListener("click", hold, true);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    if (pending === release) pending = undefined;
    doc.removeEventListener("click", hold, true);
    for (const control of held) void replayWhenHydrated(control, isHydrated);
  };
  pending = release;
  return release;
}
