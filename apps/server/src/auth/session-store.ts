import { createHash, randomBytes } from "node:crypto";
import { eq, lt, or } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Database } from "../db/client";
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
// each would otherwise wait on the database. Logout and deletion evict here at once; another
// instance sharing the database may accept a deleted session for at most CACHE_TTL_MS (every
// keeper-data query still goes through the access path, so it can reach no one else's data).
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
// One cache per database handle, so two app instances in one process behave like two processes.
const caches = new WeakMap<Database, LRUCache<string, Cached>>();
const cacheFor = (db: Database) => {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new LRUCache<string, Cached>({ max: CACHE_MAX, ttl: CACHE_TTL_MS })));
  return c;
};

/** Forgets cached sessions: one by id, or every session of a user. */
export function evictSessions(db: Database, filter: { sessionId?: string; userId?: string }) {
  const cache = cacheFor(db);
  const gone = [...cache.entries()].filter(
    ([, c]) => c.sessionId === filter.sessionId || c.user.id === filter.userId,
  );
  for (const [key] of gone) cache.delete(key);
}

/** Finds the live session for a cookie token, enforcing idle and absolute expiry. */
export async function resolveSession(
  db: Database,
  token: string,
  policy: SessionPolicy,
): Promise<ResolvedSession | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const id = hashToken(token);
  const now = Date.now();
  const cache = cacheFor(db);
  const hit = cache.get(id);
  if (hit && hit.expiresAt > now && hit.lastSeenAt + policy.idleMs > now) {
    return { sessionId: id, user: hit.user, authenticatedAt: hit.authenticatedAt };
  }
  cache.delete(id);
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
  cache.set(id, {
    sessionId: id,
    user: row.user,
    expiresAt,
    lastSeenAt: lastSeen,
    authenticatedAt,
  });
  return { sessionId: id, user: row.user, authenticatedAt };
}

/** Records that the keeper just proved who they are again (password or passkey) in this session. */
export async function markReauthenticated(db: Database, sessionId: string): Promise<Date> {
  const now = new Date();
  await db.update(sessions).set({ authenticatedAt: now }).where(eq(sessions.id, sessionId));
  evictSessions(db, { sessionId });
  return now;
}

/** Ends one session (logout). */
export async function deleteSessionByToken(db: Database, token: string): Promise<void> {
  const id = hashToken(token);
  evictSessions(db, { sessionId: id });
  await db.delete(sessions).where(eq(sessions.id, id));
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
