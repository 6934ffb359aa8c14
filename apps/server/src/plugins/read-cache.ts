import type { FastifyInstance, FastifyRequest } from "fastify";
import { sendJsonText } from "../lib/response-serializer";
import fp from "fastify-plugin";
import { LRUCache } from "lru-cache";
import { todayIso } from "@flockkeeper/shared/schemas/common";
import type { InvalidationChannel } from "../db/invalidation";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The answer depends only on the keeper's stored records, the URL and today's date: it may be
     * served again from the read cache until the keeper next writes (see plugins/read-cache.ts).
     */
    keeperReadCache?: boolean;
  }
  interface FastifyRequest {
    /** The read cache's sequence number when this cacheable request started. */
    readCacheSeq?: number;
  }
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The keeper's recent answers to cacheable GETs, as the JSON text sent.
 *
 * Every write to a keeper's records goes through an app instance, in a request of a member of the
 * farm (no background job writes keeper data). Any state-changing request drops all of that farm's
 * entries before its answer is sent (and when it starts, where the route has signed the keeper in
 * by then), and a read's answer is stored only if no write of that farm ended while it was being
 * read. With several instances on one PostgreSQL, each write also tells the others (the
 * `keeperReads` notice, see the plugin below). Keys hold the URL and today's UTC date, so "today"
 * and "last 30 days" answers roll over; entries also expire after `ttlMs`.
 */
export class ReadCache {
  // lru-cache bounds the entries (least recently used go first) and expires them after `ttlMs`;
  // `dispose` keeps the per-keeper key sets in step with whatever it drops.
  private readonly entries: LRUCache<string, string>;
  private keysByUser = new Map<string, Set<string>>();
  /** Per keeper: the sequence number when their latest write started or ended. */
  private lastWrite = new Map<string, number>();
  /** The sequence number when everything was last dropped (notices may have been missed). */
  private lastReset = -1;
  private seq = 0;

  constructor(
    private readonly max = 5_000,
    ttlMs = 60_000,
  ) {
    this.entries = new LRUCache<string, string>({
      max,
      ttl: ttlMs,
      dispose: (_json, key) => {
        const userId = key.slice(0, key.indexOf("\n"));
        const keys = this.keysByUser.get(userId);
        keys?.delete(key);
        if (keys?.size === 0) this.keysByUser.delete(userId);
      },
    });
  }

  static key(userId: string, url: string, now = new Date()): string {
    return `${userId}\n${todayIso(now)}\n${url}`;
  }

  /** Call when a cacheable read starts; pass the result to `set`. */
  begin(): number {
    return this.seq;
  }

  get(userId: string, url: string, now = new Date()): string | null {
    return this.entries.get(ReadCache.key(userId, url, now)) ?? null;
  }

  set(userId: string, url: string, json: string, startedSeq: number, now = new Date()): void {
    // A write by this keeper started after this read did: what was read may be older than it.
    if ((this.lastWrite.get(userId) ?? -1) > startedSeq || this.lastReset > startedSeq) return;
    const key = ReadCache.key(userId, url, now);
    this.entries.set(key, json);
    let keys = this.keysByUser.get(userId);
    if (!keys) this.keysByUser.set(userId, (keys = new Set()));
    keys.add(key);
  }

  /** Forgets every answer, and any read in progress is not stored. */
  clear(): void {
    this.lastReset = ++this.seq;
    this.entries.clear();
    this.keysByUser.clear();
  }

  /** A state-changing request of this keeper started or ended: forget their answers. */
  invalidate(userId: string): void {
    this.lastWrite.set(userId, ++this.seq);
    for (const key of [...(this.keysByUser.get(userId) ?? [])]) this.entries.delete(key);
    this.keysByUser.delete(userId);
    // Keep the write marks bounded: a read older than the newest few thousand writes is long over.
    if (this.lastWrite.size > this.max) {
      for (const [user, at] of this.lastWrite) {
        if (at < this.seq - this.max) this.lastWrite.delete(user);
      }
    }
  }
}

/**
 * Serves a keeper's repeated reads (a list refetched when the app regains focus, a dashboard
 * opened twice) from memory. Routes opt in with `config: { keeperReadCache: true }`. Answers are
 * kept per farm (`req.keeper.farmId`) and role (a helper's answers leave out money), so a write by
 * any member of the farm forgets them.
 *
 * Several instances on one PostgreSQL: a write publishes a `keeperReads` notice (db/invalidation.ts)
 * before its answer is sent, and every instance forgets the farm's answers when the notice arrives.
 * So that a read sent to instance B after instance A answered a write is never served from B's
 * memory before the notice has arrived, B waits for the channel's `sync()` (one shared round trip
 * on the listening connection) before answering from memory; while the channel is down, or when
 * the sync fails, every read goes to the database and nothing is stored.
 */
export default fp(async function readCachePlugin(
  app: FastifyInstance,
  opts: { enabled: boolean; channel: InvalidationChannel },
) {
  if (!opts.enabled) return;
  const cache = new ReadCache();
  const { channel } = opts;
  const unsubscribe = channel.subscribe(
    "keeperReads",
    ({ farmId }) => cache.invalidate(farmId),
    () => cache.clear(),
  );
  app.addHook("onClose", async () => unsubscribe());
  const cacheable = (req: FastifyRequest) =>
    req.method === "GET" && req.routeOptions.config.keeperReadCache === true && req.keeper !== null;

  // A write: forget the keeper's answers as it starts, where the route has signed them in by now.
  app.addHook("preHandler", async (req) => {
    if (STATE_CHANGING.has(req.method) && req.keeper) cache.invalidate(req.keeper.farmId);
  });

  // preValidation: after the route's onRequest hook has signed the keeper in, before the query is
  // validated again (an entry exists only for a URL that was valid and answered 200).
  app.addHook("preValidation", async (req, reply) => {
    if (!cacheable(req) || !channel.live) return;
    try {
      await channel.sync();
    } catch {
      return; // notices may be pending: the database answers, and the answer is not stored
    }
    const json = cache.get(req.keeper!.farmId, `${req.keeper!.role} ${req.url}`);
    if (json !== null) {
      return sendJsonText(reply, json);
    }
    req.readCacheSeq = cache.begin();
  });

  app.addHook("onSend", async (req, reply, payload) => {
    // Before the answer leaves: the keeper cannot ask again and be served what the write replaced,
    // here or (once the notice is committed) on any other instance.
    if (STATE_CHANGING.has(req.method) && req.keeper) {
      cache.invalidate(req.keeper.farmId);
      try {
        await channel.publish("keeperReads", { farmId: req.keeper.farmId });
      } catch (err) {
        // The write itself is done; the other instances' listening connections are most likely
        // down too (they then drop all they hold when they reconnect).
        req.log.warn({ err }, "read cache: could not tell the other instances about a write");
      }
    }
    if (
      req.readCacheSeq !== undefined &&
      req.keeper &&
      reply.statusCode === 200 &&
      typeof payload === "string"
    ) {
      cache.set(req.keeper.farmId, `${req.keeper.role} ${req.url}`, payload, req.readCacheSeq);
    }
    return payload;
  });
});
