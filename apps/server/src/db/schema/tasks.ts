import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { authorship, farms } from "./farms";
import { users } from "./users";

/**
 * Recurring chores a farm's keepers define (issue 22): daily, weekly on a weekday (0 Sunday), or
 * monthly on a day (1-31; a shorter month's last day). Each occurrence is a task on Today.
 */
export const chores = pgTable(
  "chores",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    ...authorship(),
    title: text("title").notNull(),
    frequency: text("frequency").notNull(),
    weekday: integer("weekday"),
    dayOfMonth: integer("day_of_month"),
    startDate: date("start_date", { mode: "string" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("chores_farm_idx").on(t.farmId, t.createdAt),
    check(
      "chores_schedule_check",
      sql`(${t.frequency} = 'daily' and ${t.weekday} is null and ${t.dayOfMonth} is null)
        or (${t.frequency} = 'weekly' and ${t.weekday} between 0 and 6 and ${t.dayOfMonth} is null)
        or (${t.frequency} = 'monthly' and ${t.weekday} is null and ${t.dayOfMonth} between 1 and 31)`,
    ),
  ],
);

/**
 * Done and snoozed states of a farm's tasks, by the task's stable id (`kind:subject:due`), so two
 * keepers of one farm see the same list and do not both clean the coop.
 */
export const taskStates = pgTable(
  "task_states",
  {
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    taskId: text("task_id").notNull(),
    /** The task's due date (from its id), for pruning and the day's lookups. */
    due: date("due", { mode: "string" }).notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneBy: uuid("done_by").references(() => users.id, { onDelete: "set null" }),
    snoozedUntil: date("snoozed_until", { mode: "string" }),
    snoozedBy: uuid("snoozed_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.farmId, t.taskId] }),
    index("task_states_due_idx").on(t.farmId, t.due),
  ],
);

/**
 * Private calendar feeds (issue 22): one secret token per keeper and farm. The token is the
 * feed's address (`/api/calendar/{token}.ics`), so it is kept to be shown again; revoking deletes
 * the row and the address answers 404.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    token: text("token").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("calendar_feeds_user_farm_key").on(t.userId, t.farmId)],
);

/**
 * Web Push subscriptions, one per device (browser) and keeper, for the farm in use when it was
 * made. The morning digest goes at `digest_hour` in `time_zone` (null: no digest); urgent items go
 * at once. A push service answering 404 or 410 removes the row.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    digestHour: integer("digest_hour"),
    timeZone: text("time_zone").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("push_subscriptions_user_idx").on(t.userId),
    check(
      "push_subscriptions_digest_hour_check",
      sql`${t.digestHour} is null or ${t.digestHour} between 0 and 23`,
    ),
  ],
);

/**
 * Notifications to send, one row per subscription and `key` (`digest:<local date>`,
 * `urgent:<task id>`), so a digest or an alert is queued once however many instances run the
 * schedule. An instance claims pending rows with `FOR UPDATE SKIP LOCKED` (status `sending`),
 * sends, and marks them `sent`; a claim older than 10 minutes (a crashed instance) is taken again.
 */
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    kind: text("kind").notNull(),
    /** The keeper's date the notification is about. */
    date: date("date", { mode: "string" }).notNull(),
    status: text("status").notNull().default("pending"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("push_deliveries_subscription_key").on(t.subscriptionId, t.key),
    index("push_deliveries_status_idx").on(t.status, t.createdAt),
  ],
);

/**
 * The morning digest by email (issue 22 item 5; only when the server has `SMTP_URL`): one row per
 * keeper and farm, at `digest_hour` in `time_zone`, to the keeper's account email at send time.
 * `unsubscribe_token` (32 random bytes, base64url) is the one-click unsubscribe link's key: it
 * works without sign-in and deletes the row.
 */
export const emailDigests = pgTable(
  "email_digests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    digestHour: integer("digest_hour").notNull(),
    timeZone: text("time_zone").notNull(),
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("email_digests_user_farm_key").on(t.userId, t.farmId),
    check("email_digests_digest_hour_check", sql`${t.digestHour} between 0 and 23`),
  ],
);

/**
 * Digest emails to send, one row per digest and keeper's date (`key` = `digest:<date>`), claimed
 * like `push_deliveries` (`FOR UPDATE SKIP LOCKED`, a stale claim taken again after 10 minutes), so
 * a restart, a second instance or a night asleep neither loses nor repeats one.
 */
export const emailDeliveries = pgTable(
  "email_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    digestId: uuid("digest_id")
      .notNull()
      .references(() => emailDigests.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    status: text("status").notNull().default("pending"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("email_deliveries_digest_key").on(t.digestId, t.key),
    index("email_deliveries_status_idx").on(t.status, t.createdAt),
  ],
);
