// Deleting a log record with Undo (issue 19): the row leaves the page at once and a toast offers
// Undo for 5 s; only then is the DELETE sent. Undo brings the row back without any request, since
// nothing was sent. One store for every list, so each list only filters out `hidden` ids.
import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import { apiSend, errorMessage } from "./api-client";
import { dismissToast, toast } from "./toast";

/** How long a deletion can be undone before it is sent. */
export const UNDO_MS = 5_000;

export type DeferredDelete = {
  /** The record's id: hidden from every list from now on. */
  id: string;
  /** The record's API address (`DELETE` is sent there), unless `send` deletes it otherwise. */
  url?: string;
  /** Deletes it another way (a record kept only in this browser); instead of the `DELETE`. */
  send?: () => Promise<unknown> | void;
  /** The toast's title, e.g. "Egg record deleted". */
  title: string;
  /** After the server deleted it: refresh what depends on it (await the refetch, so it stays gone). */
  onDeleted?: () => Promise<unknown> | void;
};

type Pending = DeferredDelete & { timer: ReturnType<typeof setTimeout>; toastId: number };

const pending = new Map<string, Pending>();
let hidden: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

function setHidden(id: string, on: boolean) {
  const next = new Set(hidden);
  if (on) next.add(id);
  else next.delete(id);
  hidden = next;
  listeners.forEach((l) => l());
}

/** Removes the record from the page now and sends its DELETE in 5 s unless Undo is pressed. */
export function deleteWithUndo(d: DeferredDelete): void {
  if (pending.has(d.id)) return;
  setHidden(d.id, true);
  const timer = setTimeout(() => void sendDelete(d.id), UNDO_MS);
  const toastId = toast({
    title: d.title,
    duration: UNDO_MS,
    action: { label: "Undo", onClick: () => undoDelete(d.id) },
  });
  pending.set(d.id, { ...d, timer, toastId });
}

/** Undo: the record shows again; nothing was sent. */
export function undoDelete(id: string): void {
  const p = pending.get(id);
  if (!p) return;
  clearTimeout(p.timer);
  pending.delete(id);
  dismissToast(p.toastId);
  setHidden(id, false);
}

/** Sends a waiting deletion now (its 5 s are over, or the page or list is going away). */
export async function sendDelete(id: string): Promise<void> {
  const p = pending.get(id);
  if (!p) return;
  clearTimeout(p.timer);
  pending.delete(id);
  dismissToast(p.toastId);
  try {
    if (p.send) await p.send();
    // keepalive: the request still goes out when it is sent because the page is being left.
    else if (p.url) await apiSend("DELETE", p.url, undefined, undefined, { keepalive: true });
    await p.onDeleted?.();
  } catch (err) {
    toast({
      title: "Could not delete the record",
      description: errorMessage(err),
      variant: "destructive",
    });
  } finally {
    setHidden(id, false);
  }
}

/** Sends every waiting deletion now. */
export function sendAllDeletes(): void {
  for (const id of [...pending.keys()]) void sendDelete(id);
}

if (typeof window !== "undefined") {
  // Leaving or reloading the page within the 5 s: the keeper deleted it and did not undo.
  window.addEventListener("pagehide", sendAllDeletes);
}

const EMPTY: ReadonlySet<string> = new Set();

/**
 * For a list of records: `hidden` (ids to leave out while their deletion waits) and `remove`
 * (delete with Undo). Deletions started here are sent when the list unmounts (the keeper moved on).
 */
export function useDeferredDelete() {
  const current = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => hidden,
    () => EMPTY,
  );
  const mine = useRef(new Set<string>());
  useEffect(() => {
    const ids = mine.current;
    return () => {
      for (const id of ids) void sendDelete(id);
      ids.clear();
    };
  }, []);
  const remove = useCallback((d: DeferredDelete) => {
    mine.current.add(d.id);
    deleteWithUndo(d);
  }, []);
  return { hidden: current, remove };
}
