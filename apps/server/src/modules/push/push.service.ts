import { ECDH } from "node:crypto";
import { and, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import webpush from "web-push";
import type {
  PushPayload,
  Task,
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
import { listTasksOf } from "../tasks/tasks.service";
import type { TaskRequest } from "../tasks/task-sources";

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

/**
 * One formatter per time zone: building an `Intl.DateTimeFormat` costs far more than formatting with
 * it, and a digest run asks the same few zones for thousands of subscriptions. Only zones that built
 * are kept (an unknown zone throws each time); the cap keeps odd spellings from growing it forever.
 */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
const MAX_ZONE_FORMATS = 1000;

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23",
    });
    if (zoneFormats.size >= MAX_ZONE_FORMATS) zoneFormats.clear();
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar date and hour of `now` in an IANA time zone. */
export function localTime(now: Date, timeZone: string): { date: string; hour: number } {
  const parts = zoneFormat(timeZone).formatToParts(now);
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
  // Urgent items come from the weather alerts today: only farms with a saved place are asked,
  // each keeper's farm and date once, a batch of them per `listTasksOf`.
  const urgentAsked: { sub: string; userId: string; farmId: string; date: string }[] = [];
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
    if (s.hasPlace) urgentAsked.push({ sub: s.id, ...s, date: local.date });
  }
  for (let i = 0; i < urgentAsked.length; i += TASK_BATCH) {
    const chunk = urgentAsked.slice(i, i + TASK_BATCH);
    const keepers = await keepersFor(db, chunk);
    const tasksOf = await tasksFor(db, chunk, keepers, opts.weatherBaseUrl);
    for (const a of chunk) {
      for (const t of tasksOf(a) ?? []) {
        if (t.urgent && !t.done && !t.snoozedUntil) {
          rows.push({ subscriptionId: a.sub, key: `urgent:${t.id}`, kind: "urgent", date: a.date });
        }
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

/** Keepers whose Today one `listTasksOf` reads at most (a claimed batch of digests, or of urgent checks). */
export const TASK_BATCH = 100;

/** A keeper on a farm, as the digest of a subscription or email names them. */
export type KeeperRef = { userId: string; farmId: string };
/** A subscription's keeper, with the name of the farm (what the digest's title says). */
export type DigestKeeper = Keeper & { farmName: string };

const keeperKey = (r: KeeperRef) => `${r.userId} ${r.farmId}`;

/**
 * The request context of each (keeper, farm) that is still a membership, with the farm's name, in
 * one statement: `keeperKey` to keeper. A pair no longer a member is missing from the map.
 */
export async function keepersFor(
  db: Database,
  refs: readonly KeeperRef[],
): Promise<Map<string, DigestKeeper>> {
  const found = new Map<string, DigestKeeper>();
  if (refs.length === 0) return found;
  const wanted = new Set(refs.map(keeperKey));
  // Members of any of these farms who are any of these users: a superset of the pairs (most
  // farms have one or two keepers), narrowed to the exact pairs below.
  const rows = await db
    .select({
      user: users,
      role: farmMembers.role,
      farmId: farmMembers.farmId,
      farmName: farms.name,
    })
    .from(farmMembers)
    .innerJoin(users, eq(users.id, farmMembers.userId))
    .innerJoin(farms, eq(farms.id, farmMembers.farmId))
    .where(
      and(
        inArray(farmMembers.userId, [...new Set(refs.map((r) => r.userId))]),
        inArray(farmMembers.farmId, [...new Set(refs.map((r) => r.farmId))]),
      ),
    );
  for (const r of rows) {
    const key = keeperKey({ userId: r.user.id, farmId: r.farmId });
    if (!wanted.has(key)) continue;
    found.set(key, {
      user: r.user,
      farmId: r.farmId,
      role: r.role as FarmRole,
      farmName: r.farmName,
    });
  }
  return found;
}

/**
 * The Today of each (keeper, farm, date) asked, read with one `listTasksOf` for all of them (the
 * same keeper and date asked twice is read once): answers a lookup, undefined for a keeper who is
 * no longer a member.
 */
export async function tasksFor(
  db: Database,
  asked: readonly (KeeperRef & { date: string })[],
  keepers: ReadonlyMap<string, Keeper>,
  weatherBaseUrl: string,
): Promise<(a: KeeperRef & { date: string }) => Task[] | undefined> {
  const index = new Map<string, number>();
  const requests: TaskRequest[] = [];
  for (const a of asked) {
    const keeper = keepers.get(keeperKey(a));
    const key = `${keeperKey(a)} ${a.date}`;
    if (!keeper || index.has(key)) continue;
    index.set(key, requests.length);
    requests.push({ keeper, date: a.date });
  }
  const answers = await listTasksOf(db, requests, weatherBaseUrl);
  return (a) => {
    const i = index.get(`${keeperKey(a)} ${a.date}`);
    return i === undefined ? undefined : answers[i]!.tasks;
  };
}

/** A claim older than this belongs to an instance that stopped mid-send: it is taken again. */
const STALE_CLAIM = "10 minutes";

type Claimed = { id: string; subscription_id: string; key: string; kind: string; date: string };

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
    rows: Claimed[];
  };
  return result.rows;
}

/** What the notification says, or null when there is nothing left to say (all done, snoozed). */
function payloadFor(
  farmName: string,
  tasks: readonly Task[],
  delivery: { key: string; kind: string; date: string },
): PushPayload | null {
  const open = tasks.filter((t) => !t.done && !t.snoozedUntil);
  if (delivery.kind === "urgent") {
    const id = delivery.key.slice("urgent:".length);
    const task = open.find((t) => t.id === id);
    if (!task) return null;
    return { title: task.title, body: task.reason, url: task.link, tag: task.id };
  }
  if (open.length === 0) return null;
  const first = open.slice(0, 3).map((t) => t.title);
  const more = open.length - first.length;
  return {
    title: `Today on ${farmName}: ${open.length} ${open.length === 1 ? "task" : "tasks"}`,
    body: first.join("\n") + (more > 0 ? `\nand ${more} more` : ""),
    url: "/today",
    tag: `digest:${delivery.date}`,
  };
}

/** A claimed notification ready to send: its device and what it says. */
export type PreparedPush = {
  subscription: typeof pushSubscriptions.$inferSelect;
  payload: PushPayload;
};

/**
 * What each claimed notification of a batch says, read for the whole batch at once: the
 * subscriptions, their keepers and farms' names, and every keeper's Today in one `listTasksOf`
 * (a few statements per batch instead of several per keeper). Null for a notification with no one
 * to send it to (subscription gone, keeper left the farm) or nothing left to say.
 */
export async function preparePushes(
  db: Database,
  batch: readonly Pick<Claimed, "subscription_id" | "key" | "kind" | "date">[],
  weatherBaseUrl: string,
): Promise<(PreparedPush | null)[]> {
  if (batch.length === 0) return [];
  const subs = await db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.id, [...new Set(batch.map((d) => d.subscription_id))]));
  const byId = new Map(subs.map((s) => [s.id, s]));
  const asked = batch.flatMap((d) => {
    const sub = byId.get(d.subscription_id);
    return sub ? [{ userId: sub.userId, farmId: sub.farmId, date: d.date }] : [];
  });
  const keepers = await keepersFor(db, asked);
  const tasksOf = await tasksFor(db, asked, keepers, weatherBaseUrl);
  return batch.map((d) => {
    const subscription = byId.get(d.subscription_id);
    if (!subscription) return null;
    const keeper = keepers.get(keeperKey(subscription));
    const tasks = tasksOf({ ...subscription, date: d.date });
    if (!keeper || !tasks) return null;
    const payload = payloadFor(keeper.farmName, tasks, d);
    return payload ? { subscription, payload } : null;
  });
}

export type SendResult = { sent: number; skipped: number; removed: number; failed: number };

/**
 * Sends what is queued, each notification by exactly one instance. A push service answering 404
 * or 410 (the subscription expired or was revoked) removes the subscription.
 */
export async function sendQueued(
  db: Database,
  opts: SenderOptions,
  limit = TASK_BATCH,
): Promise<SendResult> {
  const result: SendResult = { sent: 0, skipped: 0, removed: 0, failed: 0 };
  const vapid = await vapidKeys(db);
  const subject = opts.subject ?? vapidSubject(opts.publicUrl);
  for (;;) {
    const batch = await claim(db, limit);
    if (batch.length === 0) return result;
    const prepared = await preparePushes(db, batch, opts.weatherBaseUrl);
    const mark = pushMarks(db);
    // A few at a time: each waits mostly on the push service, and the batch is this instance's
    // alone (claimed above). Each is marked as soon as it is answered, so an instance stopping
    // mid-batch leaves only the ones it had not sent to be taken again.
    await eachLimit(
      batch.map((d, i) => ({ d, p: prepared[i] })),
      PUSH_CONCURRENCY,
      async ({ d, p }) => {
        if (!p) {
          await mark(d.id, "skipped");
          result.skipped++;
          return;
        }
        const sub = p.subscription;
        try {
          const status = await deliver(
            { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
            p.payload,
            d.kind === "urgent",
            { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          );
          if (status === 404 || status === 410) {
            await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
            result.removed++;
          } else if (status >= 200 && status < 300) {
            await mark(d.id, "sent");
            result.sent++;
          } else {
            await mark(d.id, "failed");
            result.failed++;
          }
        } catch {
          // The push service could not be reached: kept as failed, the subscription stays.
          await mark(d.id, "failed");
          result.failed++;
        }
      },
    );
  }
}

/** Emails one instance sends at once (each its own SMTP connection). */
export const SEND_CONCURRENCY = 4;

/**
 * Push messages one instance has on their way at once. Prepared a batch at a time, a message costs
 * little CPU and then waits on the push service across the network (fetch keeps connections to
 * each push service alive): more at once than emails, whose each is an SMTP conversation.
 */
export const PUSH_CONCURRENCY = 16;

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

// ------------------------------------------------------------------ VAPID (RFC 8292)

type VapidDetails = { subject: string; publicKey: string; privateKey: string };

/** How long a signed VAPID token is valid: web-push's default, half of the 24 h push services allow. */
export const VAPID_TOKEN_SECONDS = 12 * 3600;
/** A token this close to its expiry is signed anew, so none expires on its way to the push service. */
export const VAPID_RENEW_SECONDS = 3600;

const vapidTokens = new Map<string, { authorization: string; exp: number }>();
const MAX_VAPID_TOKENS = 1000;

/**
 * The `Authorization` header for a push service (`vapid t=<JWT>, k=<public key>`). The JWT names
 * only the push service's origin (`aud`), the contact and an expiry, nothing of the message, so one
 * signature serves every message to that push service until shortly before it expires: signing
 * (ECDSA P-256) was the largest cost of a digest run when done per message. Kept per origin and key
 * pair; `now` (ms) is for tests.
 */
export function vapidAuthorization(
  endpoint: string,
  details: VapidDetails,
  now = Date.now(),
): string {
  const audience = new URL(endpoint).origin;
  const key = `${audience} ${details.subject} ${details.publicKey}`;
  const nowSeconds = Math.floor(now / 1000);
  const kept = vapidTokens.get(key);
  if (kept && kept.exp - nowSeconds > VAPID_RENEW_SECONDS) return kept.authorization;
  const exp = nowSeconds + VAPID_TOKEN_SECONDS;
  const { Authorization } = webpush.getVapidHeaders(
    audience,
    details.subject,
    details.publicKey,
    details.privateKey,
    "aes128gcm",
    exp,
  );
  if (vapidTokens.size >= MAX_VAPID_TOKENS) vapidTokens.clear();
  vapidTokens.set(key, { authorization: Authorization, exp });
  return Authorization;
}

/**
 * One Web Push request (RFC 8030): the payload encrypted for the device by `web-push` (RFC 8291,
 * aes128gcm: a fresh salt and server key for every message, as the RFC requires), the VAPID header
 * of the push service (kept, see `vapidAuthorization`), sent with fetch. Answers the push
 * service's status.
 */
async function deliver(
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  payload: PushPayload,
  urgent: boolean,
  vapidDetails: VapidDetails,
): Promise<number> {
  const encrypted = webpush.encrypt(
    subscription.keys.p256dh,
    subscription.keys.auth,
    JSON.stringify(payload),
    "aes128gcm",
  );
  const res = await fetch(subscription.endpoint, {
    method: "POST",
    headers: {
      TTL: String(urgent ? 6 * 3600 : 12 * 3600),
      Urgency: urgent ? "high" : "normal",
      "Content-Encoding": "aes128gcm",
      "Content-Type": "application/octet-stream",
      Authorization: vapidAuthorization(subscription.endpoint, vapidDetails),
    },
    // A copy as a plain Uint8Array: a Buffer is not a fetch body under the DOM types the tools'
    // typecheck (bench, e2e) reads this file with.
    body: new Uint8Array(encrypted.cipherText),
    signal: AbortSignal.timeout(10_000),
    redirect: "error",
  });
  await res.body?.cancel().catch(() => undefined);
  return res.status;
}

/** What became of a claimed notification or email. */
export type Outcome = "sent" | "skipped" | "failed";

/**
 * Records each claimed row's outcome as soon as it is known, several per statement: while one
 * write is on its way, the outcomes that come meanwhile wait and go together in the next. A row is
 * marked within about one write of its answer, as when each had its own statement (an instance
 * that stops mid-batch leaves only those few to be taken again after the stale-claim time), with a
 * few statements per batch instead of one per message (an update per message was most of a digest
 * run's remaining cost). The promise settles once the outcome is written.
 */
export function outcomeWriter(
  write: (status: Outcome, ids: string[]) => Promise<unknown>,
): (id: string, status: Outcome) => Promise<void> {
  let waiting: { id: string; status: Outcome }[] = [];
  let writing: Promise<void> | null = null;
  const drain = async () => {
    try {
      while (waiting.length > 0) {
        const taken = waiting;
        waiting = [];
        for (const status of ["sent", "skipped", "failed"] as const) {
          const ids = taken.filter((o) => o.status === status).map((o) => o.id);
          if (ids.length > 0) await write(status, ids);
        }
      }
    } finally {
      writing = null;
    }
  };
  return (id, status) => {
    waiting.push({ id, status });
    writing ??= drain();
    return writing;
  };
}

const pushMarks = (db: Database) =>
  outcomeWriter((status, ids) =>
    db
      .update(pushDeliveries)
      .set({ status, sentAt: status === "sent" ? new Date() : null })
      .where(inArray(pushDeliveries.id, ids)),
  );

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
