import { and, eq, gte, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { addDaysIso, todayIso } from "@flockkeeper/shared/schemas/common";
import { incubationPlan } from "@flockkeeper/shared/domain/incubation";
import { speciesLabel, isPoultrySpecies } from "@flockkeeper/shared/domain/species-labels";
import { withdrawalEnds } from "@flockkeeper/shared/domain/treatment";
import type { DoseRecord } from "@flockkeeper/shared/domain/vaccination";
import {
  choreTasks,
  feedTasks,
  treatmentTasks,
  type TaskTreatment,
  eggTasks,
  hatchTasks,
  LAYING_PURPOSES,
  vaccinationTasks,
  weatherTasks,
  type Chore,
  type ComputedTask,
  type RunningHatch,
} from "@flockkeeper/shared/domain/tasks";
import { defaultText } from "@flockkeeper/shared/domain/units";
import type { Database } from "../../db/client";
import { buildStatement, preparedRows, type BuiltStatement } from "../../db/prepared";
import {
  flocks,
  hatchCandlings,
  hatchRecords,
  chickens,
  treatments,
  vaccinations,
} from "../../db/schema/index";
import { getIncubationProfiles } from "../../knowledge/incubation-profiles";
import type { Keeper } from "../../access/access";
import { getWeather } from "../weather/weather.service";
import { feedStockOfRow, feedStockSql } from "../money/money.service";
import { withdrawalGuardOf, type SpanRow } from "../treatments/treatments.service";

/** One farm's Today to compute: the keeper (farm, and whose currency) and their date. */
export type TaskRequest = { keeper: Keeper; date: string };

/** What a source's `tasks` may use besides its rows: the weather comes from outside. */
export type SourceContext = { db: Database; weatherBaseUrl: string };

/**
 * One place Today's tasks come from, for many farms at once (one keeper's Today, or a batch of a
 * digest run): `reads` are selects over the requests, `task_requests (q, farm_id, user_id, date)`
 * (every row scoped by its request's farm and carrying its `q`, the request's index); all the
 * sources' reads go to the database as one statement. `tasks` hands one request's rows to the pure
 * function in packages/shared/src/domain/tasks.ts. A source that cannot answer (the weather provider
 * is down) throws `SourceUnavailable`: the list still comes, with the source named as unavailable.
 *
 * Read what is due, not the farm's history: a source's reads are what its tasks on the day can come
 * from (the latest dose of each course, running hatches, treatments not over), so Today costs the
 * same after years of records.
 *
 * Adding a source (treatments and withdrawal ends, feed running low): one entry here, its kind in
 * `TASK_KINDS`, and its pure function in the domain module.
 */
export type TaskSource<R extends Record<string, object> = Record<string, object>> = {
  name: string;
  reads: { [K in keyof R]: SQL };
  tasks: (
    rows: { [K in keyof R]: R[K][] },
    req: TaskRequest,
    ctx: SourceContext,
  ) => ComputedTask[] | Promise<ComputedTask[]>;
};

const source = <R extends Record<string, object>>(s: TaskSource<R>) => s as unknown as TaskSource;

/** A source that could not be read now; its message is shown on Today. */
export class SourceUnavailable extends Error {}

/** A farm's saved state of a task (done, snoozed), with the name of who did it. */
export type TaskStateRow = {
  taskId: string;
  /** As `Date.toISOString()` writes it. */
  doneAt: string | null;
  doneBy: string | null;
  snoozedUntil: string | null;
  firstName: string | null;
  lastName: string | null;
};

/**
 * Days before the asked date whose task states are read with the sources' records: almost every
 * task of a day is due that day or within the last month (a weekly or monthly chore); the states of
 * older ones (a vaccination overdue for months) are read after, by id.
 */
export const STATE_DAYS = 62;

/** A day's tasks of one request, and the sources that could not answer. */
export type SourcesResult = {
  tasks: ComputedTask[];
  unavailable: { source: string; message: string }[];
  /** With `states`: the farm's states of tasks due from STATE_DAYS before the date to the date. */
  states: TaskStateRow[];
};

/** One read: its source (-1: the task states), its name, its query and its column (`r<i>`). */
type Read = { source: number; name: string; query: SQL; column: string };

/**
 * The one statement over these sources' reads (and the farms' recent task states), built once per
 * list of sources: its text is the same for every run, the requests are its one parameter
 * (`list`), so it is prepared once per connection on PostgreSQL.
 */
function statementFor(
  sources: readonly TaskSource[],
  states: boolean,
): { reads: Read[]; statement: BuiltStatement } {
  let built = statements.get(sources);
  if (!built) statements.set(sources, (built = new Map()));
  const known = built.get(states);
  if (known) return known;
  const named: Omit<Read, "column">[] = sources.flatMap((s, i) =>
    Object.entries(s.reads).map(([name, query]) => ({ source: i, name, query })),
  );
  if (states) {
    named.push({
      source: -1,
      name: "states",
      query: sql`
        select r.q, s.task_id as "taskId",
          to_char(s.done_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "doneAt",
          s.done_by as "doneBy", s.snoozed_until as "snoozedUntil", u.first_name as "firstName",
          u.last_name as "lastName"
        from task_requests r
        join task_states s on s.farm_id = r.farm_id
          and s.due between r.date - ${STATE_DAYS}::int and r.date
        left join users u on u.id = s.done_by`,
    });
  }
  const reads: Read[] = named.map((r, i) => ({ ...r, column: `r${i}` }));
  const columns = sql.join(
    reads.map(
      (r) =>
        sql`(select coalesce(json_agg(x), '[]'::json) from (${r.query}) x) as ${sql.identifier(r.column)}`,
    ),
    sql`, `,
  );
  const statement = buildStatement(sql`
    with task_requests as (
      select * from json_to_recordset(${sql.placeholder("list")}::json)
        as r(q int, farm_id uuid, user_id uuid, date date)
    )
    select ${columns}`);
  const result = { reads, statement };
  built.set(states, result);
  return result;
}
const statements = new WeakMap<
  readonly TaskSource[],
  Map<boolean, ReturnType<typeof statementFor>>
>();

/**
 * Runs the sources for each request: one statement reads every source's rows for all the requests
 * (a digest batch of a hundred keepers costs one round trip, as one keeper's Today does), then each
 * request's tasks are computed from its rows. A failing source is named in that request's
 * `unavailable`, the others still answer; the tasks keep the sources' order. With `states`, the
 * same statement reads the farms' recent task states (`STATE_DAYS`).
 */
export async function runSources(
  db: Database,
  requests: readonly TaskRequest[],
  weatherBaseUrl: string,
  {
    sources = TASK_SOURCES,
    states = false,
  }: { sources?: readonly TaskSource[]; states?: boolean } = {},
): Promise<SourcesResult[]> {
  if (requests.length === 0) return [];
  const { reads, statement } = statementFor(sources, states);
  const list = JSON.stringify(
    requests.map((r, q) => ({
      q,
      farm_id: r.keeper.farmId,
      user_id: r.keeper.user.id,
      date: r.date,
    })),
  );
  const [row] = await preparedRows<Record<string, { q: number }[]>>(db, statement, { list });
  // rowsOf[request][source][read], filled in a plain loop over reads known in advance (building
  // it with Object.fromEntries and a column name per read was a few per cent of Today's CPU).
  const rowsOf = requests.map(() => sources.map(() => ({}) as Record<string, object[]>));
  for (const r of reads) {
    if (r.source === -1) continue;
    for (const forRequest of rowsOf) forRequest[r.source]![r.name] = [];
  }
  const statesOf = requests.map((): TaskStateRow[] => []);
  for (const r of reads) {
    const found = row?.[r.column];
    if (!found) continue;
    for (const x of found) {
      if (r.source === -1) statesOf[x.q]?.push(x as unknown as TaskStateRow);
      else rowsOf[x.q]?.[r.source]?.[r.name]?.push(x);
    }
  }
  const ctx = { db, weatherBaseUrl };
  return Promise.all(
    requests.map(async (req, q) => {
      const out: SourcesResult = { tasks: [], unavailable: [], states: statesOf[q]! };
      // Most sources answer at once; only those that return a promise (the weather) are waited
      // for, so a Today costs no promise per source (issue 26 item 1).
      const settled = sources.map(
        (
          s,
          i,
        ): PromiseSettledResult<ComputedTask[]> | Promise<PromiseSettledResult<ComputedTask[]>> => {
          try {
            const value = s.tasks(rowsOf[q]![i]!, req, ctx);
            if (!(value instanceof Promise)) return { status: "fulfilled", value };
            return value.then(
              (v): PromiseSettledResult<ComputedTask[]> => ({ status: "fulfilled", value: v }),
              (reason: unknown): PromiseSettledResult<ComputedTask[]> => ({
                status: "rejected",
                reason,
              }),
            );
          } catch (reason) {
            return { status: "rejected", reason };
          }
        },
      );
      const results = settled.some((r) => r instanceof Promise)
        ? await Promise.all(settled)
        : (settled as PromiseSettledResult<ComputedTask[]>[]);
      results.forEach((result, i) => {
        if (result.status === "fulfilled") {
          out.tasks.push(...result.value);
          return;
        }
        if (!(result.reason instanceof SourceUnavailable)) throw result.reason;
        out.unavailable.push({ source: sources[i]!.name, message: result.reason.message });
      });
      return out;
    }),
  );
}

export function hatchLabel(row: { species: string; breed: string | null; eggSource: string }) {
  const species = isPoultrySpecies(row.species) ? speciesLabel(row.species) : row.species;
  return `${species}${row.breed ? ` (${row.breed})` : ""} eggs from ${row.eggSource}`;
}

/** The running hatches of the farm with their plans and candlings. */
export async function runningHatches(db: Database, farmId: string): Promise<RunningHatch[]> {
  const rows = await db
    .select()
    .from(hatchRecords)
    .where(and(eq(hatchRecords.farmId, farmId), isNull(hatchRecords.success)));
  if (rows.length === 0) return [];
  const candlings = await db
    .select({ hatchRecordId: hatchCandlings.hatchRecordId, day: hatchCandlings.day })
    .from(hatchCandlings)
    .where(
      inArray(
        hatchCandlings.hatchRecordId,
        rows.map((r) => r.id),
      ),
    );
  const profiles = getIncubationProfiles().byId;
  return rows.map((r) => ({
    id: r.id,
    label: hatchLabel(r),
    startDate: r.incubationStartDate,
    plan: incubationPlan(r.species, r.profileId ? profiles.get(r.profileId) : null),
    candledDays: candlings.filter((c) => c.hatchRecordId === r.id).map((c) => c.day),
  }));
}

/** The farm's vaccination doses as the reminder rules need them. */
export async function farmDoses(db: Database, farmId: string) {
  const rows = await db
    .select({
      id: vaccinations.id,
      vaccine: vaccinations.vaccine,
      birdId: vaccinations.birdId,
      birdName: vaccinations.birdName,
      date: vaccinations.date,
      nextDue: vaccinations.nextDue,
      createdAt: vaccinations.createdAt,
    })
    .from(vaccinations)
    .where(eq(vaccinations.farmId, farmId));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * The farm's treatments whose course or withdrawal is not over by `from` (issue 20's records),
 * with the bird's or flock's name and the withdrawal ends worked out as the treatments module does.
 */
export async function farmTreatments(
  db: Database,
  farmId: string,
  from: string,
): Promise<TaskTreatment[]> {
  const rows = await db
    .select({
      id: treatments.id,
      product: treatments.product,
      startDate: treatments.startDate,
      endDate: treatments.endDate,
      eggDays: treatments.eggWithdrawalDays,
      meatDays: treatments.meatWithdrawalDays,
      bird: chickens.name,
      flock: flocks.name,
    })
    .from(treatments)
    .leftJoin(chickens, eq(chickens.id, treatments.chickenId))
    .leftJoin(flocks, eq(flocks.id, treatments.flockId))
    // The longest withdrawal is 365 days (a check on the table).
    .where(and(eq(treatments.farmId, farmId), gte(treatments.endDate, addDaysIso(from, -367))));
  return taskTreatments(rows, from);
}

type TreatmentRow = {
  id: string;
  product: string;
  startDate: string;
  endDate: string;
  eggDays: number;
  meatDays: number;
  bird: string | null;
  flock: string | null;
};

/** The treatments of the rows whose course or withdrawal is not over by `from`. */
function taskTreatments(rows: readonly TreatmentRow[], from: string): TaskTreatment[] {
  return rows
    .map((r) => ({
      id: r.id,
      product: r.product,
      subjectName: r.bird ?? r.flock ?? "a bird",
      startDate: r.startDate,
      endDate: r.endDate,
      eggWithdrawalEnds: withdrawalEnds(r.endDate, r.eggDays),
      meatWithdrawalEnds: withdrawalEnds(r.endDate, r.meatDays),
    }))
    .filter(
      (t) =>
        t.endDate >= from ||
        addDaysIso(t.eggWithdrawalEnds, 1) >= from ||
        addDaysIso(t.meatWithdrawalEnds, 1) >= from,
    );
}

export const WEATHER_TASKS_UNAVAILABLE = "Weather alerts are unavailable right now";

/** SQL: the egg-laying purposes (domain `LAYING_PURPOSES`), for `in (...)`. */
const layingList = sql.join(
  LAYING_PURPOSES.map((p) => sql`${p}`),
  sql`, `,
);

/** SQL: a timestamp as text that sorts as it compares (UTC, microseconds). */
const sortableTime = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

export const TASK_SOURCES: readonly TaskSource[] = [
  source<{
    flocks: { id: string; name: string; purpose: string; basketLogged: boolean };
    spans: SpanRow;
  }>({
    name: "eggs",
    reads: {
      // The laying flocks, and whether the day's basket is logged.
      flocks: sql`
        select r.q, f.id, f.name, f.purpose, exists (
          select 1 from egg_collections c
          where c.flock_id = f.id and c.date = r.date and c.farm_id = r.farm_id
        ) as "basketLogged"
        from task_requests r
        join flocks f on f.farm_id = r.farm_id and not f.archived and f.purpose in (${layingList})`,
      // The eggs guard on the keeper's day: treatments of the flocks or of their birds then.
      spans: sql`
        select r.q, t.id, t.chicken_id as "chickenId", t.flock_id as "flockId",
          t.start_date as "startDate", t.end_date as "endDate", t.egg_withdrawal_days as egg,
          t.meat_withdrawal_days as meat, c.flock_id as "birdFlockId"
        from task_requests r
        join treatments t on t.farm_id = r.farm_id and t.start_date <= r.date
          and t.end_date + greatest(t.egg_withdrawal_days, t.meat_withdrawal_days) >= r.date
        left join chickens c on c.id = t.chicken_id`,
    },
    tasks: (rows, { date }) => {
      if (rows.flocks.length === 0) return [];
      const guard = withdrawalGuardOf(rows.spans, date);
      return eggTasks(
        rows.flocks.map((r) => ({
          id: r.id,
          name: r.name,
          purpose: r.purpose,
          basketLogged: r.basketLogged,
          eggsWithheldUntil: guard.flock(r.id).eggsWithheldUntil,
        })),
        date,
      );
    },
  }),
  source<{ treatments: TreatmentRow }>({
    name: "treatments",
    reads: {
      // Treatments whose course or withdrawal is not over (the longest withdrawal is 365 days, a
      // check on the table: the index bound).
      treatments: sql`
        select r.q, t.id, t.product, t.start_date as "startDate", t.end_date as "endDate",
          t.egg_withdrawal_days as "eggDays", t.meat_withdrawal_days as "meatDays",
          c.name as bird, f.name as flock
        from task_requests r
        join treatments t on t.farm_id = r.farm_id and t.end_date >= r.date - 367
          and t.end_date + greatest(t.egg_withdrawal_days, t.meat_withdrawal_days) + 1 >= r.date
        left join chickens c on c.id = t.chicken_id
        left join flocks f on f.id = t.flock_id`,
    },
    tasks: (rows, { date }) => treatmentTasks(taskTreatments(rows.treatments, date), date),
  }),
  source<{ doses: DoseRecord & { createdAt: string } }>({
    name: "vaccinations",
    reads: {
      // The latest dose of each vaccine, bird and name as written: a course's latest dose is among
      // them (the domain tells which doses are one course, and which of these is its latest).
      // (Compared byte by byte: the same groups as the default collation, sorted without it.)
      doses: sql`
        select d.q, d.id, d.vaccine, d."birdId", d."birdName", d.date, d."nextDue",
          ${sortableTime(sql`d.created_at`)} as "createdAt"
        from (
          select distinct on (r.q, v.vaccine collate "C", v.bird_id, v.bird_name collate "C")
            r.q, v.id, v.vaccine, v.bird_id as "birdId", v.bird_name as "birdName", v.date,
            v.next_due as "nextDue", v.created_at
          from task_requests r
          join vaccinations v on v.farm_id = r.farm_id
          order by r.q, v.vaccine collate "C", v.bird_id, v.bird_name collate "C", v.date desc,
            v.created_at desc
        ) d`,
    },
    tasks: (rows, { date }) => vaccinationTasks(rows.doses, date),
  }),
  source<{
    hatches: {
      id: string;
      species: string;
      breed: string | null;
      eggSource: string;
      startDate: string;
      profileId: string | null;
      candledDays: number[];
    };
  }>({
    name: "hatching",
    reads: {
      hatches: sql`
        select r.q, h.id, h.species, h.breed, h.egg_source as "eggSource",
          h.incubation_start_date as "startDate", h.profile_id as "profileId",
          array(select c.day from hatch_candlings c where c.hatch_record_id = h.id) as "candledDays"
        from task_requests r
        join hatch_records h on h.farm_id = r.farm_id and h.success is null`,
    },
    tasks: (rows, { date }) => {
      const profiles = getIncubationProfiles().byId;
      return hatchTasks(
        rows.hatches.map((r) => ({
          id: r.id,
          label: hatchLabel(r),
          startDate: r.startDate,
          plan: incubationPlan(r.species, r.profileId ? profiles.get(r.profileId) : null),
          candledDays: r.candledDays,
        })),
        date,
      );
    },
  }),
  source<{ places: { name: string; latitude: number; longitude: number } }>({
    name: "weather",
    reads: {
      places: sql`
        select r.q, p.name, p.latitude, p.longitude
        from task_requests r join keeper_places p on p.farm_id = r.farm_id`,
    },
    // Not async: a farm without a place answers at once, with no promise for runSources to wait
    // for (issue 26 item 1); only a forecast to fetch is waited for.
    tasks: (rows, { date }, { db, weatherBaseUrl }) => {
      const place = rows.places[0];
      if (!place) return [];
      // The forecast is for now: it says nothing about a day far from the server's.
      const today = todayIso(new Date());
      if (date < addDaysIso(today, -1) || date > addDaysIso(today, 1)) return [];
      return getWeather(db, weatherBaseUrl, {
        lat: place.latitude,
        lon: place.longitude,
        units: "imperial",
      }).then(
        (weather) =>
          weatherTasks(
            weather.alerts.map((a) => ({ ...a, message: defaultText(a.message) })),
            place.name,
            date,
          ),
        () => {
          throw new SourceUnavailable(WEATHER_TASKS_UNAVAILABLE);
        },
      );
    },
  }),
  source<{ stock: Parameters<typeof feedStockOfRow>[0] }>({
    name: "feed",
    reads: {
      stock: sql`
        select r.q, s.* from task_requests r
        cross join lateral ${feedStockSql(sql`r.farm_id`, sql`r.user_id`, sql`r.date`)} s`,
    },
    tasks: (rows, { keeper, date }) =>
      feedTasks(
        feedStockOfRow(rows.stock[0] ?? { bought: null, used: null, recent: null }),
        keeper.farmId,
        date,
      ),
  }),
  source<{ chores: Chore }>({
    name: "chores",
    reads: {
      // A chore starting after the day has no occurrence yet.
      chores: sql`
        select r.q, c.id, c.title, c.frequency, c.weekday, c.day_of_month as "dayOfMonth",
          c.start_date as "startDate"
        from task_requests r join chores c on c.farm_id = r.farm_id and c.start_date <= r.date`,
    },
    tasks: (rows, { date }) => choreTasks(rows.chores, date),
  }),
];
