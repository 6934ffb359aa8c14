import { randomUUID } from "node:crypto";
import pg from "pg";

/**
 * Cache invalidation shared by every app instance on one database. A cache that holds rows in
 * memory subscribes to a topic and drops what a notice names; whoever changes those rows publishes
 * a notice after the change. On PostgreSQL the notices travel by LISTEN/NOTIFY (one dedicated
 * connection per database handle), so every instance sees them within milliseconds; on the
 * embedded database (one process) they are delivered in-process.
 *
 * Add a topic here, with the shape of its notice, before publishing it.
 */
export type InvalidationTopics = {
  /** Sessions ended: one by id (sign-out), or every session of a user (sign-out everywhere, password change, account deletion). */
  sessions: { sessionId?: string; userId?: string };
  /** Farm membership changed: one person's (joined, left, switched, re-roled), or a whole farm's (deleted). */
  farmMembers: { userId?: string; farmId?: string };
  /** A farm's records changed (any write by a member): cached answers about it are out of date. */
  keeperReads: { farmId: string };
};
export type InvalidationTopic = keyof InvalidationTopics;

export interface InvalidationChannel {
  readonly kind: "in-process" | "postgres";
  /** This channel's id (the instance's): its PostgreSQL connection is named `fk-invalidation-<id>`. */
  readonly id: string;
  /**
   * Whether notices from other instances arrive now. False while the PostgreSQL connection is
   * down: a cache should then not answer from memory (it could miss a notice), only the database.
   */
  readonly live: boolean;
  /** Delivers the notice to this instance's subscribers at once, then to every other instance. */
  publish<T extends InvalidationTopic>(topic: T, payload: InvalidationTopics[T]): Promise<void>;
  /**
   * Calls `handler` for each notice on `topic`, and `reset` when notices may have been missed (the
   * connection dropped or came back): the subscriber then drops everything it holds. Returns the
   * unsubscribe function.
   */
  subscribe<T extends InvalidationTopic>(
    topic: T,
    handler: (payload: InvalidationTopics[T]) => void,
    reset: () => void,
  ): () => void;
  /**
   * Resolves once every notice published (by any instance) before this call has been delivered to
   * this instance's subscribers; rejects when that cannot be known (the channel is down, or the
   * database did not answer within a second). A cache that must never answer stale (the read
   * cache) waits for it before answering from memory.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** The PostgreSQL notification channel all instances listen on; the topic travels in the payload. */
export const NOTIFY_CHANNEL = "flockkeeper_invalidation";
/** How often the listening connection is checked (a silently dead socket sends no error). */
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 3_000;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;
const SYNC_TIMEOUT_MS = 1_000;

type Subscriber = { topic: InvalidationTopic; handler: (p: never) => void; reset: () => void };
type Notice = { o: string; t: InvalidationTopic; p: unknown };

class Subscribers {
  private readonly list = new Set<Subscriber>();

  add(s: Subscriber): () => void {
    this.list.add(s);
    return () => this.list.delete(s);
  }

  deliver(topic: InvalidationTopic, payload: unknown): void {
    for (const s of this.list) if (s.topic === topic) s.handler(payload as never);
  }

  resetAll(): void {
    for (const s of this.list) s.reset();
  }
}

/** In-process delivery: the embedded database has one process, so there is no one else to tell. */
export function inProcessChannel(): InvalidationChannel {
  const subscribers = new Subscribers();
  return {
    kind: "in-process",
    id: randomUUID(),
    live: true,
    publish: async (topic, payload) => subscribers.deliver(topic, payload),
    subscribe: (topic, handler, reset) =>
      subscribers.add({ topic, handler: handler as (p: never) => void, reset }),
    // Publishing delivers in-process at once: nothing can be pending.
    sync: async () => {},
    close: async () => {},
  };
}

/**
 * LISTEN/NOTIFY on PostgreSQL. Notices are sent through `pool` (any connection) and received on a
 * dedicated connection, which reconnects after a drop (100 ms, doubling up to 5 s). Each drop and
 * each reconnection resets every subscriber, since notices sent meanwhile are lost.
 */
export async function postgresChannel(url: string, pool: pg.Pool): Promise<InvalidationChannel> {
  const id = randomUUID();
  const subscribers = new Subscribers();
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let everConnected = false;
  let retryMs = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const receive = (msg: pg.Notification) => {
    if (msg.channel !== NOTIFY_CHANNEL || !msg.payload) return;
    let notice: Notice;
    try {
      notice = JSON.parse(msg.payload) as Notice;
    } catch {
      return;
    }
    // This instance delivered its own notice when it published.
    if (notice.o !== id) subscribers.deliver(notice.t, notice.p);
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs).unref();
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  };

  const connect = async () => {
    const c = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      application_name: `fk-invalidation-${id}`,
    });
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      c.end().catch(() => {});
      if (client === c) {
        client = null;
        live = false;
        clearInterval(heartbeat);
        // Whatever was cached may have been invalidated by a notice that will never arrive.
        subscribers.resetAll();
      }
      scheduleReconnect();
    };
    c.on("error", lost);
    c.on("end", lost);
    c.on("notification", receive);
    try {
      await c.connect();
      await c.query(`listen ${NOTIFY_CHANNEL}`);
    } catch {
      lost();
      return;
    }
    if (closed) {
      gone = true;
      await c.end().catch(() => {});
      return;
    }
    client = c;
    live = true;
    retryMs = RECONNECT_MIN_MS;
    // After a drop, notices sent while nobody listened are lost: start from nothing.
    if (everConnected) subscribers.resetAll();
    everConnected = true;
    heartbeat = setInterval(() => {
      const timeout = new Promise((_, reject) =>
        setTimeout(() => reject(new Error("heartbeat timeout")), HEARTBEAT_TIMEOUT_MS).unref(),
      );
      Promise.race([c.query("select 1"), timeout]).catch(lost);
    }, HEARTBEAT_MS).unref();
  };

  // sync(): a round trip on the listening connection. PostgreSQL sends a listener the notices of
  // every transaction committed before it answers a query (they go out before its ReadyForQuery),
  // and pg emits each as it reads it, so by the time `select 1` resolves, every notice committed
  // before it was sent has been delivered. Callers share round trips: one that arrives while a
  // round trip is on its way waits for the next (the one on its way may have been sent before the
  // caller's notice was committed), and all who arrive meanwhile share that next one.
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const roundTrip = (): Promise<void> => {
    const c = client;
    if (!c || !live) return Promise.reject(new Error("invalidation channel down"));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("invalidation sync timed out")), SYNC_TIMEOUT_MS);
    });
    const trip = Promise.race([c.query("select 1").then(() => {}), timeout]).finally(() =>
      clearTimeout(timer),
    );
    running = trip.finally(() => {
      running = null;
    });
    return running;
  };
  const sync = (): Promise<void> => {
    if (queued) return queued;
    if (!running) return roundTrip();
    queued = running
      .catch(() => {})
      .then(() => {
        queued = null;
        return roundTrip();
      });
    return queued;
  };

  await connect();

  return {
    kind: "postgres",
    id,
    get live() {
      return live;
    },
    publish: async (topic, payload) => {
      subscribers.deliver(topic, payload);
      const notice: Notice = { o: id, t: topic, p: payload };
      await pool.query("select pg_notify($1, $2)", [NOTIFY_CHANNEL, JSON.stringify(notice)]);
    },
    subscribe: (topic, handler, reset) =>
      subscribers.add({ topic, handler: handler as (p: never) => void, reset }),
    sync,
    close: async () => {
      closed = true;
      live = false;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      const c = client;
      client = null;
      if (c) await c.end().catch(() => {});
    },
  };
}

// Services hold the Drizzle handle, not the database handle: the channel is found from it (typed
// as any object, since client.ts, which declares `Database`, imports this file).
const channels = new WeakMap<object, InvalidationChannel>();

/** Registers the channel of a database's Drizzle handle (done by `openDatabase`). */
export function registerInvalidation(db: object, channel: InvalidationChannel): void {
  channels.set(db, channel);
}

/** The invalidation channel of a database's Drizzle handle; in-process when none was registered. */
export function invalidationFor(db: object): InvalidationChannel {
  let channel = channels.get(db);
  if (!channel) channels.set(db, (channel = inProcessChannel()));
  return channel;
}
