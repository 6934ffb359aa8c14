import { lazy, Suspense, useState, type ComponentProps } from "react";
import { withStylesheet } from "@/lib/stylesheet";

// The dialog library loads the first time a dialog opens, not with the page (and, on a page that
// has just arrived, the dialog shows once the whole stylesheet is in too).
const RadixDialog = lazy(() =>
  withStylesheet(import("./dialog")).then((m) => ({ default: m.Dialog })),
);

/**
 * The same accessible modal as `Dialog` from `./dialog`, with the same props, for dialogs that start
 * closed: nothing is rendered (and the dialog code is not downloaded) until it first opens.
 */
export function Dialog(props: ComponentProps<typeof RadixDialog>) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <RadixDialog {...props} />
    </Suspense>
  );
}
