import { useCallback, useEffect, useRef, useState } from "react";

/** How long a deleted record can be brought back before the delete is sent. */
export const UNDO_MS = 5_000;

/**
 * A delete that waits: the record disappears at once, an Undo shows for 5 s, and only then is the
 * delete sent. Leaving the screen sends the waiting delete at once (nothing is silently kept).
 */
export function useDeferredDelete(send: (id: string) => Promise<unknown>) {
  const [pending, setPending] = useState<{ id: string; label: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const sendRef = useRef(send);
  sendRef.current = send;

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const p = pendingRef.current;
    if (p) void sendRef.current(p.id).catch(() => undefined);
    pendingRef.current = null;
    setPending(null);
  }, []);

  const remove = useCallback(
    (id: string, label: string) => {
      flush();
      const next = { id, label };
      pendingRef.current = next;
      setPending(next);
      timer.current = setTimeout(flush, UNDO_MS);
    },
    [flush],
  );

  const undo = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pendingRef.current = null;
    setPending(null);
  }, []);

  useEffect(() => flush, [flush]);

  return { pendingId: pending?.id ?? null, pendingLabel: pending?.label ?? null, remove, undo };
}
