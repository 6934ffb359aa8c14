import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from "@tanstack/react-query";
import type { AuthUser } from "@flockkeeper/shared/schemas/auth";
import { clear, createStore, get, set, type UseStore } from "idb-keyval";
import { authQueryKey, markNoLocalCopy } from "./auth-key";
import { todayIso } from "@flockkeeper/shared/domain/dates";
import { apiGet } from "./api-client";
import { outbox } from "./outbox";

/**
 * The keeper's local copy: the query cache kept in IndexedDB, one copy per signed-in keeper, read
 * back when the app opens without a connection (after one visit online, the keeper's name, farm,
 * birds, flocks and records show offline). Loaded after the first paint (main.tsx), outside every
 * route's first-paint JavaScript.
 *
 * One keeper's copy is never shown to another: offline, only the copy of the keeper who last used
 * the app is read; online, a copy is read only once the server has said who is signed in, and only
 * that keeper's. A signed-out answer from the server deletes every copy.
 */

let store: UseStore | undefined;
const db = () => (store ??= createStore("flockkeeper-cache", "kv"));

const LAST_USER = "last-user";
const copyKey = (userId: string) => `copy:${userId}`;
/** Answers older than this are not kept. */
export const MAX_AGE_MS = 7 * 24 * 60 * 60_000;
const SAVE_DELAY_MS = 1000;

type Copy = { userId: string; savedAt: number; state: DehydratedState };

/** Kept: answers that came, except the health poll (it says nothing about the keeper's data). */
const keep = (q: Query) => q.state.status === "success" && q.queryKey[0] !== "health";

const currentUser = (qc: QueryClient) => qc.getQueryData<AuthUser | null>(authQueryKey);

async function save(qc: QueryClient) {
  const user = currentUser(qc);
  if (user === undefined) return; // Not known yet (offline with no copy, or loading).
  if (user === null) {
    await clear(db()); // Signed out: no keeper's data stays on the device.
    return;
  }
  // Another keeper signed in here: the previous keeper's copy goes.
  if ((await get<string>(LAST_USER, db())) !== user.id) await clear(db());
  const now = Date.now();
  const fresh = dehydrate(qc, { shouldDehydrateQuery: keep });
  // Answers no longer in memory (their page was closed 10 min ago) stay in the copy for a week.
  const old = await get<Copy>(copyKey(user.id), db());
  const seen = new Set(fresh.queries.map((q) => q.queryHash));
  const kept = (old?.state.queries ?? []).filter(
    (q) => !seen.has(q.queryHash) && now - q.state.dataUpdatedAt < MAX_AGE_MS,
  );
  const state: DehydratedState = { mutations: [], queries: [...fresh.queries, ...kept] };
  await set(copyKey(user.id), { userId: user.id, savedAt: now, state } satisfies Copy, db());
  await set(LAST_USER, user.id, db());
}

async function restore(qc: QueryClient, userId: string, online: boolean) {
  const copy = await get<Copy>(copyKey(userId), db());
  if (!copy || copy.userId !== userId) return false;
  // Only answers newer than what is in memory replace it (TanStack's hydrate).
  hydrate(qc, copy.state);
  if (online) {
    // Online, the copy only fills the screen until the server answers: what it restored counts
    // as out of date (the copy may predate the last change, e.g. a reload straight after a
    // delete), so the pages showing it ask again now and the others when they open.
    const restored = new Set(copy.state.queries.map((q) => q.queryHash));
    void qc.invalidateQueries({ predicate: (q) => restored.has(q.queryHash) });
  }
  return true;
}

/** Waits for the server's answer to "who is signed in". */
function whenAuthKnown(qc: QueryClient): Promise<AuthUser | null> {
  return new Promise((resolve) => {
    const check = () => {
      const user = currentUser(qc);
      if (user === undefined) return false;
      unsubscribe();
      resolve(user);
      return true;
    };
    const unsubscribe = qc.getQueryCache().subscribe(() => void check());
    check();
  });
}

/** Asked again at most this often just for the copy. */
const TASKS_FRESH_MS = 15 * 60_000;

/**
 * Today's tasks join the copy after one visit online, whichever page it was: the Today page read
 * offline then shows the day's list (features/today/api/tasks.ts: the same key and request).
 */
function keepTodaysTasks(qc: QueryClient) {
  const now = new Date();
  const date = todayIso(now, now.getTimezoneOffset());
  const queryKey = ["tasks", date];
  const at = qc.getQueryState(queryKey)?.dataUpdatedAt ?? 0;
  if (Date.now() - at < TASKS_FRESH_MS) return;
  void qc
    .prefetchQuery({ queryKey, queryFn: () => apiGet(`/api/tasks?date=${date}`) })
    .catch(() => undefined);
}

/** Reads the copy back and keeps it up to date from now on. */
export async function startLocalCopy(qc: QueryClient) {
  const lastUser = await get<string>(LAST_USER, db()).catch(() => undefined);
  if (!navigator.onLine) {
    const restored = lastUser ? await restore(qc, lastUser, false).catch(() => false) : false;
    if (!restored) markNoLocalCopy();
  } else if (lastUser) {
    void whenAuthKnown(qc).then((user) => {
      if (user?.id === lastUser) void restore(qc, lastUser, true);
    });
  }
  if (navigator.onLine) {
    void whenAuthKnown(qc).then((user) => {
      // After the page's own requests.
      if (user) setTimeout(() => keepTodaysTasks(qc), 2000);
    });
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  qc.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    clearTimeout(timer);
    timer = setTimeout(() => void save(qc).catch(() => undefined), SAVE_DELAY_MS);
  });
}

/** Signing out: the keeper's copy and their unsent changes leave the device. */
export async function clearLocalCopy(userId: string | undefined) {
  if (userId) await outbox.clearUser(userId);
  await clear(db());
}

/** How many of the keeper's changes have not been sent. */
export async function pendingCount(userId: string) {
  await outbox.load();
  return outbox.list(userId).length;
}
