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
 * gives them back once React is listening: React then hydrates the tapped part first and runs
 * the tap.
 *
 * Links and form fields are left alone: they work without JavaScript (a link navigates, a field
 * takes its text), and holding them would only delay the keeper.
 */
export function holdEarlyClicks(doc: Document = document, win: Window = window): () => void {
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
  return () => {
    if (released) return;
    released = true;
    doc.removeEventListener("click", hold, true);
    for (const control of held) if (control.isConnected) control.click();
  };
}
