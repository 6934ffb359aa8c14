import { lt, sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema/index";
import { AppError } from "./errors";

/** One counted hit: how many in the current window (this one included) and how long it has left. */
export type Hit = { count: number; ttlMs: number };

/**
 * Fixed-window counters for rate limits and attempt limits. `hit` counts and answers in one atomic
 * step, so parallel requests can never all see "below the limit" before any of them is counted
 * (the admin gate's check-then-count let 20 parallel guesses through a limit of 5).
 *
 * Three stores, chosen by `countersFor`: Redis when REDIS_URL is set; the database on PostgreSQL,
 * so every instance sharing it counts against one total; process memory on the embedded database,
 * which only one process can open anyway.
 */
export interface Counters {
  readonly kind: "memory" | "database" | "redis";
  hit(key: string, windowMs: number): Promise<Hit>;
  /** Takes one hit back (an attempt that turned out not to count, such as a right password). */
  undo(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Counters in this process only (bounded: the oldest keys go first past `max`). */
export class MemoryCounters implements Counters {
  readonly kind = "memory";
  private readonly entries = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly max = 50_000) {}

  async hit(key: string, windowMs: number, now = Date.now()): Promise<Hit> {
    let entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) {
      this.entries.delete(key);
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
      entry = { count: 0, resetAt: now + windowMs };
      this.entries.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, ttlMs: entry.resetAt - now };
  }

  async undo(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}

/** Counters in the `rate_limits` table: one upsert per hit, atomic under concurrency. */
export class DatabaseCounters implements Counters {
  readonly kind = "database";
  private hits = 0;
  constructor(private readonly db: Database) {}

  async hit(key: string, windowMs: number): Promise<Hit> {
    // Housekeeping now and then: rows whose window ended long ago.
    if (++this.hits % 1000 === 0) {
      await this.db
        .delete(rateLimits)
        .where(lt(rateLimits.resetAt, sql`now() - interval '1 hour'`));
    }
    const windowEnd = sql`now() + make_interval(secs => ${windowMs / 1000})`;
    const rows = await this.db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt: windowEnd })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({
        count: rateLimits.count,
        ttlMs: sql<string>`greatest(0, ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000))`,
      });
    const row = rows[0]!;
    return { count: row.count, ttlMs: Number(row.ttlMs) };
  }

  async undo(key: string): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ count: sql`greatest(0, ${rateLimits.count} - 1)` })
      .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
  }

  async close(): Promise<void> {}
}

// INCR and the window's expiry in one script, so a key can never be left without an expiry.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;
const UNDO_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

// A limit that cannot be counted is not waived: the request is refused with a 503 to retry.
const redisUnavailable = (cause: unknown) => {
  const err = new AppError(
    503,
    "RATE_LIMIT_STORE_UNAVAILABLE",
    "The server cannot check its request limits right now. Please try again in a moment.",
  );
  err.cause = cause;
  return err;
};

/** Counters in Redis (REDIS_URL): shared by every instance that points at the same Redis. */
export class RedisCounters implements Counters {
  readonly kind = "redis";
  constructor(
    private readonly redis: Redis,
    private readonly prefix = "fk:rl:",
  ) {}

  async hit(key: string, windowMs: number): Promise<Hit> {
    try {
      const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, windowMs)) as [
        number,
        number,
      ];
      return { count, ttlMs: ttl };
    } catch (err) {
      throw redisUnavailable(err);
    }
  }

  async undo(key: string): Promise<void> {
    try {
      await this.redis.eval(UNDO_SCRIPT, 1, this.prefix + key);
    } catch (err) {
      throw redisUnavailable(err);
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

/** The counters store for this configuration (see `Counters`). */
export async function countersFor(opts: {
  redisUrl: string | null;
  database: { db: Database; kind: "pglite" | "postgres" };
}): Promise<Counters> {
  if (opts.redisUrl) {
    const { Redis } = await import("ioredis");
    // Fail a request quickly (a 503 through the error handler) rather than queueing it while
    // Redis is away; the client reconnects by itself.
    const redis = new Redis(opts.redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    redis.on("error", () => {});
    await redis.connect();
    return new RedisCounters(redis);
  }
  if (opts.database.kind === "postgres") return new DatabaseCounters(opts.database.db);
  return new MemoryCounters();
}

/** The same counters with every key under `namespace` (separate deployments on one Redis, tests). */
export function namespaced(counters: Counters, namespace: string): Counters {
  if (!namespace) return counters;
  return {
    kind: counters.kind,
    hit: (key, windowMs) => counters.hit(namespace + key, windowMs),
    undo: (key) => counters.undo(namespace + key),
    close: () => counters.close(),
  };
}
