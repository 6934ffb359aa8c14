import { addDaysIso, daysBetweenIso, isValidIsoDate, parseIsoDate, formatIsoDate } from "./dates";
import { hatchTask, type IncubationPlan } from "./incubation";
import { eggGuardText } from "./treatment";
import { supersededDoses, type DoseRecord } from "./vaccination";

/*
 * Today (issue 22): what needs doing on the farm in use on one day, computed from the records.
 * Every function here is pure: the server loads the records and passes the keeper's date ('YYYY-MM-DD').
 *
 * A task's id is stable: `<kind>:<subject>:<due>` (the subject is the record's id, or the alert's id
 * for weather), so "done" and "snoozed", kept per farm by id, stick to that one occurrence: the next
 * dose, the next week's chore or tomorrow's basket is a new task.
 *
 * Sources are listed in `TASK_KINDS`; a new source (treatments, feed running low) adds its kind
 * there and one function that turns its records into tasks.
 */

/** Every kind of task, in the order Today groups them. */
export const TASK_KINDS = [
  "weather",
  "treatment",
  "withdrawal",
  "vaccination",
  "lockdown",
  "hatch",
  "candling",
  "eggs",
  "feed",
  "chore",
] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** A task computed for a day, before the farm's done/snoozed states are applied. */
export interface ComputedTask {
  id: string;
  kind: TaskKind;
  title: string;
  /** Why it is on the list (one sentence). */
  reason: string;
  /** The day it is (or was) due; before the asked date: overdue. */
  due: string;
  /** Where the keeper does it (a page of the app, with the record picked where the page allows). */
  link: string;
  /** Worth an immediate notification (severe weather). */
  urgent: boolean;
}

/** The farm's saved state of one task. */
export interface TaskState {
  taskId: string;
  doneAt: string | null;
  doneBy: string | null;
  snoozedUntil: string | null;
}

/** A task as Today shows it. */
export interface TaskView extends ComputedTask {
  done: boolean;
  doneAt: string | null;
  doneBy: string | null;
  /** Hidden until this date (the task is back on that day). */
  snoozedUntil: string | null;
  overdue: boolean;
}

const SUBJECT = /^[A-Za-z0-9-]{1,64}$/;

/** The stable id of a task. */
export function taskId(kind: TaskKind, subject: string, due: string): string {
  return `${kind}:${subject}:${due}`;
}

/** The parts of a task id, or null when it is not one. */
export function parseTaskId(id: string): { kind: TaskKind; subject: string; due: string } | null {
  const parts = id.split(":");
  if (parts.length !== 3) return null;
  const [kind, subject, due] = parts as [string, string, string];
  if (!(TASK_KINDS as readonly string[]).includes(kind)) return null;
  if (!SUBJECT.test(subject) || !isValidIsoDate(due)) return null;
  return { kind: kind as TaskKind, subject, due };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "today", "1 day overdue", "3 days overdue". */
export function dueText(due: string, date: string): string {
  const late = daysBetweenIso(due, date);
  if (late <= 0) return "today";
  return `${plural(late, "day")} overdue`;
}

// ------------------------------------------------------------------ eggs

/** A flock as the egg task needs it. */
export interface EggFlock {
  id: string;
  name: string;
  purpose: string;
  /** Today's basket of this flock is logged. */
  basketLogged: boolean;
  /**
   * The last day of an egg withdrawal covering the flock (or one of its birds) on the day, or
   * null: the eggs guard (issue 20 item 3).
   */
  eggsWithheldUntil?: string | null;
}

/** Flocks kept for eggs (meat birds and pets get no basket task). */
export const LAYING_PURPOSES: readonly string[] = ["layers", "breeding", "mixed"];

/**
 * "Collect and log eggs" for each laying flock until its basket for the day is logged (then the
 * task is done by the record itself). Only for the asked day: yesterday's basket is history.
 */
export function eggTasks(flocks: readonly EggFlock[], date: string): ComputedTask[] {
  return flocks
    .filter((f) => LAYING_PURPOSES.includes(f.purpose) && !f.basketLogged)
    .map((f) => ({
      id: taskId("eggs", f.id, date),
      kind: "eggs" as const,
      title: `Collect and log eggs: ${f.name}`,
      // The eggs guard: the basket is counted as laid and withheld; the keeper must keep them out.
      reason: f.eggsWithheldUntil
        ? `No basket is logged for ${f.name} today. ${eggGuardText(f.name, f.eggsWithheldUntil, date)} (a treatment's egg withdrawal): keep these eggs out of the kitchen and the egg sales.`
        : `No basket is logged for ${f.name} today.`,
      due: date,
      link: "/chicken-tracker?tab=eggs",
      urgent: false,
    }));
}

// ------------------------------------------------------------------ vaccinations

/**
 * A dose whose next one is due today or overdue (the latest dose of each course only: a course
 * with a later dose recorded is done). One-off vaccines (next due = the date) never remind.
 */
export function vaccinationTasks(records: readonly DoseRecord[], date: string): ComputedTask[] {
  const superseded = supersededDoses(records);
  return records
    .filter(
      (r) =>
        !superseded.has(r.id) &&
        isValidIsoDate(r.nextDue) &&
        r.nextDue !== r.date &&
        r.nextDue <= date,
    )
    .sort((a, b) => a.nextDue.localeCompare(b.nextDue))
    .map((r) => ({
      id: taskId("vaccination", r.id, r.nextDue),
      kind: "vaccination" as const,
      title: `${r.vaccine} vaccination for ${r.birdName}`,
      reason: `The next dose after ${r.date} is due ${r.nextDue === date ? "today" : `since ${r.nextDue} (${dueText(r.nextDue, date)})`}.`,
      due: r.nextDue,
      link: "/vaccination-tracker",
      urgent: false,
    }));
}

// ------------------------------------------------------------------ hatching

/** A running incubation (no result yet) as the hatch tasks need it. */
export interface RunningHatch {
  id: string;
  /** How the keeper knows it: "Chicken eggs from Sam's farm". */
  label: string;
  startDate: string;
  plan: IncubationPlan;
  /** Incubation days of the candlings recorded so far. */
  candledDays: readonly number[];
}

/**
 * The hatch's tasks on `date`:
 * - candling: the latest planned candling day reached, until a candling on or after it is recorded
 *   (not once the hatch is due);
 * - lockdown: from the lockdown day until the hatch day (stop turning, raise the humidity);
 * - hatch: from the expected hatch day until the result is recorded (the hatch window, then overdue).
 */
export function hatchTasks(hatches: readonly RunningHatch[], date: string): ComputedTask[] {
  const tasks: ComputedTask[] = [];
  for (const h of hatches) {
    const t = hatchTask(h.plan, h.startDate, date);
    if (t.day < 0) continue;
    const dayDate = (day: number) => addDaysIso(h.startDate, day);
    const candlingDay = [...h.plan.candlingDays].reverse().find((d) => d <= t.day);
    if (
      candlingDay !== undefined &&
      t.day < h.plan.incubationDays &&
      !h.candledDays.some((d) => d >= candlingDay)
    ) {
      const due = dayDate(candlingDay);
      tasks.push({
        id: taskId("candling", h.id, due),
        kind: "candling",
        title: `Candle the eggs: ${h.label}`,
        reason: `Day ${candlingDay} of incubation is a candling day; no candling is recorded since.`,
        due,
        link: "/chicken-tracker?tab=hatching",
        urgent: false,
      });
    }
    if (t.phase === "lockdown") {
      const due = dayDate(h.plan.lockdownDay);
      tasks.push({
        id: taskId("lockdown", h.id, due),
        kind: "lockdown",
        title: `Lockdown: ${h.label}`,
        reason: `Day ${h.plan.lockdownDay} of ${h.plan.incubationDays}: stop turning the eggs, raise the humidity and keep the incubator closed until the hatch.`,
        due,
        link: "/chicken-tracker?tab=hatching",
        urgent: false,
      });
    }
    if (t.phase === "hatch-day" || t.phase === "hatch-window" || t.phase === "overdue") {
      const due = dayDate(h.plan.incubationDays);
      const reason =
        t.phase === "hatch-day"
          ? "Hatch day: record how many hatched once they are dry."
          : t.phase === "hatch-window"
            ? `Within the hatch window (until day ${h.plan.latestHatchDay}): record the result when the hatch is over.`
            : `Past the hatch window (day ${h.plan.latestHatchDay}): record the result or what became of the eggs.`;
      tasks.push({
        id: taskId("hatch", h.id, due),
        kind: "hatch",
        title: `Hatch due: ${h.label}`,
        reason,
        due,
        link: "/chicken-tracker?tab=hatching",
        urgent: false,
      });
    }
  }
  return tasks;
}

// ------------------------------------------------------------------ treatments

/** A treatment as the tasks need it (issue 20's records, withdrawal ends worked out). */
export interface TaskTreatment {
  id: string;
  product: string;
  /** The bird or flock treated. */
  subjectName: string;
  startDate: string;
  endDate: string;
  /** Last day eggs (meat) are withheld. */
  eggWithdrawalEnds: string;
  meatWithdrawalEnds: string;
}

/**
 * A course in progress is a task each of its days (give the dose); a withdrawal that ended
 * yesterday is a task today (eggs, or birds for meat, can be used again).
 */
export function treatmentTasks(treatments: readonly TaskTreatment[], date: string): ComputedTask[] {
  const tasks: ComputedTask[] = [];
  for (const t of treatments) {
    if (t.startDate <= date && date <= t.endDate) {
      tasks.push({
        id: taskId("treatment", t.id, date),
        kind: "treatment",
        title: `Give ${t.product}: ${t.subjectName}`,
        reason: `Day ${daysBetweenIso(t.startDate, date) + 1} of ${daysBetweenIso(t.startDate, t.endDate) + 1} of the course.`,
        due: date,
        link: "/chicken-tracker",
        urgent: false,
      });
    }
    const egg = addDaysIso(t.eggWithdrawalEnds, 1) === date && t.eggWithdrawalEnds > t.endDate;
    const meat = addDaysIso(t.meatWithdrawalEnds, 1) === date && t.meatWithdrawalEnds > t.endDate;
    if (egg || meat) {
      const what = egg && meat ? "Eggs and meat" : egg ? "Eggs" : "Meat";
      tasks.push({
        id: taskId("withdrawal", t.id, date),
        kind: "withdrawal",
        title: `Withdrawal over: ${t.subjectName}`,
        reason: `${what} from ${t.subjectName} can be used again from today (${t.product}).`,
        due: date,
        link: "/chicken-tracker",
        urgent: false,
      });
    }
  }
  return tasks;
}

// ------------------------------------------------------------------ feed

/** Feed lasting this many days or fewer at the recent rate is running low. */
export const FEED_LOW_DAYS = 7;

/** "Feed running low" while the farm's feed stock (domain/money.ts `feedStockOf`) lasts a week or less. */
export function feedTasks(
  stock: { stockLbs: number; dailyUseLbs: number; daysLeft: number } | null,
  farmId: string,
  date: string,
): ComputedTask[] {
  if (!stock || stock.daysLeft > FEED_LOW_DAYS) return [];
  return [
    {
      id: taskId("feed", farmId, date),
      kind: "feed",
      title:
        stock.daysLeft === 0
          ? "Feed has run out"
          : `Feed running low: ${plural(stock.daysLeft, "day")} left`,
      reason: `About ${Math.max(0, stock.stockLbs)} lbs left at ${stock.dailyUseLbs} lbs a day (the last 14 days' feed records against the feed bought).`,
      due: date,
      link: "/money",
      urgent: false,
    },
  ];
}

// ------------------------------------------------------------------ weather

/** An alert for the saved place (from domain/weather-alerts.ts), its message already as text. */
export interface TaskWeatherAlert {
  id: string;
  severity: "info" | "warning" | "severe";
  title: string;
  message: string;
}

/** Warnings and severe alerts for the day (the "ideal conditions" note is not a task). */
export function weatherTasks(
  alerts: readonly TaskWeatherAlert[],
  placeName: string,
  date: string,
): ComputedTask[] {
  return alerts
    .filter((a) => a.severity !== "info")
    .map((a) => ({
      id: taskId("weather", a.id, date),
      kind: "weather" as const,
      title: a.title,
      reason: `${placeName}: ${a.message}`,
      due: date,
      link: "/poultry-weather",
      urgent: a.severity === "severe",
    }));
}

// ------------------------------------------------------------------ chores

export const CHORE_FREQUENCIES = ["daily", "weekly", "monthly"] as const;
export type ChoreFrequency = (typeof CHORE_FREQUENCIES)[number];

/** A recurring chore the keeper defined. */
export interface ChoreSchedule {
  frequency: ChoreFrequency;
  /** Weekly: 0 Sunday ... 6 Saturday. */
  weekday: number | null;
  /** Monthly: 1-31; in a shorter month, its last day. */
  dayOfMonth: number | null;
  /** No occurrence before this date. */
  startDate: string;
}
export interface Chore extends ChoreSchedule {
  id: string;
  title: string;
}

/** The weekday names, Sunday first (weekday 0). */
export const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

/** The day a monthly chore falls on in the month of `date` (its last day when shorter). */
function monthlyDay(date: Date, dayOfMonth: number): string {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return formatIsoDate(new Date(Date.UTC(y, m, Math.min(dayOfMonth, last))));
}

/**
 * The latest occurrence of the chore on or before `date`, or null (none yet since its start). A
 * weekly or monthly chore not done stays on Today as overdue until its next occurrence replaces it.
 */
export function latestOccurrence(s: ChoreSchedule, date: string): string | null {
  const d = parseIsoDate(date);
  if (!d) return null;
  let due: string | null = null;
  if (s.frequency === "daily") due = date;
  else if (s.frequency === "weekly" && s.weekday !== null) {
    due = addDaysIso(date, -((d.getUTCDay() - s.weekday + 7) % 7));
  } else if (s.frequency === "monthly" && s.dayOfMonth !== null) {
    due = monthlyDay(d, s.dayOfMonth);
    if (due > date) {
      due = monthlyDay(
        new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)),
        s.dayOfMonth,
      );
    }
  }
  return due !== null && due >= s.startDate ? due : null;
}

/** The next occurrences of a chore from `from` on (inclusive), at most `count`, within `until`. */
export function occurrencesBetween(s: ChoreSchedule, from: string, until: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= until; day = addDaysIso(day, 1)) {
    if (latestOccurrence(s, day) === day) out.push(day);
  }
  return out;
}

/** How a schedule reads: "Every day", "Every Monday", "Every month on day 15". */
export function scheduleText(s: Pick<ChoreSchedule, "frequency" | "weekday" | "dayOfMonth">) {
  if (s.frequency === "weekly") return `Every ${WEEKDAYS[s.weekday ?? 0]}`;
  if (s.frequency === "monthly") return `Every month on day ${s.dayOfMonth ?? 1}`;
  return "Every day";
}

export function choreTasks(chores: readonly Chore[], date: string): ComputedTask[] {
  const tasks: ComputedTask[] = [];
  for (const c of chores) {
    const due = latestOccurrence(c, date);
    if (due === null) continue;
    tasks.push({
      id: taskId("chore", c.id, due),
      kind: "chore",
      title: c.title,
      reason: `${scheduleText(c)}${due < date ? `; ${dueText(due, date)}` : ""}.`,
      due,
      link: "/today#chores",
      urgent: false,
    });
  }
  return tasks;
}

// ------------------------------------------------------------------ the day

/** The default locale's word order, as `String.prototype.localeCompare` uses. */
const titleOrder = new Intl.Collator();

/**
 * The day's list: each computed task with the farm's state. A snoozed task keeps its place with
 * `snoozedUntil` (the page shows it apart) until that date; overdue tasks first, then by kind.
 */
export function applyTaskStates(
  tasks: readonly ComputedTask[],
  states: readonly TaskState[],
  date: string,
): TaskView[] {
  const byId = new Map(states.map((s) => [s.taskId, s]));
  const seen = new Set<string>();
  const views: TaskView[] = [];
  for (const t of tasks) {
    if (seen.has(t.id)) continue;
    seen.add(t.id);
    const s = byId.get(t.id);
    const snoozed = s?.snoozedUntil && s.snoozedUntil > date ? s.snoozedUntil : null;
    // Each field named rather than `...t`: V8 spent ~9 µs cloning and then extending each task
    // (a copy's map migrated on every added field), most of Today's own CPU (issue 26 item 1).
    views.push({
      id: t.id,
      kind: t.kind,
      title: t.title,
      reason: t.reason,
      due: t.due,
      link: t.link,
      urgent: t.urgent,
      done: Boolean(s?.doneAt),
      doneAt: s?.doneAt ?? null,
      doneBy: s?.doneBy ?? null,
      snoozedUntil: snoozed,
      overdue: t.due < date,
    });
  }
  const rank = (k: TaskKind) => TASK_KINDS.indexOf(k);
  return views.sort(
    (a, b) =>
      Number(a.done) - Number(b.done) ||
      Number(b.urgent) - Number(a.urgent) ||
      // ISO dates sort as plain strings, titles with one collator: localeCompare sets one up on
      // every call, and this sort topped a CPU profile of GET /api/tasks.
      (a.due < b.due ? -1 : a.due > b.due ? 1 : 0) ||
      rank(a.kind) - rank(b.kind) ||
      titleOrder.compare(a.title, b.title),
  );
}

/** Whether a task is still to do on `date` (not done, not snoozed past it). */
export const isOpen = (t: TaskView) => !t.done && t.snoozedUntil === null;
