/**
 * Taps that arrive before React listens. The app boots in a few short tasks (main.tsx) so a slow
 * phone can answer input between them; a tap on a button in one of those gaps would reach a page
 * with no handlers yet and be lost. This holds such taps and gives them back once React is
 * listening: React then hydrates the tapped part first and runs the tap (as for any early tap).
 *
 * Links and form fields are left alone: they work without JavaScript (a link navigates, a field
 * takes its text), and holding them would only delay the keeper.
 */
export function holdEarlyClicks(doc: Document = document): () => void {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest<HTMLElement>("button, [role='button'], summary");
    if (!control || control.closest("a[href]")) return;
    // Not the browser's own action either (a form's submit button would post the form natively).
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(control)) held.push(control);
  };
  doc.addEventListener("click", hold, true);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    doc.removeEventListener("click", hold, true);
    for (const control of held) if (control.isConnected) control.click();
  };
}
