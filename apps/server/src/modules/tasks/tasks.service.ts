import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { addDaysIso, todayIso } from "@flockkeeper/shared/schemas/common";
import {
  applyTaskStates,
  parseTaskId,
  type ComputedTask,
  type TaskKind,
} from "@flockkeeper/shared/domain/tasks";
import {
  SNOOZE_PAST_MESSAGE,
  type Chore,
  type CreateChoreBody,
  type Task,
  type TasksResponse,
  type UpdateChoreBody,
} from "@flockkeeper/shared/schemas/tasks";
import type { Database } from "../../db/client";
import { chores, taskStates, users } from "../../db/schema/index";
import { AppError, invalidField, notFound } from "../../lib/errors";
import { authorshipOf, createdByKeeper, type Keeper } from "../../access/access";
import {
  TASK_SOURCES,
  STATE_DAYS,
  runSources,
  type SourcesResult,
  type TaskRequest,
} from "./task-sources";

/** The server's UTC date; a keeper's own date comes with the request (`?date=`). */
const serverToday = () => todayIso(new Date());

/** Which source computes each kind (a task id names its kind). */
const SOURCE_OF: Record<TaskKind, string> = {
  eggs: "eggs",
  feed: "feed",
  treatment: "treatments",
  withdrawal: "treatments",
  vaccination: "vaccinations",
  candling: "hatching",
  lockdown: "hatching",
  hatch: "hatching",
  weather: "weather",
  chore: "chores",
};

const memberName = (u: { firstName: string | null; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ").trim() || "A keeper";

/** `GET /api/tasks?date=`: the farm's tasks of the day and overdue ones, with who did what. */
export async function listTasks(
  db: Database,
  keeper: Keeper,
  date: string | undefined,
  weatherBaseUrl: string,
): Promise<TasksResponse> {
  const [answer] = await listTasksOf(db, [{ keeper, date: date ?? serverToday() }], weatherBaseUrl);
  return answer!;
}

/**
 * The Today of each request (a keeper's farm and date) as `listTasks` answers it, for many at
 * once: the digest runs read a batch of keepers in two statements (the sources' records, then the
 * farms' states of those tasks), not a dozen queries per keeper.
 */
export async function listTasksOf(
  db: Database,
  requests: readonly TaskRequest[],
  weatherBaseUrl: string,
): Promise<TasksResponse[]> {
  const computed = await runSources(db, requests, weatherBaseUrl, { states: true });
  // The states of tasks due before the window read with the records (STATE_DAYS), by id.
  const older = computed.flatMap((c, i) => {
    const { keeper, date } = requests[i]!;
    const from = addDaysIso(date, -STATE_DAYS);
    return c.tasks
      .filter((t) => t.due < from || t.due > date)
      .map((t) => ({ q: i, farmId: keeper.farmId, taskId: t.id }));
  });
  if (older.length > 0) {
    const rows = await db
      .select({
        farmId: taskStates.farmId,
        taskId: taskStates.taskId,
        doneAt: taskStates.doneAt,
        doneBy: taskStates.doneBy,
        snoozedUntil: taskStates.snoozedUntil,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(taskStates)
      .leftJoin(users, eq(users.id, taskStates.doneBy))
      .where(
        and(
          inArray(taskStates.farmId, [...new Set(older.map((w) => w.farmId))]),
          inArray(taskStates.taskId, [...new Set(older.map((w) => w.taskId))]),
        ),
      );
    const key = (farmId: string, taskId: string) => `${farmId} ${taskId}`;
    const byKey = new Map(rows.map((r) => [key(r.farmId, r.taskId), r]));
    for (const o of older) {
      const r = byKey.get(key(o.farmId, o.taskId));
      if (r) computed[o.q]!.states.push({ ...r, doneAt: r.doneAt?.toISOString() ?? null });
    }
  }
  return computed.map(({ tasks, unavailable, states }, i) => {
    const day = requests[i]!.date;
    const names = new Map(
      states.filter((s) => s.doneBy).map((s) => [s.doneBy!, memberName(s)] as const),
    );
    const views = applyTaskStates(tasks, states, day);
    return {
      date: day,
      // Fields named, not `...v`: see applyTaskStates.
      tasks: views.map((v): Task => ({
        id: v.id,
        kind: v.kind,
        title: v.title,
        reason: v.reason,
        due: v.due,
        link: v.link,
        urgent: v.urgent,
        done: v.done,
        doneAt: v.doneAt,
        doneBy: v.doneBy,
        doneByName: v.doneBy ? (names.get(v.doneBy) ?? null) : null,
        snoozedUntil: v.snoozedUntil,
        overdue: v.overdue,
      })),
      unavailable,
    };
  });
}

/**
 * The task with this id, as its source computes it on its due date: 404 unless it is one of the
 * farm's tasks (another farm's record, a made-up id, a basket already logged).
 */
async function farmTask(
  db: Database,
  keeper: Keeper,
  id: string,
  weatherBaseUrl: string,
): Promise<ComputedTask> {
  const parsed = parseTaskId(id);
  if (!parsed) throw notFound("Task");
  const source = TASK_SOURCES.filter((s) => s.name === SOURCE_OF[parsed.kind]);
  const [{ tasks, unavailable }] = (await runSources(
    db,
    [{ keeper, date: parsed.due }],
    weatherBaseUrl,
    {
      sources: source,
    },
  )) as [SourcesResult];
  if (unavailable.length > 0) {
    throw new AppError(503, "SOURCE_UNAVAILABLE", unavailable[0]!.message);
  }
  const found = tasks.find((t) => t.id === id);
  if (!found) throw notFound("Task");
  return found;
}

/** One task's state as answered by done and snooze. */
async function stateOf(db: Database, keeper: Keeper, id: string) {
  const [row] = await db
    .select()
    .from(taskStates)
    .where(and(eq(taskStates.farmId, keeper.farmId), eq(taskStates.taskId, id)));
  return {
    id,
    done: Boolean(row?.doneAt),
    doneAt: row?.doneAt?.toISOString() ?? null,
    doneBy: row?.doneBy ?? null,
    snoozedUntil: row?.snoozedUntil ?? null,
  };
}

/**
 * `POST /api/tasks/{id}/done`: kept for the whole farm. Marking a task already done by another
 * member keeps the first one's name and time (two keepers do not both clean the coop).
 */
export async function markTaskDone(
  db: Database,
  keeper: Keeper,
  id: string,
  weatherBaseUrl: string,
) {
  const task = await farmTask(db, keeper, id, weatherBaseUrl);
  const now = new Date();
  await db
    .insert(taskStates)
    .values({
      farmId: keeper.farmId,
      taskId: task.id,
      due: task.due,
      doneAt: now,
      doneBy: keeper.user.id,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [taskStates.farmId, taskStates.taskId],
      set: {
        doneAt: sql`coalesce(${taskStates.doneAt}, excluded.done_at)`,
        doneBy: sql`case when ${taskStates.doneAt} is null then excluded.done_by else ${taskStates.doneBy} end`,
        updatedAt: now,
      },
    });
  return stateOf(db, keeper, task.id);
}

/**
 * `POST /api/tasks/{id}/snooze {until}`: hidden until that date. The date must be after today
 * (the server's UTC date, less a day for keepers west of Greenwich who are still on yesterday).
 */
export async function snoozeTask(
  db: Database,
  keeper: Keeper,
  id: string,
  until: string,
  weatherBaseUrl: string,
) {
  if (until < serverToday()) throw invalidField("until", SNOOZE_PAST_MESSAGE, 400);
  if (until > addDaysIso(serverToday(), 366)) {
    throw invalidField("until", "Snooze for at most a year", 400);
  }
  const task = await farmTask(db, keeper, id, weatherBaseUrl);
  const now = new Date();
  await db
    .insert(taskStates)
    .values({
      farmId: keeper.farmId,
      taskId: task.id,
      due: task.due,
      snoozedUntil: until,
      snoozedBy: keeper.user.id,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [taskStates.farmId, taskStates.taskId],
      set: { snoozedUntil: until, snoozedBy: keeper.user.id, updatedAt: now },
    });
  return stateOf(db, keeper, task.id);
}

// ------------------------------------------------------------------ chores

type ChoreRow = typeof chores.$inferSelect;

const toChore = (r: ChoreRow): Chore => ({
  id: r.id,
  ...authorshipOf(r),
  title: r.title,
  frequency: r.frequency as Chore["frequency"],
  weekday: r.weekday,
  dayOfMonth: r.dayOfMonth,
  startDate: r.startDate,
  createdAt: r.createdAt.toISOString(),
});

export async function listChores(db: Database, keeper: Keeper): Promise<Chore[]> {
  const rows = await db
    .select()
    .from(chores)
    .where(eq(chores.farmId, keeper.farmId))
    .orderBy(desc(chores.createdAt));
  return rows.map(toChore);
}

export async function createChore(
  db: Database,
  keeper: Keeper,
  body: CreateChoreBody,
): Promise<Chore> {
  const [row] = await db
    .insert(chores)
    .values({
      ...createdByKeeper(keeper),
      title: body.title,
      frequency: body.frequency,
      weekday: body.frequency === "weekly" ? (body.weekday ?? null) : null,
      dayOfMonth: body.frequency === "monthly" ? (body.dayOfMonth ?? null) : null,
      // Yesterday's UTC date: a keeper west of Greenwich may still be on it.
      startDate: body.startDate ?? addDaysIso(serverToday(), -1),
    })
    .returning();
  return toChore(row!);
}

/** A changed schedule is checked whole (the stored fields plus the change) before it is written. */
export async function updateChore(
  db: Database,
  keeper: Keeper,
  id: string,
  body: UpdateChoreBody,
): Promise<Chore> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(chores)
      .where(and(eq(chores.id, id), eq(chores.farmId, keeper.farmId)))
      .for("update");
    if (!row) throw notFound("Chore");
    const frequency = body.frequency ?? (row.frequency as Chore["frequency"]);
    const weekday =
      frequency === "weekly" ? (body.weekday !== undefined ? body.weekday : row.weekday) : null;
    const dayOfMonth =
      frequency === "monthly"
        ? body.dayOfMonth !== undefined
          ? body.dayOfMonth
          : row.dayOfMonth
        : null;
    if (frequency !== "weekly" && body.weekday != null) {
      throw invalidField("weekday", "Only a weekly chore has a weekday", 400);
    }
    if (frequency !== "monthly" && body.dayOfMonth != null) {
      throw invalidField("dayOfMonth", "Only a monthly chore has a day of the month", 400);
    }
    if (frequency === "weekly" && weekday === null) {
      throw invalidField("weekday", "A weekly chore needs a weekday", 400);
    }
    if (frequency === "monthly" && dayOfMonth === null) {
      throw invalidField("dayOfMonth", "A monthly chore needs a day of the month", 400);
    }
    const [updated] = await tx
      .update(chores)
      .set({
        title: body.title ?? row.title,
        frequency,
        weekday,
        dayOfMonth,
        startDate: body.startDate ?? row.startDate,
        updatedBy: keeper.user.id,
        updatedAt: new Date(),
      })
      .where(eq(chores.id, row.id))
      .returning();
    return toChore(updated!);
  });
}

export async function deleteChore(db: Database, keeper: Keeper, id: string): Promise<void> {
  const gone = await db
    .delete(chores)
    .where(and(eq(chores.id, id), eq(chores.farmId, keeper.farmId)))
    .returning({ id: chores.id });
  if (gone.length === 0) throw notFound("Chore");
}
