import { and, asc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { addDaysIso, daysBetweenIso, todayIso } from "@flockkeeper/shared/schemas/common";
import {
  EGG_RECORD_MAX_RANGE_DAYS,
  type EggAnalyticsResponse,
  type EggRecord,
  type EggRecordListItem,
  type EggStatsResponse,
  type createEggRecordBatchBody,
  type createEggRecordBody,
  type updateEggRecordBody,
} from "@flockkeeper/shared/schemas/egg-record";
import { eggListStartDate, layRate } from "@flockkeeper/shared/domain/flock";
import type { FlockProduction } from "@flockkeeper/shared/schemas/flock";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { buildStatement, oncePerDatabase, preparedRows } from "../../db/prepared";
import { withheldEggRecords, withdrawalOverlapSql } from "../treatments/treatments.service";
import { eggRecords } from "../../db/schema/index";
import { resolveToday } from "../../lib/keeper-today";
import {
  farmProductionOfRow,
  farmProductionParts,
  type FarmProductionRow,
} from "../flocks/flock-production.service";
import { badRequest } from "../../lib/errors";
import { authorshipOf, requireAccess, type Keeper, createdByKeeper } from "../../access/access";
import { deleteRecord, recordToChange } from "../../access/record-change";

type Row = typeof eggRecords.$inferSelect;
type CreateInput = z.output<typeof createEggRecordBody>;
type UpdateInput = z.output<typeof updateEggRecordBody>;
type BatchInput = z.output<typeof createEggRecordBatchBody>;
export type Range = { chickenId?: string; startDate?: string; endDate?: string };

export function toEggRecord(row: Row, withheld: boolean): EggRecord {
  return {
    id: row.id,
    ...authorshipOf(row),
    chickenId: row.chickenId,
    date: row.date,
    eggsLaid: row.eggsLaid,
    eggQuality: row.eggQuality as EggRecord["eggQuality"],
    eggSize: row.eggSize as EggRecord["eggSize"],
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    withheld,
  };
}

/** Records as answered: each marked withheld when a treatment's egg withdrawal covers its day. */
async function answered(db: Database, keeper: Keeper, rows: readonly Row[]): Promise<EggRecord[]> {
  const withheld = await withheldEggRecords(db, keeper, rows);
  return rows.map((r) => toEggRecord(r, withheld.has(r.id)));
}

/** The range asked for, defaulting to the last 30 days up to today (UTC), at most a year long. */
export function resolveRange(q: Range, now = new Date()): { startDate: string; endDate: string } {
  const endDate = q.endDate ?? (q.startDate ? addDaysIso(q.startDate, 29) : todayIso(now));
  const startDate = q.startDate ?? eggListStartDate(endDate);
  if (startDate > endDate) throw badRequest("startDate must not be after endDate");
  if (daysBetweenIso(startDate, endDate) + 1 > EGG_RECORD_MAX_RANGE_DAYS)
    throw badRequest(`The date range can be at most ${EGG_RECORD_MAX_RANGE_DAYS} days`);
  return { startDate, endDate };
}

function rangeWhere(farmId: string, r: { startDate: string; endDate: string }, chickenId?: string) {
  const parts: SQL[] = [
    eq(eggRecords.farmId, farmId),
    gte(eggRecords.date, r.startDate),
    lte(eggRecords.date, r.endDate),
  ];
  if (chickenId) parts.push(eq(eggRecords.chickenId, chickenId));
  return and(...parts);
}

/**
 * The keeper's egg records in a date range, newest first, as the JSON text of an `eggRecordList`.
 * A busy flock has thousands of records a month: each row keeps its own JSON text (column
 * `list_json`, written by a trigger: migrations 0010 and 0017), and the database joins them into
 * one row, several times faster than decoding every row into objects and serialising them again.
 * The API test checks it field for field against the record the POST answered (less the farm and
 * the last author, which a list item leaves out: `eggRecordListItem`).
 */
export async function listEggRecordsJson(db: Database, keeper: Keeper, q: Range): Promise<string> {
  const range = resolveRange(q);
  const [result] = await listStatement(db, Boolean(q.chickenId)).execute({
    farmId: keeper.farmId,
    ...range,
    chickenId: q.chickenId,
  });
  const json = result?.json ?? "[]";
  // Records laid within a treatment's egg withdrawal say so (`withheld: true`, issue 20). Only a
  // farm with a withdrawal in the range pays for decoding the list (the statement says whether).
  if (json === "[]" || !result?.anyWithheld) return json;
  const list = JSON.parse(json) as EggRecordListItem[];
  const withheld = await withheldEggRecords(db, keeper, list);
  if (withheld.size === 0) return json;
  for (const r of list) if (withheld.has(r.id)) r.withheld = true;
  return JSON.stringify(list);
}

/**
 * The list's query, built once per database (with and without one bird) and prepared: the list is
 * the busiest keeper read, and building the query each time was part of its CPU per request.
 */
const prepareList = (db: Database, byChicken: boolean) =>
  db
    .select({
      json: sql<string>`coalesce('[' || string_agg("list_json", ',' order by ${eggRecords.date} desc, ${eggRecords.createdAt} desc) || ']', '[]')`,
      // Whether any treatment's egg withdrawal overlaps the range, in the same round trip.
      anyWithheld: withdrawalOverlapSql(
        sql.placeholder("farmId"),
        sql.placeholder("startDate"),
        sql.placeholder("endDate"),
        "egg",
      ),
    })
    .from(eggRecords)
    .where(
      and(
        eq(eggRecords.farmId, sql.placeholder("farmId")),
        gte(eggRecords.date, sql.placeholder("startDate")),
        lte(eggRecords.date, sql.placeholder("endDate")),
        byChicken ? eq(eggRecords.chickenId, sql.placeholder("chickenId")) : undefined,
      ),
    )
    .prepare(byChicken ? "egg_records_list_by_chicken" : "egg_records_list");
const listStatement = oncePerDatabase(prepareList);

export async function createEggRecord(
  db: Database,
  keeper: Keeper,
  body: CreateInput,
): Promise<EggRecord> {
  await requireAccess(db, keeper, { permission: "chicken.read", ids: [body.chickenId] });
  const [row] = await db
    .insert(eggRecords)
    .values({
      ...createdByKeeper(keeper),
      chickenId: body.chickenId,
      date: body.date,
      eggsLaid: body.eggsLaid,
      eggQuality: body.eggQuality ?? null,
      eggSize: body.eggSize ?? null,
      notes: body.notes ?? null,
    })
    .returning();
  const [record] = await answered(db, keeper, [row!]);
  return record!;
}

/**
 * Corrects one of the farm's egg records. The daily totals and the list text follow in the same
 * statement (triggers: migrations 0009, 0010); a new bird must be the farm's (404 otherwise).
 */
export async function updateEggRecord(
  db: Database,
  keeper: Keeper,
  id: string,
  body: UpdateInput,
): Promise<EggRecord> {
  if (body.chickenId)
    await requireAccess(db, keeper, { permission: "chicken.read", ids: [body.chickenId] });
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await recordToChange(t, keeper, eggRecords, id, "Egg record");
    const [row] = await t
      .update(eggRecords)
      .set({
        updatedBy: keeper.user.id,
        chickenId: body.chickenId,
        date: body.date,
        eggsLaid: body.eggsLaid,
        eggQuality: body.eggQuality,
        eggSize: body.eggSize,
        notes: body.notes,
      })
      .where(and(eq(eggRecords.id, id), eq(eggRecords.farmId, keeper.farmId)))
      .returning();
    const [record] = await answered(t, keeper, [row!]);
    return record!;
  });
}

/** Deletes one of the farm's egg records; the day's total drops with it (trigger). */
export async function deleteEggRecord(db: Database, keeper: Keeper, id: string): Promise<void> {
  await deleteRecord(db, keeper, eggRecords, id, "Egg record");
}

/** The quick daily form: one record per bird for one day, all written or none. */
export async function createEggRecordBatch(
  db: Database,
  keeper: Keeper,
  body: BatchInput,
): Promise<EggRecord[]> {
  await requireAccess(db, keeper, {
    permission: "chicken.read",
    ids: body.records.map((r) => r.chickenId),
  });
  const rows = await db
    .insert(eggRecords)
    .values(
      body.records.map((r) => ({
        ...createdByKeeper(keeper),
        chickenId: r.chickenId,
        date: body.date,
        eggsLaid: r.eggsLaid,
        eggQuality: r.eggQuality ?? null,
        eggSize: r.eggSize ?? null,
      })),
    )
    .returning();
  return answered(db, keeper, rows);
}

const num = (v: unknown) => Number(v ?? 0);

/**
 * The stats' aggregate query for one bird, built once per database and prepared (as the lists'):
 * building the statement each time was a tenth of the answer's CPU. The farm's is below.
 */
const prepareBirdStats = (db: Database) => {
  const today = sql.placeholder("today");
  const weekStart = sql.placeholder("weekStart");
  return db
    .select({
      today: sql<string>`coalesce(sum(${eggRecords.eggsLaid}) filter (where ${eggRecords.date} = ${today}), 0)`,
      week: sql<string>`coalesce(sum(${eggRecords.eggsLaid}) filter (where ${eggRecords.date} >= ${weekStart}), 0)`,
      month: sql<string>`coalesce(sum(${eggRecords.eggsLaid}), 0)`,
      weekDays: sql<string>`count(distinct ${eggRecords.date}) filter (where ${eggRecords.date} >= ${weekStart})`,
      monthDays: sql<string>`count(distinct ${eggRecords.date})`,
      hens: sql<string>`1`,
    })
    .from(eggRecords)
    .where(
      and(
        eq(eggRecords.farmId, sql.placeholder("farmId")),
        gte(eggRecords.date, sql.placeholder("monthStart")),
        lte(eggRecords.date, today),
        eq(eggRecords.chickenId, sql.placeholder("chickenId")),
      ),
    )
    .prepare("egg_stats_bird");
};
const birdStatsStatement = oncePerDatabase(prepareBirdStats);

/**
 * The farm's stats in one statement (issue 26 item 1): the aggregates above for the whole farm,
 * and, only for a farm that keeps flocks, the farm's production reads over the same 30 days
 * (flocks/flock-production.service.ts), which then answer instead. Two statements, one of them
 * answered for nothing on a farm with flocks, cost the app a second query's driver work per
 * request, and PostgreSQL its own bind, snapshot and round trip. The farm's reads are a lateral
 * sub-select that yields no row without flocks, so a farm without them never runs them.
 */
const farmStatsStatement = (() => {
  const farmId = sql.placeholder("farmId");
  const today = sql.placeholder("today");
  const weekStart = sql.placeholder("weekStart");
  const parts = farmProductionParts(farmId, sql.placeholder("from"), today);
  const production = sql.join(
    Object.entries(parts).map(([name, part]) => sql`${part} as ${sql.identifier(name)}`),
    sql`, `,
  );
  return buildStatement(sql`
    select s.*, p.* from (
      select coalesce(sum(r.eggs_laid) filter (where r.date = ${today}), 0)::text as "today",
        coalesce(sum(r.eggs_laid) filter (where r.date >= ${weekStart}), 0)::text as "week",
        coalesce(sum(r.eggs_laid), 0)::text as "month",
        (count(distinct r.date) filter (where r.date >= ${weekStart}))::text as "weekDays",
        count(distinct r.date)::text as "monthDays",
        exists (select 1 from flocks fl where fl.farm_id = ${farmId}) as "hasFlocks",
        (select count(*) from chickens h where h.farm_id = ${farmId}
          and h.sex in ('hen', 'female') and h.outcome is null)::text as "hens"
      from egg_records r
      where r.farm_id = ${farmId} and r.date >= ${sql.placeholder("monthStart")} and r.date <= ${today}
    ) s
    left join lateral (select ${production} where s."hasFlocks") p on true`);
})();

type FarmStatsRow = FarmProductionRow & {
  today: string;
  week: string;
  month: string;
  weekDays: string;
  monthDays: string;
  hasFlocks: boolean;
  hens: string;
};

/**
 * Egg Tracking stats for the keeper (or one bird): eggs today, in the last 7 and 30 days, and lay
 * rates over the days that have records only (issue 19: two days of logging give a two-day rate,
 * not one over 30). A farm with flocks counts its baskets and flock headcounts (hen-days, see
 * flocks/flock-production.service.ts); without flocks it is one indexed aggregate query.
 */
export async function eggStats(
  db: Database,
  keeper: Keeper,
  q: { chickenId?: string; today?: string },
): Promise<EggStatsResponse> {
  const { farmId } = keeper;
  const today = resolveToday(q.today);
  const weekStart = eggListStartDate(today, 7);
  const monthStart = eggListStartDate(today, 30);
  let eggs: Omit<FarmStatsRow, "hasFlocks" | keyof FarmProductionRow> | undefined;
  if (q.chickenId) {
    await requireAccess(db, keeper, { permission: "chicken.read", ids: [q.chickenId] });
    [eggs] = await birdStatsStatement(db).execute({
      farmId,
      today,
      weekStart,
      monthStart,
      chickenId: q.chickenId,
    });
  } else {
    // The production period of 30 days ending today starts on monthStart (eggListStartDate).
    const [row] = await preparedRows<FarmStatsRow>(db, farmStatsStatement, {
      farmId,
      today,
      weekStart,
      monthStart,
      from: monthStart,
    });
    if (row?.hasFlocks) {
      const production = await farmProductionOfRow(db, keeper, monthStart, today, row);
      return flockEggStats(production, today, weekStart);
    }
    eggs = row;
  }
  const layingBirds = num(eggs?.hens ?? (q.chickenId ? 1 : 0));
  const month = num(eggs?.month);
  const week = num(eggs?.week);
  const monthDays = num(eggs?.monthDays);
  const weekDays = num(eggs?.weekDays);
  return {
    today,
    eggsToday: num(eggs?.today),
    eggsThisWeek: week,
    eggsLast30Days: month,
    layingBirds,
    layRate: layRate(month, layingBirds, monthDays),
    weekLayRate: layRate(week, layingBirds, weekDays),
    daysWithRecords: monthDays,
    weekDaysWithRecords: weekDays,
  };
}

/** The stats of a farm with flocks: baskets and birds' records, hen-days from the headcounts. */
function flockEggStats(p: FlockProduction, today: string, weekStart: string): EggStatsResponse {
  const recorded = p.days.filter((d) => d.eggs !== null);
  const week = recorded.filter((d) => d.date >= weekStart);
  const weekEggs = week.reduce((n, d) => n + (d.eggs ?? 0), 0);
  const weekHenDays = week.reduce((n, d) => n + d.layingHens, 0);
  return {
    today,
    eggsToday: p.days.at(-1)?.eggs ?? 0,
    eggsThisWeek: weekEggs,
    eggsLast30Days: p.eggs,
    layingBirds: p.days.at(-1)?.layingHens ?? 0,
    layRate: p.layRate ?? 0,
    weekLayRate: weekHenDays > 0 ? Math.round((weekEggs / weekHenDays) * 1000) / 10 : 0,
    daysWithRecords: p.daysWithRecords,
    weekDaysWithRecords: week.length,
  };
}

/** Totals per day, per bird, per quality and per size over a range, for the Analytics charts. */
export async function eggAnalytics(
  db: Database,
  keeper: Keeper,
  q: Range,
): Promise<EggAnalyticsResponse> {
  const { farmId } = keeper;
  const range = resolveRange(q);
  if (q.chickenId)
    await requireAccess(db, keeper, { permission: "chicken.read", ids: [q.chickenId] });
  const where = rangeWhere(farmId, range, q.chickenId);
  const eggs = sql<string>`coalesce(sum(${eggRecords.eggsLaid}), 0)`;
  const [daily, perBird, quality, size] = await Promise.all([
    db
      .select({ date: eggRecords.date, eggs, records: sql<string>`count(*)` })
      .from(eggRecords)
      .where(where)
      .groupBy(eggRecords.date)
      .orderBy(asc(eggRecords.date)),
    db
      .select({
        chickenId: eggRecords.chickenId,
        eggs,
        days: sql<string>`count(distinct ${eggRecords.date})`,
      })
      .from(eggRecords)
      .where(where)
      .groupBy(eggRecords.chickenId),
    db
      .select({ quality: eggRecords.eggQuality, eggs })
      .from(eggRecords)
      .where(where)
      .groupBy(eggRecords.eggQuality),
    db
      .select({ size: eggRecords.eggSize, eggs })
      .from(eggRecords)
      .where(where)
      .groupBy(eggRecords.eggSize),
  ]);
  return {
    ...range,
    daily: daily.map((d) => ({ date: d.date, eggs: num(d.eggs), records: num(d.records) })),
    perBird: perBird
      .map((b) => ({ chickenId: b.chickenId, eggs: num(b.eggs), days: num(b.days) }))
      .sort((a, b) => b.eggs - a.eggs),
    quality: quality.map((x) => ({
      quality: x.quality as EggAnalyticsResponse["quality"][number]["quality"],
      eggs: num(x.eggs),
    })),
    size: size.map((x) => ({
      size: x.size as EggAnalyticsResponse["size"][number]["size"],
      eggs: num(x.eggs),
    })),
  };
}
