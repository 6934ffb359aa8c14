import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import nodemailer, { type SendMailOptions } from "nodemailer";
import type { EmailDigestBody, EmailDigestView } from "@flockkeeper/shared/schemas/tasks";
import type { Task } from "@flockkeeper/shared/schemas/tasks";
import type { Database } from "../../db/client";
import { emailDeliveries, emailDigests, farms, users } from "../../db/schema/index";
import { AppError, notFound } from "../../lib/errors";
import { escapeHtml } from "../../lib/html";
import type { Keeper } from "../../access/access";
import {
  SEND_CONCURRENCY,
  TASK_BATCH,
  eachLimit,
  keepersFor,
  localTime,
  outcomeWriter,
  tasksFor,
} from "../push/push.service";

/*
 * The morning digest by email (issue 22 item 5). Only with `SMTP_URL` set: without it the routes
 * say `available: false` and the web app hides the setting. What is due and what was sent is in the
 * database, as for Web Push (push.service.ts): `queueDueEmails` inserts one row per digest and
 * keeper's date (unique), `sendQueuedEmails` claims rows with `FOR UPDATE SKIP LOCKED`, so several
 * instances, a restart or a night asleep neither lose nor repeat a digest.
 *
 * Every email carries a one-click unsubscribe (RFC 8058): `List-Unsubscribe` with the link and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, so the mail app's button POSTs to the link
 * and the digest stops, no sign-in needed. The link's key is 32 random bytes (unguessable); it is
 * also in the email's text for a reader without such a button, where it opens a confirm page.
 */

/** What sends one email: nodemailer over SMTP in the app, anything in a test. */
export type Mailer = { send(message: SendMailOptions): Promise<unknown> };

/** A nodemailer transport for `SMTP_URL` (smtp:// or smtps://), From `from`. */
export function smtpMailer(url: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(url);
  return {
    send: (message) => transport.sendMail({ from, ...message }),
    close: () => transport.close(),
  };
}

export const EMAIL_NOT_AVAILABLE = "Email is not set up on this server";
export const NO_EMAIL_ADDRESS = "Your account has no email address to send the summary to";

const unavailable = () => new AppError(404, "EMAIL_NOT_AVAILABLE", EMAIL_NOT_AVAILABLE);

/** `GET /api/email-digest`: whether email is possible here, the address, the keeper's setting. */
export async function getEmailDigest(
  db: Database,
  keeper: Keeper,
  available: boolean,
): Promise<EmailDigestView> {
  if (!available) return { available: false, email: keeper.user.email ?? null, digest: null };
  const [row] = await db
    .select({ digestHour: emailDigests.digestHour, timeZone: emailDigests.timeZone })
    .from(emailDigests)
    .where(and(eq(emailDigests.userId, keeper.user.id), eq(emailDigests.farmId, keeper.farmId)));
  return { available: true, email: keeper.user.email ?? null, digest: row ?? null };
}

/**
 * `PUT /api/email-digest`: the digest by email for the farm in use at this hour (made, or its hour
 * and zone changed; the unsubscribe link stays the same).
 */
export async function putEmailDigest(
  db: Database,
  keeper: Keeper,
  body: EmailDigestBody,
  available: boolean,
): Promise<EmailDigestView> {
  if (!available) throw unavailable();
  if (!keeper.user.email) throw new AppError(409, "NO_EMAIL_ADDRESS", NO_EMAIL_ADDRESS);
  await db
    .insert(emailDigests)
    .values({
      userId: keeper.user.id,
      farmId: keeper.farmId,
      digestHour: body.digestHour,
      timeZone: body.timeZone,
      unsubscribeToken: randomBytes(32).toString("base64url"),
    })
    .onConflictDoUpdate({
      target: [emailDigests.userId, emailDigests.farmId],
      set: { digestHour: body.digestHour, timeZone: body.timeZone },
    });
  return getEmailDigest(db, keeper, true);
}

/** `DELETE /api/email-digest`: no more digest emails for the farm in use (404 when there were none). */
export async function deleteEmailDigest(db: Database, keeper: Keeper, available: boolean) {
  if (!available) throw unavailable();
  const gone = await db
    .delete(emailDigests)
    .where(and(eq(emailDigests.userId, keeper.user.id), eq(emailDigests.farmId, keeper.farmId)))
    .returning({ id: emailDigests.id });
  if (gone.length === 0) throw notFound("Email summary");
}

/** Whether the unsubscribe link is live (the confirm page says so before the button). */
export async function digestOfToken(db: Database, token: string) {
  const [row] = await db
    .select({ email: users.email, farm: farms.name })
    .from(emailDigests)
    .innerJoin(users, eq(users.id, emailDigests.userId))
    .innerJoin(farms, eq(farms.id, emailDigests.farmId))
    .where(eq(emailDigests.unsubscribeToken, token));
  return row ?? null;
}

/** The one-click unsubscribe: deletes the digest of the link. False when it was already gone. */
export async function unsubscribeByToken(db: Database, token: string): Promise<boolean> {
  const gone = await db
    .delete(emailDigests)
    .where(eq(emailDigests.unsubscribeToken, token))
    .returning({ id: emailDigests.id });
  return gone.length > 0;
}

export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/email-digest/unsubscribe/${token}`;

// ------------------------------------------------------------------ the schedule

/**
 * Queues each digest whose hour has come on the keeper's date (`digest:<date>`). The unique
 * (digest, key) makes a second instance, a restart or a late run queue nothing twice.
 */
export async function queueDueEmails(db: Database, now = new Date()): Promise<number> {
  const rows = await db
    .select({
      id: emailDigests.id,
      digestHour: emailDigests.digestHour,
      timeZone: emailDigests.timeZone,
    })
    .from(emailDigests);
  const due: (typeof emailDeliveries.$inferInsert)[] = [];
  for (const r of rows) {
    let local;
    try {
      local = localTime(now, r.timeZone);
    } catch {
      continue;
    }
    if (local.hour >= r.digestHour) {
      due.push({ digestId: r.id, key: `digest:${local.date}`, date: local.date });
    }
  }
  let queued = 0;
  for (let i = 0; i < due.length; i += 500) {
    const made = await db
      .insert(emailDeliveries)
      .values(due.slice(i, i + 500))
      .onConflictDoNothing()
      .returning({ id: emailDeliveries.id });
    queued += made.length;
  }
  return queued;
}

/** A claim older than this belongs to an instance that stopped mid-send: it is taken again. */
const STALE_CLAIM = "10 minutes";

/** Claims up to `limit` queued emails for this instance (`FOR UPDATE SKIP LOCKED`). */
async function claim(db: Database, limit: number) {
  const result = (await db.execute(sql`
    update ${emailDeliveries} set status = 'sending', claimed_at = now()
    where id in (
      select id from ${emailDeliveries}
      where status = 'pending'
        or (status = 'sending' and claimed_at < now() - ${STALE_CLAIM}::interval)
      order by created_at
      limit ${limit}
      for update skip locked
    )
    returning id, digest_id, date::text as date`)) as unknown as {
    rows: { id: string; digest_id: string; date: string }[];
  };
  return result.rows;
}

/** The digest email of one keeper's day: subject, text and HTML, or null with nothing open. */
export function digestEmail(
  farmName: string,
  date: string,
  tasks: readonly Pick<Task, "title" | "reason">[],
  links: { today: string; unsubscribe: string },
) {
  if (tasks.length === 0) return null;
  const subject = `Today on ${farmName}: ${tasks.length} ${tasks.length === 1 ? "task" : "tasks"}`;
  const text = [
    `Today on ${farmName} (${date}):`,
    "",
    ...tasks.flatMap((t) => [`- ${t.title}`, `  ${t.reason}`]),
    "",
    `Open Today: ${links.today}`,
    "",
    "You get this because you turned on the morning summary by email in FlockKeeper.",
    `Unsubscribe: ${links.unsubscribe}`,
  ].join("\n");
  const html = `<p>Today on <strong>${escapeHtml(farmName)}</strong> (${escapeHtml(date)}):</p>
<ul>${tasks.map((t) => `<li><strong>${escapeHtml(t.title)}</strong><br>${escapeHtml(t.reason)}</li>`).join("")}</ul>
<p><a href="${escapeHtml(links.today)}">Open Today</a></p>
<p style="color:#57534e;font-size:12px">You get this because you turned on the morning summary by email in FlockKeeper. <a href="${escapeHtml(links.unsubscribe)}">Unsubscribe</a></p>`;
  return { subject, text, html };
}

export type EmailSendResult = { sent: number; skipped: number; failed: number };
export type EmailOptions = { weatherBaseUrl: string; publicUrl: string; mailer: Mailer };

/** A claimed email ready to send. */
export type PreparedEmail = SendMailOptions & { to: string };

/**
 * The message of each claimed digest of a batch, read for the whole batch at once: the digests
 * with their farms, the keepers, and every keeper's Today in one `listTasksOf`. Null for a digest
 * with nothing open that day (all done or snoozed), a keeper no longer on the farm or an account
 * without email.
 */
export async function prepareEmails(
  db: Database,
  batch: readonly { digest_id: string; date: string }[],
  opts: Pick<EmailOptions, "weatherBaseUrl" | "publicUrl">,
): Promise<(PreparedEmail | null)[]> {
  if (batch.length === 0) return [];
  const digests = await db
    .select({
      id: emailDigests.id,
      userId: emailDigests.userId,
      farmId: emailDigests.farmId,
      token: emailDigests.unsubscribeToken,
    })
    .from(emailDigests)
    .where(inArray(emailDigests.id, [...new Set(batch.map((d) => d.digest_id))]));
  const byId = new Map(digests.map((d) => [d.id, d]));
  const asked = batch.flatMap((d) => {
    const digest = byId.get(d.digest_id);
    return digest ? [{ userId: digest.userId, farmId: digest.farmId, date: d.date }] : [];
  });
  const keepers = await keepersFor(db, asked);
  const tasksOf = await tasksFor(db, asked, keepers, opts.weatherBaseUrl);
  return batch.map((d) => {
    const digest = byId.get(d.digest_id);
    const keeper = digest && keepers.get(`${digest.userId} ${digest.farmId}`);
    const to = keeper?.user.email;
    const tasks = digest && tasksOf({ ...digest, date: d.date });
    if (!digest || !keeper || !to || !tasks) return null;
    const unsubscribe = unsubscribeUrl(opts.publicUrl, digest.token);
    const mail = digestEmail(
      keeper.farmName,
      d.date,
      tasks.filter((t) => !t.done && !t.snoozedUntil),
      { today: `${opts.publicUrl}/today`, unsubscribe },
    );
    if (!mail) return null;
    return {
      to,
      ...mail,
      headers: {
        // RFC 8058 one-click: the mail app POSTs "List-Unsubscribe=One-Click" to the link.
        "List-Unsubscribe": `<${unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    };
  });
}

/**
 * Sends what is queued, each email by exactly one instance. A digest with nothing open that day
 * (all done or snoozed), a keeper no longer on the farm or an account without email is skipped.
 */
export async function sendQueuedEmails(
  db: Database,
  opts: EmailOptions,
  limit = TASK_BATCH,
): Promise<EmailSendResult> {
  const result: EmailSendResult = { sent: 0, skipped: 0, failed: 0 };
  for (;;) {
    const batch = await claim(db, limit);
    if (batch.length === 0) return result;
    const prepared = await prepareEmails(db, batch, opts);
    const mark = emailMarks(db);
    // Each is marked as soon as it is answered, so an instance stopping mid-batch leaves only the
    // ones it had not sent to be taken again.
    await eachLimit(
      batch.map((d, i) => ({ d, message: prepared[i] })),
      SEND_CONCURRENCY,
      async ({ d, message }) => {
        if (!message) {
          await mark(d.id, "skipped");
          result.skipped++;
          return;
        }
        try {
          await opts.mailer.send(message);
          await mark(d.id, "sent");
          result.sent++;
        } catch {
          // Refused or unreachable: kept as failed (not retried, so never sent twice).
          await mark(d.id, "failed");
          result.failed++;
        }
      },
    );
  }
}

const emailMarks = (db: Database) =>
  outcomeWriter((status, ids) =>
    db
      .update(emailDeliveries)
      .set({ status, sentAt: status === "sent" ? new Date() : null })
      .where(inArray(emailDeliveries.id, ids)),
  );

/** One run of the email schedule: queue what is due, send what is queued. */
export async function runEmailDigests(db: Database, opts: EmailOptions, now?: Date) {
  const queued = await queueDueEmails(db, now);
  return { queued, ...(await sendQueuedEmails(db, opts)) };
}
