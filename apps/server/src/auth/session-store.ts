import { createHash, randomBytes } from "node:crypto";
import { eq, lt, or } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Database } from "../db/client";
import {
  invalidationFor,
  type InvalidationChannel,
  type InvalidationTopics,
} from "../db/invalidation";
import { sessions, users } from "../db/schema/index";

export type SessionUser = typeof users.$inferSelect;
export type SessionPolicy = { idleMs: number; absoluteMs: number };

// Writing last_seen on every request would turn each read into a write; once a minute is plenty.
const TOUCH_INTERVAL_MS = 60_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** Creates a session and returns the token for the cookie; only its hash is stored. */
export async function createSession(
  db: Database,
  userId: string,
  userAgent: string | undefined,
  policy: SessionPolicy,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + policy.absoluteMs);
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    userAgent: userAgent?.slice(0, 300) ?? null,
    expiresAt,
  });
  return { token, expiresAt };
}

// A short-lived cache of resolved sessions: a keeper's page makes several API calls at once and
// each would otherwise wait on the database. Ending sessions (sign-out, sign-out everywhere, a new
// password, account deletion) publishes a "sessions" notice on the database's invalidation channel
// (db/invalidation.ts), which every instance sharing the database receives within milliseconds
// (PostgreSQL LISTEN/NOTIFY) and evicts. While that channel is down, nothing is answered from the
// cache, since a notice could be missed; CACHE_TTL_MS bounds an entry's life in any case.
const CACHE_TTL_MS = 5_000;
const CACHE_MAX = 10_000;
type Cached = {
  sessionId: string;
  user: SessionUser;
  expiresAt: number;
  lastSeenAt: number;
  authenticatedAt: number;
};

export type ResolvedSession = {
  sessionId: string;
  user: SessionUser;
  /** When the keeper last proved who they are in this session (ms since epoch). */
  authenticatedAt: number;
};

type SessionCache = {
  entries: LRUCache<string, Cached>;
  /**
   * Bumped at every eviction: a lookup that read the database before an eviction must not cache
   * what it read, or a session ended meanwhile would come back for CACHE_TTL_MS.
   */
  generation: number;
  channel: InvalidationChannel;
};

// One cache per database handle, so two app instances in one process behave like two processes.
const caches = new WeakMap<Database, SessionCache>();
const cacheFor = (db: Database): SessionCache => {
  let c = caches.get(db);
  if (c) return c;
  const cache: SessionCache = {
    entries: new LRUCache<string, Cached>({ max: CACHE_MAX, ttl: CACHE_TTL_MS }),
    generation: 0,
    channel: invalidationFor(db),
  };
  cache.channel.subscribe(
    "sessions",
    (filter) => evictLocally(cache, filter),
    () => {
      cache.generation++;
      cache.entries.clear();
    },
  );
  caches.set(db, (c = cache));
  return c;
};

function evictLocally(cache: SessionCache, filter: InvalidationTopics["sessions"]): void {
  cache.generation++;
  const gone = [...cache.entries.entries()].filter(
    ([, c]) =>
      (filter.sessionId !== undefined && c.sessionId === filter.sessionId) ||
      (filter.userId !== undefined && c.user.id === filter.userId),
  );
  for (const [key] of gone) cache.entries.delete(key);
}

/**
 * Forgets cached sessions, one by id or every session of a user, on this instance at once and on
 * every other instance sharing the database. Call it after the change is written (committed).
 */
export async function evictSessions(
  db: Database,
  filter: InvalidationTopics["sessions"],
): Promise<void> {
  cacheFor(db);
  await invalidationFor(db).publish("sessions", filter);
}

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * The live session for a cookie token from this instance's cache, without waiting on anything;
 * undefined when the database must be asked (`resolveSession`): not cached, expired by the
 * policy, or the invalidation channel is down (a notice may have been missed).
 */
export function cachedSession(
  db: Database,
  token: string,
  policy: SessionPolicy,
  now = Date.now(),
): ResolvedSession | undefined {
  const cache = cacheFor(db);
  if (!cache.channel.live) return undefined;
  // Keyed by the token itself, so that a hit needs no SHA-256 (a few microseconds of every
  // signed-in request). The token is in this process's memory while its request is anyway; the
  // cache keeps it at most CACHE_TTL_MS longer, never on disk, and only its hash is stored.
  const hit = cache.entries.get(token);
  if (!hit || hit.expiresAt <= now || hit.lastSeenAt + policy.idleMs <= now) return undefined;
  return { sessionId: hit.sessionId, user: hit.user, authenticatedAt: hit.authenticatedAt };
}

/** Finds the live session for a cookie token, enforcing idle and absolute expiry. */
export async function resolveSession(
  db: Database,
  token: string,
  policy: SessionPolicy,
): Promise<ResolvedSession | null> {
  if (!TOKEN_FORMAT.test(token)) return null;
  const now = Date.now();
  const cache = cacheFor(db);
  const cacheable = cache.channel.live;
  const generation = cache.generation;
  const hit = cachedSession(db, token, policy, now);
  if (hit) return hit;
  cache.entries.delete(token);
  const id = hashToken(token);
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  const row = rows[0];
  if (!row) return null;
  const { session } = row;
  if (session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() + policy.idleMs <= now) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let lastSeen = session.lastSeenAt.getTime();
  if (now - lastSeen > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, id));
    lastSeen = now;
  }
  const expiresAt = session.expiresAt.getTime();
  const authenticatedAt = session.authenticatedAt.getTime();
  if (cacheable && cache.generation === generation && cache.channel.live) {
    cache.entries.set(token, {
      sessionId: id,
      user: row.user,
      expiresAt,
      lastSeenAt: lastSeen,
      authenticatedAt,
    });
  }
  return { sessionId: id, user: row.user, authenticatedAt };
}

/** Records that the keeper just proved who they are again (password or passkey) in this session. */
export async function markReauthenticated(db: Database, sessionId: string): Promise<Date> {
  const now = new Date();
  await db.update(sessions).set({ authenticatedAt: now }).where(eq(sessions.id, sessionId));
  await evictSessions(db, { sessionId });
  return now;
}

/** Ends one session (logout). */
export async function deleteSessionByToken(db: Database, token: string): Promise<void> {
  const id = hashToken(token);
  await db.delete(sessions).where(eq(sessions.id, id));
  await evictSessions(db, { sessionId: id });
}

/**
 * Removes expired sessions so the table does not grow forever; the auth plugin runs it at start
 * and then hourly (on several instances each does; the delete is idempotent). Returns the count.
 */
export async function purgeExpiredSessions(db: Database, policy: SessionPolicy): Promise<number> {
  const now = new Date();
  const gone = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        lt(sessions.lastSeenAt, new Date(now.getTime() - policy.idleMs)),
      ),
    )
    .returning({ id: sessions.id });
  return gone.length;
}

export { hashToken };
