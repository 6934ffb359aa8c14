import { createStore, del, get, set, type UseStore } from "idb-keyval";
import { ApiError, apiGet, apiSend, errorMessage } from "./api-client";

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
  /** An edit: how to find the record again and the values it was edited from (conflicts). */
  check?: OutboxCheck;
  /** The record was gone when the edit was sent: not applied, shown until discarded. */
  notApplied?: string;
  /** Sent, but another keeper had changed some of the same fields: shown until dismissed. */
  conflicts?: FieldConflict[];
  /** A photo kept with it (a Blob of its own in IndexedDB), put into the body when sent. */
  photo?: OutboxPhoto;
};

/**
 * Where a kept photo goes in the body when the entry is sent: `body[field]`, as a data URL or as
 * the data URL's base64 part alone. Until then the field holds `PHOTO_KEPT`.
 */
export type OutboxPhoto = { field: string; as: "dataUrl" | "base64" };
export const PHOTO_KEPT = "(photo kept on this phone)";
export const PHOTO_MISSING_MESSAGE =
  "The photo is no longer on this phone (the browser's storage was cleared): take it again.";

/**
 * What an edit kept offline needs to find out whether someone else changed the record meanwhile:
 * a GET that answers the record (or a list holding it), its id, and the edited fields' values as
 * the keeper saw them when editing.
 */
export type OutboxCheck = { url: string; id: string; base: Record<string, unknown> };

/** One field both this keeper (offline) and someone else changed; `kept` is whose value stays. */
export type FieldConflict = {
  field: string;
  theirs: unknown;
  yours: unknown;
  kept: "yours" | "theirs";
};

export const NOT_APPLIED_MESSAGE =
  "Not applied: the record is no longer there (deleted meanwhile, or no longer yours to change).";

/** Returned by a write kept in the outbox instead of an answer from the server. */
export type Queued = { queued: true; key: string };
export const isQueued = (v: unknown): v is Queued =>
  typeof v === "object" && v !== null && (v as { queued?: unknown }).queued === true;

export const OFFLINE_WRITE_MESSAGE = "This needs a connection: you are offline.";

const QUEUE = "queue";

/** The server's 409 while the same key is still being handled (plugins/idempotency.ts). */
const keyInUse = (e: ApiError) =>
  e.status === 409 && (e.body as { code?: unknown } | undefined)?.code === "IDEMPOTENCY_KEY_IN_USE";

/**
 * A 4xx that asking again will not change. 408 (timeout), 429 (too many requests) and a 409 for
 * the same key still being handled are worth another try later; any other 409 (a loss larger
 * than the headcount) is the server's answer.
 */
const isRefusal = (e: unknown): e is ApiError =>
  e instanceof ApiError &&
  e.status >= 400 &&
  e.status < 500 &&
  e.status !== 408 &&
  e.status !== 429 &&
  !keyInUse(e);

/** Values compared as the keeper reads them: a missing value is none, "7" is 7. */
const same = (a: unknown, b: unknown) => {
  const norm = (v: unknown) => (v === undefined || v === "" ? null : v);
  const x = norm(a);
  const y = norm(b);
  if (x === y) return true;
  if (typeof x === "number" || typeof y === "number") return Number(x) === Number(y);
  return JSON.stringify(x) === JSON.stringify(y);
};

/**
 * Decides what an edit made offline sends, given the record as the server has it now (null: not
 * there). Per field: a field only someone else changed keeps their value (it is left out of the
 * PATCH); a field both changed goes to the later edit (ours, made at `createdAt`, unless the
 * record's `updatedAt` is later), and the keeper is told what was overwritten or not applied.
 */
export function resolveEdit(
  entry: Pick<OutboxEntry, "body" | "check" | "createdAt">,
  current: Record<string, unknown> | null,
):
  | { deleted: true }
  | { deleted: false; body: Record<string, unknown>; conflicts: FieldConflict[] } {
  if (!current) return { deleted: true };
  const body = { ...(entry.body as Record<string, unknown>) };
  const base = entry.check?.base ?? {};
  const updatedAt =
    typeof current.updatedAt === "string" ? Date.parse(current.updatedAt) : Number.NaN;
  const theirsLater = Number.isFinite(updatedAt) && updatedAt > entry.createdAt;
  const conflicts: FieldConflict[] = [];
  for (const field of Object.keys(body)) {
    if (!(field in base) || !(field in current)) continue;
    const theirs = current[field];
    if (same(theirs, base[field])) continue; // Nobody else changed it.
    const yours = body[field];
    if (same(yours, base[field])) {
      delete body[field]; // Only they changed it: their value stays.
    } else if (!same(yours, theirs)) {
      conflicts.push({ field, theirs, yours, kept: theirsLater ? "theirs" : "yours" });
      if (theirsLater) delete body[field];
    }
  }
  return { deleted: false, body, conflicts };
}

/** Reads the record an edit was made to, as the server has it now (null: not there). */
export async function readRecord(check: OutboxCheck): Promise<Record<string, unknown> | null> {
  let answer: unknown;
  try {
    answer = await apiGet<unknown>(check.url);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
  const list = Array.isArray(answer) ? answer : [answer];
  const found = list.find(
    (r): r is Record<string, unknown> =>
      typeof r === "object" && r !== null && (r as { id?: unknown }).id === check.id,
  );
  return found ?? null;
}

/** An entry that waits to be sent (not one kept only to show the keeper what happened). */
const waiting = (e: OutboxEntry) => !e.refused && !e.notApplied && !e.conflicts;

export type FlushResult = { sent: number; refused: number; left: number; error?: string };

/** A data URL as a Blob (a kept photo takes a quarter less room than its base64 text). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(",");
  const type = /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? "application/octet-stream";
  const bytes = atob(dataUrl.slice(comma + 1).replace(/\s/g, ""));
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i += 1) out[i] = bytes.charCodeAt(i);
  return new Blob([out], { type });
}

/** A Blob as a data URL (the same text for the same bytes). */
async function blobToDataUrl(blob: Blob) {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `data:${blob.type || "image/jpeg"};base64,${btoa(text)}`;
}

/** The body as sent: the kept photo (same bytes every time, so a resend matches its key) in place. */
async function withPhoto(body: unknown, photo: OutboxPhoto, blob: Blob) {
  const fields = { ...(body as Record<string, unknown>) };
  if (fields[photo.field] !== PHOTO_KEPT) return fields; // Left out (someone else's later photo).
  const dataUrl = await blobToDataUrl(blob);
  fields[photo.field] = photo.as === "base64" ? dataUrl.slice(dataUrl.indexOf(",") + 1) : dataUrl;
  return fields;
}

const photoKey = (key: string) => `photo:${key}`;

/** One outbox on one IndexedDB store (the app has one; tests make their own). */
export function createOutbox(store: () => UseStore) {
  let entries: OutboxEntry[] | null = null;
  let loading: Promise<OutboxEntry[]> | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  let flushing: Promise<FlushResult> | null = null;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  const sentListeners = new Set<(key: string, answer: unknown) => void>();

  const load = () => {
    if (entries) return Promise.resolve(entries);
    loading ??= get<OutboxEntry[]>(QUEUE, store()).then((v) => {
      entries ??= v ?? [];
      return entries;
    });
    return loading;
  };

  /**
   * Every change reads, changes and writes the whole (short) list, one change at a time. Photos
   * live beside it, one key each: written before the entry that needs them, removed after it.
   */
  const change = (fn: (list: OutboxEntry[]) => OutboxEntry[], photo?: Blob) => {
    const next = chain.then(async () => {
      const before = await load();
      const list = fn(before);
      if (photo) {
        for (const e of list)
          if (e.photo && !before.includes(e)) await set(photoKey(e.key), photo, store());
      }
      await set(QUEUE, list, store());
      entries = list;
      emit();
      for (const e of before) {
        if (e.photo && !list.some((x) => x.key === e.key)) await del(photoKey(e.key), store());
      }
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
    /** Keeps an entry (with its photo, when it has one). */
    add: (entry: OutboxEntry, photo?: Blob) => change((list) => [...list, entry], photo),
    /** The photo kept with an entry (undefined when there is none). */
    photo: (key: string) => get<Blob>(photoKey(key), store()),
    /** Called with each entry's answer from the server as it is sent. */
    onSent(listener: (key: string, answer: unknown) => void) {
      sentListeners.add(listener);
      return () => sentListeners.delete(listener);
    },
    discard: (key: string) => change((list) => list.filter((e) => e.key !== key)),
    clearUser: (userId: string) => change((list) => list.filter((e) => e.userId !== userId)),
    /**
     * Sends the keeper's waiting entries in order. An accepted one leaves the list; a refused one
     * stays, marked with the server's message, and the next ones are still sent; a network or
     * server failure stops the run and keeps it and everything after it for the next try.
     */
    flush(
      userId: string,
      send: (entry: OutboxEntry) => Promise<unknown>,
      read: (check: OutboxCheck) => Promise<Record<string, unknown> | null> = readRecord,
    ): Promise<FlushResult> {
      flushing ??= (async () => {
        const result: FlushResult = { sent: 0, refused: 0, left: 0 };
        const mark = (key: string, patch: Partial<OutboxEntry>) =>
          change((list) => list.map((e) => (e.key === key ? { ...e, ...patch } : e)));
        try {
          await load();
          for (const entry of forUser(userId)) {
            if (!waiting(entry)) continue;
            let conflicts: FieldConflict[] = [];
            let answer: unknown;
            try {
              let toSend = entry;
              if (entry.check) {
                const resolved = resolveEdit(entry, await read(entry.check));
                if (resolved.deleted) {
                  await mark(entry.key, { notApplied: NOT_APPLIED_MESSAGE });
                  result.refused += 1;
                  continue;
                }
                conflicts = resolved.conflicts;
                toSend = { ...entry, body: resolved.body };
              }
              if (entry.photo) {
                const blob = await get<Blob>(photoKey(entry.key), store());
                if (!blob) {
                  await mark(entry.key, { refused: { status: 0, message: PHOTO_MISSING_MESSAGE } });
                  result.refused += 1;
                  continue;
                }
                toSend = { ...toSend, body: await withPhoto(toSend.body, entry.photo, blob) };
              }
              if (!entry.check || Object.keys(toSend.body as object).length > 0) {
                answer = await send(toSend);
              }
            } catch (err) {
              if (entry.check && err instanceof ApiError && err.status === 404) {
                await mark(entry.key, { notApplied: NOT_APPLIED_MESSAGE });
                result.refused += 1;
                continue;
              }
              if (isRefusal(err)) {
                await mark(entry.key, {
                  refused: { status: err.status, message: errorMessage(err) },
                });
                result.refused += 1;
                continue;
              }
              result.error = errorMessage(err);
              break;
            }
            // Sent. Overwritten or kept values stay on show until the keeper has seen them.
            if (conflicts.length > 0) await mark(entry.key, { conflicts });
            else await change((list) => list.filter((e) => e.key !== entry.key));
            result.sent += 1;
            sentListeners.forEach((l) => l(entry.key, answer));
          }
          result.left = forUser(userId).filter(waiting).length;
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
/**
 * A page that knows who is signed in names them before its first write, in case the bar (loaded
 * after the first paint) has not yet: a photo taken the moment the app opened offline is kept too.
 */
export const knowOutboxUser = (userId: string | null | undefined) => {
  if (userId && !outboxUser) outboxUser = userId;
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
  check?: OutboxCheck,
  /**
   * `body[photo.field]` holds a photo (a data URL, or its base64 part): kept, it is stored as a
   * Blob beside the entry and put back in the body when the entry is sent.
   */
  photo?: OutboxPhoto,
): Promise<T | Queued> {
  const key = newKey();
  const keep = async (): Promise<Queued> => {
    if (!outboxUser) throw new ApiError(0, OFFLINE_WRITE_MESSAGE);
    let kept = body;
    let blob: Blob | undefined;
    if (photo) {
      const value = String((body as Record<string, unknown>)[photo.field]);
      blob = dataUrlToBlob(photo.as === "base64" ? `data:image/jpeg;base64,${value}` : value);
      kept = { ...(body as object), [photo.field]: PHOTO_KEPT };
    }
    const entry: OutboxEntry = {
      key,
      userId: outboxUser,
      method,
      url,
      body: kept,
      label,
      createdAt: Date.now(),
      ...(check ? { check } : {}),
      ...(photo ? { photo } : {}),
    };
    await outbox.add(entry, blob);
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

/**
 * The check for an edit of `record` at `url`'s list: the edited fields' values as the keeper saw
 * them (the outbox compares them with the record's values when it sends the edit).
 */
export const editCheck = (
  url: string,
  record: { id: string } & object,
  body: object,
): OutboxCheck => {
  const values = record as Record<string, unknown>;
  const base: Record<string, unknown> = {};
  for (const field of Object.keys(body)) if (field in values) base[field] = values[field];
  return { url, id: record.id, base };
};
