import { useCallback, useEffect, useState, useSyncExternalStore } from "react";

function subscribeVisibility(cb: () => void) {
  document.addEventListener("visibilitychange", cb);
  return () => document.removeEventListener("visibilitychange", cb);
}

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
function subscribeMotion(cb: () => void) {
  if (typeof window.matchMedia !== "function") return () => {};
  const mq = window.matchMedia(REDUCED_MOTION);
  mq.addEventListener("change", cb);
  return () => mq.removeEventListener("change", cb);
}
const prefersReducedMotion = () =>
  typeof window.matchMedia === "function" && window.matchMedia(REDUCED_MOTION).matches;

/**
 * An index that advances every `intervalMs` through `count` items. It stands still while the tab
 * is hidden, when the visitor prefers reduced motion, or while `paused` (hover or focus).
 */
export function useRotation(count: number, intervalMs: number, paused = false) {
  const [index, setIndex] = useState(0);
  const hidden = useSyncExternalStore(
    subscribeVisibility,
    () => document.hidden,
    () => false,
  );
  const reduced = useSyncExternalStore(subscribeMotion, prefersReducedMotion, () => false);
  const running = count > 1 && !hidden && !reduced && !paused;

  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearInterval(id);
  }, [running, count, intervalMs]);

  const safe = count > 0 ? index % count : 0;
  const go = useCallback((i: number) => setIndex(((i % count) + count) % count), [count]);
  return {
    index: safe,
    go,
    next: () => go(safe + 1),
    prev: () => go(safe - 1),
    running,
  };
}
