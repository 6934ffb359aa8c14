import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { authFailures } from "../db/schema/index";

/**
 * Failed sign-ins counted in the database per account (email) and per client address, so the
 * limits hold across restarts and across instances sharing one database. Past `slowAfter`
 * failures in the window every attempt waits (doubling, capped); at `max` attempts are refused
 * (429) until the window since the first failure has passed.
 */
export const THROTTLE = {
  windowMs: 15 * 60_000,
  account: { slowAfter: 3, max: 10 },
  client: { slowAfter: 10, max: 50 },
  baseDelayMs: 250,
  maxDelayMs: 2_000,
};

export type ThrottleKeys = { account?: string | null; client: string };

const keysOf = ({ account, client }: ThrottleKeys) => {
  const keys = [{ key: `client:${client}`, limits: THROTTLE.client }];
  if (account) keys.push({ key: `account:${account.toLowerCase()}`, limits: THROTTLE.account });
  return keys;
};

/** What to do before checking a credential: go ahead after `delayMs`, or refuse until `retryAfterS`. */
export async function throttleState(
  db: Database,
  keys: ThrottleKeys,
  now = Date.now(),
): Promise<{ refused: false; delayMs: number } | { refused: true; retryAfterS: number }> {
  const wanted = keysOf(keys);
  const rows = await db
    .select()
    .from(authFailures)
    .where(
      inArray(
        authFailures.key,
        wanted.map((k) => k.key),
      ),
    );
  let delayMs = 0;
  for (const { key, limits } of wanted) {
    const row = rows.find((r) => r.key === key);
    if (!row) continue;
    const windowEnds = row.windowStartedAt.getTime() + THROTTLE.windowMs;
    if (windowEnds <= now) continue;
    if (row.count >= limits.max) {
      return { refused: true, retryAfterS: Math.ceil((windowEnds - now) / 1000) };
    }
    if (row.count >= limits.slowAfter) {
      const extra = row.count - limits.slowAfter;
      delayMs = Math.max(delayMs, Math.min(THROTTLE.maxDelayMs, THROTTLE.baseDelayMs * 2 ** extra));
    }
  }
  return { refused: false, delayMs };
}

/** Counts one failure against each key (atomically; a stale window starts again at 1). */
export async function recordFailure(db: Database, keys: ThrottleKeys): Promise<void> {
  const windowSeconds = THROTTLE.windowMs / 1000;
  for (const { key } of keysOf(keys)) {
    await db
      .insert(authFailures)
      .values({ key, count: 1 })
      .onConflictDoUpdate({
        target: authFailures.key,
        set: {
          count: sql`case when ${authFailures.windowStartedAt} < now() - make_interval(secs => ${windowSeconds}) then 1 else ${authFailures.count} + 1 end`,
          windowStartedAt: sql`case when ${authFailures.windowStartedAt} < now() - make_interval(secs => ${windowSeconds}) then now() else ${authFailures.windowStartedAt} end`,
          lastFailedAt: sql`now()`,
        },
      });
  }
}

/** A successful sign-in forgives the account's failures (not the client's). */
export async function clearAccountFailures(db: Database, account: string): Promise<void> {
  await db.delete(authFailures).where(eq(authFailures.key, `account:${account.toLowerCase()}`));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
