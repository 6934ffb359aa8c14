import { z } from "zod";
import { CHORE_FREQUENCIES, TASK_KINDS, parseTaskId } from "../domain/tasks";
import { isoDate, trimmedString } from "./common";
import { recordAuthorship } from "./farm";

/** `GET /api/tasks?date=`: the keeper's date (their calendar day); default the server's UTC date. */
export const tasksQuery = z.object({ date: isoDate.optional() });

/** `{id}` of `POST /api/tasks/{id}/done|snooze`: a task id as `GET /api/tasks` gives it. */
export const taskIdParam = z.object({
  id: z
    .string()
    .max(200, { message: "Invalid task id" })
    .refine((v) => parseTaskId(v) !== null, { message: "Invalid task id" }),
});

/** One task of the day. */
export const task = z.object({
  id: z.string(),
  kind: z.enum(TASK_KINDS),
  title: z.string(),
  reason: z.string(),
  due: isoDate,
  /** The page where the keeper does it. */
  link: z.string(),
  urgent: z.boolean(),
  done: z.boolean(),
  doneAt: z.iso.datetime({ offset: true }).nullable(),
  /** The member who marked it done (user id), null for a task done by its record (a logged basket). */
  doneBy: z.uuid().nullable(),
  doneByName: z.string().nullable(),
  snoozedUntil: isoDate.nullable(),
  overdue: z.boolean(),
});
export type Task = z.infer<typeof task>;

/** `GET /api/tasks`: the day's tasks, and the sources that could not be read (shown as such). */
export const tasksResponse = z.object({
  date: isoDate,
  tasks: z.array(task),
  /** E.g. "Weather alerts are unavailable right now": a source that failed, never left silent. */
  unavailable: z.array(z.object({ source: z.string(), message: z.string() })),
});
export type TasksResponse = z.infer<typeof tasksResponse>;

/** `POST /api/tasks/{id}/snooze`. */
export const snoozeTaskBody = z.object({
  until: isoDate,
});
export type SnoozeTaskBody = z.infer<typeof snoozeTaskBody>;

export const SNOOZE_PAST_MESSAGE = "Snooze until must be a date after today";

// ------------------------------------------------------------------ chores

const frequency = z.enum(CHORE_FREQUENCIES, {
  error: "Frequency must be daily, weekly or monthly",
});
const weekday = z
  .number({ error: "Weekday must be a whole number from 0 (Sunday) to 6 (Saturday)" })
  .int({ message: "Weekday must be a whole number from 0 (Sunday) to 6 (Saturday)" })
  .min(0, { message: "Weekday must be a whole number from 0 (Sunday) to 6 (Saturday)" })
  .max(6, { message: "Weekday must be a whole number from 0 (Sunday) to 6 (Saturday)" });
const dayOfMonth = z
  .number({ error: "Day of month must be a whole number from 1 to 31" })
  .int({ message: "Day of month must be a whole number from 1 to 31" })
  .min(1, { message: "Day of month must be a whole number from 1 to 31" })
  .max(31, { message: "Day of month must be a whole number from 1 to 31" });

type ScheduleFields = {
  frequency?: (typeof CHORE_FREQUENCIES)[number];
  weekday?: number | null;
  dayOfMonth?: number | null;
};

/** A schedule must name exactly what its frequency needs: a weekday for weekly, a day for monthly. */
function checkSchedule(v: ScheduleFields, ctx: z.RefinementCtx) {
  if (v.frequency === undefined) return;
  const hasWeekday = v.weekday !== undefined && v.weekday !== null;
  const hasDay = v.dayOfMonth !== undefined && v.dayOfMonth !== null;
  if (v.frequency === "weekly" && !hasWeekday) {
    ctx.addIssue({ code: "custom", path: ["weekday"], message: "A weekly chore needs a weekday" });
  }
  if (v.frequency !== "weekly" && hasWeekday) {
    ctx.addIssue({
      code: "custom",
      path: ["weekday"],
      message: "Only a weekly chore has a weekday",
    });
  }
  if (v.frequency === "monthly" && !hasDay) {
    ctx.addIssue({
      code: "custom",
      path: ["dayOfMonth"],
      message: "A monthly chore needs a day of the month",
    });
  }
  if (v.frequency !== "monthly" && hasDay) {
    ctx.addIssue({
      code: "custom",
      path: ["dayOfMonth"],
      message: "Only a monthly chore has a day of the month",
    });
  }
}

/** `POST /api/chores`. */
export const createChoreBody = z
  .object({
    title: trimmedString(200, "Please name the chore"),
    frequency,
    weekday: weekday.nullish(),
    dayOfMonth: dayOfMonth.nullish(),
    /** First day it is due (the keeper's today when left out). */
    startDate: isoDate.optional(),
  })
  .superRefine(checkSchedule);
export type CreateChoreBody = z.infer<typeof createChoreBody>;

/**
 * `PATCH /api/chores/{id}`: any field; a changed frequency must come with the day it needs (the
 * stored schedule is checked again as a whole on the server).
 */
export const updateChoreBody = z
  .object({
    title: trimmedString(200, "Please name the chore").optional(),
    frequency: frequency.optional(),
    weekday: weekday.nullish(),
    dayOfMonth: dayOfMonth.nullish(),
    startDate: isoDate.optional(),
  })
  .superRefine(checkSchedule);
export type UpdateChoreBody = z.infer<typeof updateChoreBody>;

/** A chore as the API answers it. */
export const chore = z.object({
  id: z.uuid(),
  ...recordAuthorship,
  title: z.string(),
  frequency,
  weekday: z.number().int().nullable(),
  dayOfMonth: z.number().int().nullable(),
  startDate: isoDate,
  createdAt: z.iso.datetime({ offset: true }),
});
export type Chore = z.infer<typeof chore>;
export const choreList = z.array(chore);

// ------------------------------------------------------------------ Web Push

const base64url = (name: string, bytes: number) =>
  z
    .string({ error: `${name} is required` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: `${name} must be base64url` })
    .refine((v) => Math.floor((v.replace(/=+$/, "").length * 3) / 4) === bytes, {
      message: `${name} must be ${bytes} bytes`,
    });

/** An IANA time zone the server knows ("Europe/London"). */
export const timeZone = z
  .string({ error: "Time zone is required" })
  .max(64, { message: "Unknown time zone" })
  .refine(
    (v) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: v });
        return true;
      } catch {
        return false;
      }
    },
    { message: "Unknown time zone" },
  );

/**
 * `POST /api/push/subscriptions`: the browser's PushSubscription (`subscription.toJSON()`), the
 * hour of the morning digest (null: none) and the keeper's time zone.
 */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .url({ message: "Endpoint must be the push service's URL" })
    .max(2000, { message: "Endpoint must be the push service's URL" }),
  expirationTime: z.number().nullish(),
  keys: z.object(
    {
      p256dh: base64url("keys.p256dh", 65),
      auth: base64url("keys.auth", 16),
    },
    { error: "keys are required" },
  ),
  digestHour: z
    .number({ error: "Digest hour must be a whole hour from 0 to 23" })
    .int({ message: "Digest hour must be a whole hour from 0 to 23" })
    .min(0, { message: "Digest hour must be a whole hour from 0 to 23" })
    .max(23, { message: "Digest hour must be a whole hour from 0 to 23" })
    .nullable()
    .default(7),
  timeZone,
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** `DELETE /api/push/subscriptions`: the device's endpoint. */
export const pushUnsubscribeBody = z.object({
  endpoint: z.url({ message: "Endpoint must be the push service's URL" }).max(2000),
});

/** A subscription as answered (the keys stay on the server). */
export const pushSubscription = z.object({
  id: z.uuid(),
  endpoint: z.string(),
  digestHour: z.number().int().nullable(),
  timeZone: z.string(),
});
export type PushSubscriptionView = z.infer<typeof pushSubscription>;

/** What the service worker gets in a push: shown as a notification, `url` opened on tap. */
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayload>;

// ------------------------------------------------------------------ Email digest

const digestHourField = z
  .number({ error: "Digest hour must be a whole hour from 0 to 23" })
  .int({ message: "Digest hour must be a whole hour from 0 to 23" })
  .min(0, { message: "Digest hour must be a whole hour from 0 to 23" })
  .max(23, { message: "Digest hour must be a whole hour from 0 to 23" });

/** `PUT /api/email-digest`: the morning digest by email at this hour of the keeper's time zone. */
export const emailDigestBody = z.object({ digestHour: digestHourField, timeZone });
export type EmailDigestBody = z.infer<typeof emailDigestBody>;

/**
 * `GET /api/email-digest`: whether the server can send email (`available`; without it the web app
 * hides the setting), the address it goes to, and the keeper's digest for the farm in use (null:
 * off).
 */
export const emailDigestView = z.object({
  available: z.boolean(),
  email: z.string().nullable(),
  digest: z.object({ digestHour: z.number().int(), timeZone: z.string() }).nullable(),
});
export type EmailDigestView = z.infer<typeof emailDigestView>;

/** The one-click unsubscribe link's key: 32 random bytes, base64url. */
export const unsubscribeTokenParam = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: "Unknown unsubscribe link" }),
});
