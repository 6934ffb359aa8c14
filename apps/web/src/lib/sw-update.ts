import { registerSW } from "virtual:pwa-register";
import type { Outbox } from "./outbox";

/** True while some change in the outbox still waits to be sent. */
const hasWaiting = (box: Outbox) =>
  (box.snapshot() ?? []).some((e) => !e.refused && !e.notApplied && !e.conflicts);

/** Resolves once nothing in `box` waits to be sent (at once when nothing does). */
export async function whenOutboxEmpty(box: Outbox): Promise<void> {
  await box.load();
  return new Promise<void>((resolve) => {
    let unsubscribe = () => {};
    const check = () => {
      if (hasWaiting(box)) return false;
      unsubscribe();
      resolve();
      return true;
    };
    if (!check()) unsubscribe = box.subscribe(check) as () => void;
  });
}

/**
 * Registers the service worker (it precaches the app shell). A new version installs and then
 * waits: it takes over (and the page reloads into it) only once the outbox has nothing left to
 * send, so an update never lands in the middle of a keeper's queued changes or their sync.
 */
export function registerServiceWorker() {
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      void import("./outbox")
        .then(({ outbox }) => whenOutboxEmpty(outbox))
        .then(() => update(true));
    },
  });
}
