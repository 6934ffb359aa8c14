import { ECDH } from "node:crypto";
import { and, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import webpush from "web-push";
import type {
  PushPayload,
  PushSubscriptionBody,
  PushSubscriptionView,
} from "@flockkeeper/shared/schemas/tasks";
import type { Database } from "../../db/client";
import {
  farmMembers,
  farms,
  keeperPlaces,
  pushDeliveries,
  pushSubscriptions,
  users,
} from "../../db/schema/index";
import { invalidField, notFound } from "../../lib/errors";
import { getOrCreateSecret } from "../../lib/secrets";
import type { Keeper } from "../../access/access";
import type { FarmRole } from "@flockkeeper/shared/schemas/farm";
import { listTasks } from "../tasks/tasks.service";

/** The VAPID key pair, generated once and kept in the database (every instance signs with it). */
export type VapidKeys = { publicKey: string; privateKey: string };
export const vapidKeys = (db: Database) =>
  getOrCreateSecret<VapidKeys>(db, "vapid", () => webpush.generateVAPIDKeys());

/** Push services of the browsers (Chrome, Edge, Firefox, Safari). */
const PUSH_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^([a-z0-9-]+\.)*push\.services\.mozilla\.com$/,
  /^([a-z0-9-]+\.)*notify\.windows\.com$/,
  /^([a-z0-9-]+\.)*push\.apple\.com$/,
];

/**
 * Whether the server may send to this endpoint: https at a browser's push service, or an origin the
 * operator allowed (`PUSH_ENDPOINT_ORIGINS`, e.g. a test receiver). Anything else would let a
 * request make the server post to any address.
 */
export function allowedEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraOrigins.includes(url.origin.toLowerCase())) return true;
  return (
    url.protocol === "https:" &&
    url.port === "" &&
    !url.username &&
    !url.password &&
    PUSH_HOSTS.some((h) => h.test(url.hostname))
  );
}

export const ENDPOINT_REFUSED = "Endpoint is not a browser's push service";
export const FOREIGN_ENDPOINT =
  "This device gets notifications for another account: turn them off there first";

const toView = (r: typeof pushSubscriptions.$inferSelect): PushSubscriptionView => ({
  id: r.id,
  endpoint: r.endpoint,
  digestHour: r.digestHour,
  timeZone: r.timeZone,
});

/**
 * `POST /api/push/subscriptions`: this device, for the keeper and the farm in use. The same
 * keeper subscribing the device again (another hour, another farm) replaces its row: a browser has
 * one endpoint. A device subscribed by another account is refused (409) until they turn it off.
 */
export async function subscribe(
  db: Database,
  keeper: Keeper,
  body: PushSubscriptionBody,
  extraOrigins: readonly string[],
): Promise<PushSubscriptionView> {
  if (!allowedEndpoint(body.endpoint, extraOrigins)) {
    throw invalidField("endpoint", ENDPOINT_REFUSED, 400);
  }
  try {
    ECDH.convertKey(body.keys.p256dh, "prime256v1", "base64url", "base64url", "uncompressed");
  } catch {
    throw invalidField("keys.p256dh", "keys.p256dh is not a P-256 public key", 400);
  }
  // A device already subscribed for another account stays theirs until they turn it off.
  const [taken] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.endpoint, body.endpoint),
        ne(pushSubscriptions.userId, keeper.user.id),
      ),
    );
  if (taken) throw invalidField("endpoint", FOREIGN_ENDPOINT, 409);
  const values = {
    userId: keeper.user.id,
    farmId: keeper.farmId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    digestHour: body.digestHour,
    timeZone: body.timeZone,
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: values,
      // Only the same person's row is replaced (another's taken since the check stays theirs).
      setWhere: eq(pushSubscriptions.userId, keeper.user.id),
    })
    .returning();
  if (!row) throw invalidField("endpoint", FOREIGN_ENDPOINT, 409);
  return toView(row);
}

/** `DELETE /api/push/subscriptions`: only the keeper's own device (another's is a 404). */
export async function unsubscribe(db: Database, keeper: Keeper, endpoint: string) {
  const gone = await db
    .delete(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, keeper.user.id)),
    )
    .returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw notFound("Push subscription");
}

// ------------------------------------------------------------------ the schedule

/** The calendar date and hour of `now` in an IANA time zone. */
export function localTime(now: Date, timeZone: string): { date: string; hour: number } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { date: `${get("year")}-${get("month")}-${get("day")}`, hour: Number(get("hour")) };
}

export type SenderOptions = {
  weatherBaseUrl: string;
  publicUrl: string;
  subject: string | null;
  now?: Date;
};

/**
 * Queues what is due, from the database alone: each subscription's digest once its hour has come
 * on the keeper's date (`digest:<date>`), and an urgent notification per open urgent task
 * (`urgent:<task id>`). The unique (subscription, key) makes a second instance, a restart or a
 * run after a night asleep queue nothing twice.
 */
export async function queueDue(db: Database, opts: SenderOptions): Promise<number> {
  const now = opts.now ?? new Date();
  const subs = await db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      farmId: pushSubscriptions.farmId,
      digestHour: pushSubscriptions.digestHour,
      timeZone: pushSubscriptions.timeZone,
      hasPlace: isNotNull(keeperPlaces.farmId),
    })
    .from(pushSubscriptions)
    .leftJoin(keeperPlaces, eq(keeperPlaces.farmId, pushSubscriptions.farmId));
  const rows: (typeof pushDeliveries.$inferInsert)[] = [];
  // Urgent items come from the weather alerts today: only farms with a saved place are asked.
  const urgentByKeeper = new Map<string, { taskIds: string[] }>();
  for (const s of subs) {
    let local;
    try {
      local = localTime(now, s.timeZone);
    } catch {
      continue;
    }
    if (s.digestHour !== null && local.hour >= s.digestHour) {
      rows.push({
        subscriptionId: s.id,
        key: `digest:${local.date}`,
        kind: "digest",
        date: local.date,
      });
    }
    if (s.hasPlace) {
      const k = `${s.userId}|${s.farmId}|${local.date}`;
      let urgent = urgentByKeeper.get(k);
      if (!urgent) {
        const keeper = await keeperFor(db, s.userId, s.farmId);
        const tasks = keeper
          ? (await listTasks(db, keeper, local.date, opts.weatherBaseUrl)).tasks
          : [];
        urgent = {
          taskIds: tasks.filter((t) => t.urgent && !t.done && !t.snoozedUntil).map((t) => t.id),
        };
        urgentByKeeper.set(k, urgent);
      }
      for (const id of urgent.taskIds) {
        rows.push({ subscriptionId: s.id, key: `urgent:${id}`, kind: "urgent", date: local.date });
      }
    }
  }
  let queued = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const made = await db
      .insert(pushDeliveries)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing()
      .returning({ id: pushDeliveries.id });
    queued += made.length;
  }
  return queued;
}

/** The request context of a subscription's keeper on its farm, or null when no longer a member. */
export async function keeperFor(
  db: Database,
  userId: string,
  farmId: string,
): Promise<Keeper | null> {
  const [row] = await db
    .select({ user: users, role: farmMembers.role })
    .from(farmMembers)
    .innerJoin(users, eq(users.id, farmMembers.userId))
    .where(and(eq(farmMembers.userId, userId), eq(farmMembers.farmId, farmId)));
  return row ? { user: row.user, farmId, role: row.role as FarmRole } : null;
}

/** A claim older than this belongs to an instance that stopped mid-send: it is taken again. */
const STALE_CLAIM = "10 minutes";

/**
 * Claims up to `limit` queued notifications for this instance: one statement that locks the rows
 * it picks (`FOR UPDATE SKIP LOCKED`, so two instances never pick the same row) and marks them
 * `sending`.
 */
async function claim(db: Database, limit: number) {
  // Both drivers (pg and PGlite) answer raw SQL with { rows }.
  const result = (await db.execute(sql`
    update ${pushDeliveries} set status = 'sending', claimed_at = now()
    where id in (
      select id from ${pushDeliveries}
      where status = 'pending'
        or (status = 'sending' and claimed_at < now() - ${STALE_CLAIM}::interval)
      order by created_at
      limit ${limit}
      for update skip locked
    )
    returning id, subscription_id, key, kind, date::text as date`)) as unknown as {
    rows: { id: string; subscription_id: string; key: string; kind: string; date: string }[];
  };
  return result.rows;
}

/** What the notification says, or null when there is nothing left to say (all done, snoozed). */
async function payloadFor(
  db: Database,
  keeper: Keeper,
  delivery: { key: string; kind: string; date: string },
  opts: SenderOptions,
): Promise<PushPayload | null> {
  const { tasks } = await listTasks(db, keeper, delivery.date, opts.weatherBaseUrl);
  const open = tasks.filter((t) => !t.done && !t.snoozedUntil);
  if (delivery.kind === "urgent") {
    const id = delivery.key.slice("urgent:".length);
    const task = open.find((t) => t.id === id);
    if (!task) return null;
    return { title: task.title, body: task.reason, url: task.link, tag: task.id };
  }
  if (open.length === 0) return null;
  const [farm] = await db
    .select({ name: farms.name })
    .from(farms)
    .where(eq(farms.id, keeper.farmId));
  const first = open.slice(0, 3).map((t) => t.title);
  const more = open.length - first.length;
  return {
    title: `Today on ${farm?.name ?? "your farm"}: ${open.length} ${open.length === 1 ? "task" : "tasks"}`,
    body: first.join("\n") + (more > 0 ? `\nand ${more} more` : ""),
    url: "/today",
    tag: `digest:${delivery.date}`,
  };
}

export type SendResult = { sent: number; skipped: number; removed: number; failed: number };

/**
 * Sends what is queued, each notification by exactly one instance. A push service answering 404
 * or 410 (the subscription expired or was revoked) removes the subscription.
 */
export async function sendQueued(
  db: Database,
  opts: SenderOptions,
  limit = 100,
): Promise<SendResult> {
  const result: SendResult = { sent: 0, skipped: 0, removed: 0, failed: 0 };
  const vapid = await vapidKeys(db);
  const subject = opts.subject ?? vapidSubject(opts.publicUrl);
  for (;;) {
    const batch = await claim(db, limit);
    if (batch.length === 0) return result;
    const subs = await db
      .select()
      .from(pushSubscriptions)
      .where(
        inArray(
          pushSubscriptions.id,
          batch.map((d) => d.subscription_id),
        ),
      );
    const byId = new Map(subs.map((s) => [s.id, s]));
    // A few at a time: each waits mostly on the database and the push service, and the batch
    // is this instance's alone (claimed above).
    await eachLimit(batch, SEND_CONCURRENCY, async (d) => {
      const sub = byId.get(d.subscription_id);
      const keeper = sub ? await keeperFor(db, sub.userId, sub.farmId) : null;
      const payload = sub && keeper ? await payloadFor(db, keeper, d, opts) : null;
      if (!sub || !payload) {
        await mark(db, d.id, "skipped");
        result.skipped++;
        return;
      }
      try {
        const status = await deliver(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          payload,
          d.kind === "urgent",
          { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        );
        if (status === 404 || status === 410) {
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
          result.removed++;
        } else if (status >= 200 && status < 300) {
          await mark(db, d.id, "sent");
          result.sent++;
        } else {
          await mark(db, d.id, "failed");
          result.failed++;
        }
      } catch {
        // The push service could not be reached: kept as failed, the subscription stays.
        await mark(db, d.id, "failed");
        result.failed++;
      }
    });
  }
}

/** Notifications one instance prepares and sends at once. */
export const SEND_CONCURRENCY = 4;

/** Runs `fn` over `items`, at most `limit` at a time. */
export async function eachLimit<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * One Web Push request (RFC 8030): the payload encrypted for the device (RFC 8291, aes128gcm) and
 * signed with the VAPID key (RFC 8292) by `web-push`, sent with fetch. Answers the push service's
 * status.
 */
async function deliver(
  subscription: webpush.PushSubscription,
  payload: PushPayload,
  urgent: boolean,
  vapidDetails: { subject: string; publicKey: string; privateKey: string },
): Promise<number> {
  const request = webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
    vapidDetails,
    TTL: urgent ? 6 * 3600 : 12 * 3600,
    urgency: urgent ? "high" : "normal",
    contentEncoding: "aes128gcm",
  });
  const res = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    // A copy as a plain Uint8Array: a Buffer is not a fetch body under the DOM types the tools'
    // typecheck (bench, e2e) reads this file with.
    body: request.body ? new Uint8Array(request.body) : null,
    signal: AbortSignal.timeout(10_000),
    redirect: "error",
  });
  await res.body?.cancel().catch(() => undefined);
  return res.status;
}

const mark = (db: Database, id: string, status: "sent" | "skipped" | "failed") =>
  db
    .update(pushDeliveries)
    .set({ status, sentAt: status === "sent" ? new Date() : null })
    .where(eq(pushDeliveries.id, id));

/** The VAPID contact: the site when it is https, else a mailto at its host. */
export function vapidSubject(publicUrl: string): string {
  const url = new URL(publicUrl);
  return url.protocol === "https:" ? url.origin : `mailto:push@${url.hostname}`;
}

/** One run of the schedule: queue what is due, send what is queued. */
export async function runNotifications(db: Database, opts: SenderOptions) {
  const queued = await queueDue(db, opts);
  return { queued, ...(await sendQueued(db, opts)) };
}
