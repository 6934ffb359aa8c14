import { useSyncExternalStore } from "react";

/*
 * The browser loads its ICU locale data on a page's first `Intl` call: 15-60 ms of main-thread
 * work on the test VM (a long task, several times longer on a slow phone), once per browser
 * process. A worker that makes that first call loads it for the page too (measured: the main
 * thread's first `Intl.DateTimeFormat` then takes ~0.5 ms). Prerendered pages start the worker
 * before hydrating, and their dates switch to the keeper's locale once it has answered
 * (components/local-date.tsx), so loading a public page never pays for ICU on the main thread.
 */

let warm = false;
let started = false;
const listeners = new Set<() => void>();

function done() {
  if (warm) return;
  warm = true;
  for (const l of listeners) l();
}

/** Starts the warm-up once. Without workers (or if it fails or is slow) `Intl` is simply used. */
export function warmIntl(): void {
  if (started) return;
  started = true;
  try {
    const worker = new Worker("/intl-warmup.js");
    const finish = () => {
      worker.terminate();
      done();
    };
    worker.onmessage = finish;
    worker.onerror = finish;
    // A phone that has not answered in 2 s gets its dates formatted on the main thread anyway.
    setTimeout(finish, 2000);
  } catch {
    done();
  }
}

/** True in a browser page that started the warm-up, i.e. one hydrating prerendered HTML. */
export function intlWarmupStarted(): boolean {
  return started;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** True once ICU is loaded (or the warm-up was never needed); false while prerendering. */
export function useIntlWarm(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => warm || !started,
    () => false,
  );
}
