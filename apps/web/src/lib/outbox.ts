import { createStore, get, set, type UseStore } from "idb-keyval";
import { ApiError, apiSend, errorMessage } from "./api-client";

/**
 * The outbox: writes made without a connection, kept in IndexedDB (they survive a reload and a
 * closed app) and sent in the order they were made when the connection returns. Each carries the
 * client-made `Idempotency-Key` it was first tried with, so a write that reached the server before
 * the connection dropped, sent again, is kept once (the server replays its first answer).
 */
export type OutboxEntry = {
  /** The `Idempotency-Key` (a client UUID); also the entry's id. */
  key: string;
  /** The keeper who made it: only their session sends it. */
  userId: string;
  method: "POST" | "PATCH" | "PUT" | "DELETE";
  url: string;
  body?: unknown;
  /** What the keeper sees in the pending list. */
  label: string;
  createdAt: number;
  /** The server refused it (4xx): kept, with the server's message, until the keeper discards it. */
  refused?: { status: number; message: string };
};

/** Returned by a write kept in the outbox instead of an answer from the server. */
export type Queued = { queued: true; key: string };
export const isQueued = (v: unknown): v is Queued =>
  typeof v === "object" && v !== null && (v as { queued?: unknown }).queued === true;

export const OFFLINE_WRITE_MESSAGE = "This needs a connection: you are offline.";

const QUEUE = "queue";

/**
 * A 4xx that asking again will not change. 408 (timeout), 409 (the same key still being handled)
 * and 429 (too many requests) are worth another try later.
 */
const isRefusal = (e: unknown): e is ApiError =>
  e instanceof ApiError &&
  e.status >= 400 &&
  e.status < 500 &&
  e.status !== 408 &&
  e.status !== 409 &&
  e.status !== 429;

export type FlushResult = { sent: number; refused: number; left: number; error?: string };

/** One outbox on one IndexedDB store (the app has one; tests make their own). */
export function createOutbox(store: () => UseStore) {
  let entries: OutboxEntry[] | null = null;
  let loading: Promise<OutboxEntry[]> | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  let flushing: Promise<FlushResult> | null = null;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  const load = () => {
    if (entries) return Promise.resolve(entries);
    loading ??= get<OutboxEntry[]>(QUEUE, store()).then((v) => {
      entries ??= v ?? [];
      return entries;
    });
    return loading;
  };

  /** Every change reads, changes and writes the whole (short) list, one change at a time. */
  const change = (fn: (list: OutboxEntry[]) => OutboxEntry[]) => {
    const next = chain.then(async () => {
      const list = fn(await load());
      await set(QUEUE, list, store());
      entries = list;
      emit();
    });
    chain = next.catch(() => undefined);
    return next;
  };

  const forUser = (userId: string) => (entries ?? []).filter((e) => e.userId === userId);

  return {
    /** Reads the stored list (call once at start; `list` is empty until then). */
    load: async () => {
      await load();
      emit();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The keeper's entries, oldest first (the same array until the list changes). */
    list: forUser,
    snapshot: () => entries,
    add: (entry: OutboxEntry) => change((list) => [...list, entry]),
    discard: (key: string) => change((list) => list.filter((e) => e.key !== key)),
    clearUser: (userId: string) => change((list) => list.filter((e) => e.userId !== userId)),
    /**
     * Sends the keeper's waiting entries in order. An accepted one leaves the list; a refused one
     * stays, marked with the server's message, and the next ones are still sent; a network or
     * server failure stops the run and keeps it and everything after it for the next try.
     */
    flush(userId: string, send: (entry: OutboxEntry) => Promise<unknown>): Promise<FlushResult> {
      flushing ??= (async () => {
        const result: FlushResult = { sent: 0, refused: 0, left: 0 };
        try {
          await load();
          for (const entry of forUser(userId)) {
            if (entry.refused) continue;
            try {
              await send(entry);
            } catch (err) {
              if (isRefusal(err)) {
                const refused = { status: err.status, message: errorMessage(err) };
                await change((list) =>
                  list.map((e) => (e.key === entry.key ? { ...e, refused } : e)),
                );
                result.refused += 1;
                continue;
              }
              result.error = errorMessage(err);
              break;
            }
            await change((list) => list.filter((e) => e.key !== entry.key));
            result.sent += 1;
          }
          result.left = forUser(userId).filter((e) => !e.refused).length;
          return result;
        } finally {
          flushing = null;
        }
      })();
      return flushing;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

let appStore: UseStore | undefined;
/** The app's outbox (its IndexedDB database opens on first use). */
export const outbox = createOutbox(() => (appStore ??= createStore("flockkeeper-outbox", "kv")));

/** The signed-in keeper whose writes may be kept (set by the pending-changes bar). */
let outboxUser: string | null = null;
export const setOutboxUser = (userId: string | null) => {
  outboxUser = userId;
};

/** Sends one kept entry with its own key. */
export const sendEntry = (e: OutboxEntry) =>
  apiSend(e.method, e.url, e.body, undefined, { idempotencyKey: e.key });

const newKey = () => crypto.randomUUID();

/**
 * A write that can wait: sent at once when online (with a fresh `Idempotency-Key`), kept in the
 * outbox when offline or when the request got no answer (it may have reached the server: sent
 * again later under the same key, it is kept once). A refusal (4xx) or server error is thrown as
 * usual. Without a signed-in keeper known, offline, it is refused with a clear message.
 */
export async function sendOrQueue<T>(
  method: OutboxEntry["method"],
  url: string,
  body: unknown,
  label: string,
): Promise<T | Queued> {
  const key = newKey();
  const keep = async (): Promise<Queued> => {
    if (!outboxUser) throw new ApiError(0, OFFLINE_WRITE_MESSAGE);
    await outbox.add({ key, userId: outboxUser, method, url, body, label, createdAt: Date.now() });
    return { queued: true, key };
  };
  if (typeof navigator !== "undefined" && !navigator.onLine) return keep();
  try {
    return await apiSend<T>(method, url, body, undefined, { idempotencyKey: key });
  } catch (err) {
    if (err instanceof ApiError && err.status === 0 && outboxUser) return keep();
    throw err;
  }
}
