import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { healthStatus as healthStatusSchema } from "@flockkeeper/shared/schemas/chicken";
import { poultrySpecies, type PoultrySpecies } from "@flockkeeper/shared/schemas/species";
import {
  DEFAULT_EGG_PRICE,
  type ProductionSummary,
  type ProductionTrends,
} from "@flockkeeper/shared/schemas/production";
import { periodRange, productionSummary } from "@flockkeeper/shared/domain/production";
import type { Database } from "../../db/client";
import { oncePerDatabase } from "../../db/prepared";
import {
  chickens,
  eggRecords,
  environmentalRecords,
  farms,
  feedRecords,
  flocks,
  weightRecords,
} from "../../db/schema/index";
import type { Keeper } from "../../access/access";
import { csvRows } from "../../lib/csv";
import { resolveToday } from "../../lib/keeper-today";
import { farmProduction } from "../flocks/flock-production.service";

const num = (v: unknown) => Number(v ?? 0);
const roundMicro = (v: number) => Math.round(v * 1e6) / 1e6;
const nullableNum = (v: unknown) => (v === null || v === undefined ? null : Number(v));

// Other modules import the keeper's date from here too.
export { resolveToday };

/**
 * The summary's own figures in one prepared statement (issue 26 item 1: they were three
 * statements built per request, each on its own pool connection): the period's feed from the
 * per-day totals the database keeps (at most `period` rows); each bird's latest weigh-in in the
 * period (one index probe per bird), averaged per species (a hen is never averaged with a turkey),
 * as JSON text [species, mean, birds]; and the keeper's saved egg price. One row from the farm's
 * own row. Each table has its own alias: in a one-table select Drizzle writes a column without its
 * table, which inside the subqueries' joins would be ambiguous or the wrong table's.
 */
const prepareSummary = (db: Database) => {
  const farmId = sql.placeholder("farmId");
  const startDate = sql.placeholder("startDate");
  const endDate = sql.placeholder("endDate");
  return db
    .select({
      lbs: sql<string>`(select coalesce(sum(p.feed_amount), 0) from daily_production p
        where p.farm_id = ${farmId} and p.date >= ${startDate} and p.date <= ${endDate})`,
      cost: sql<string>`(select coalesce(sum(p.feed_cost), 0) from daily_production p
        where p.farm_id = ${farmId} and p.date >= ${startDate} and p.date <= ${endDate})`,
      weight: sql<string>`(select coalesce(json_agg(json_build_array(w.species, w.avg, w.birds)), '[]')::text
        from (select c.species, avg(latest.weight) as avg, count(*) as birds
              from chickens c
              inner join lateral (select r.weight from weight_records r
                where r.chicken_id = c.id and r.farm_id = ${farmId}
                  and r.date >= ${startDate} and r.date <= ${endDate}
                order by r.date desc limit 1) latest on true
              where c.farm_id = ${farmId} group by c.species) w)`,
      eggPrice: sql<
        number | null
      >`(select k.egg_price from keeper_settings k where k.user_id = ${sql.placeholder("userId")})`,
    })
    .from(farms)
    .where(eq(farms.id, farmId))
    .prepare("production_summary");
};
const summaryStatement = oncePerDatabase(prepareSummary);

/**
 * The production summary over the period: each figure summed in SQL over the keeper's own
 * records only (every query filtered by farmId), then combined by the shared maths.
 */
export async function getSummary(
  db: Database,
  keeper: Keeper,
  q: { period: number; eggPrice?: number; today?: string },
): Promise<ProductionSummary> {
  const { farmId } = keeper;
  const today = resolveToday(q.today);
  const { startDate, endDate } = periodRange(today, q.period);
  const [[figures], hens] = await Promise.all([
    summaryStatement(db).execute({ farmId, userId: keeper.user.id, startDate, endDate }),
    farmProduction(db, keeper, { today, days: q.period }),
  ]);
  const weight = JSON.parse(figures?.weight ?? "[]") as [string, unknown, unknown][];
  const price = q.eggPrice ?? figures?.eggPrice ?? null;
  return productionSummary({
    period: q.period,
    startDate,
    endDate,
    totalEggs: hens.eggs,
    layingBirds: hens.days.at(-1)?.layingHens ?? 0,
    daysWithRecords: hens.daysWithRecords,
    henDays: hens.henDays,
    // Rounded to a millionth: the running totals add and subtract doubles.
    totalFeedLbs: roundMicro(num(figures?.lbs)),
    totalFeedCost: roundMicro(num(figures?.cost)),
    avgBirdWeight: null,
    weightBySpecies: weight.flatMap(([speciesName, avgWeight, birds]) => {
      const avg = nullableNum(avgWeight);
      const species = poultrySpecies.safeParse(speciesName);
      return avg === null || !species.success
        ? []
        : [{ species: species.data, avgWeight: avg, birds: num(birds) }];
    }),
    eggPrice: price ?? DEFAULT_EGG_PRICE,
  });
}

/** Every date of the period, oldest first. */
function datesOf(startDate: string, days: number): string[] {
  const start = Date.parse(`${startDate}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) =>
    new Date(start + i * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Day-by-day eggs, feed and weight, each layer's eggs, and birds by health status. */
export async function getTrends(
  db: Database,
  keeper: Keeper,
  q: { period: number; today?: string },
): Promise<ProductionTrends> {
  const { farmId } = keeper;
  const today = resolveToday(q.today);
  const { startDate, endDate } = periodRange(today, q.period);
  const eggWhere = and(
    eq(eggRecords.farmId, farmId),
    gte(eggRecords.date, startDate),
    lte(eggRecords.date, endDate),
  );
  const [production, feedDays, weightDays, perBird, birds] = await Promise.all([
    // Eggs per day from the flocks' baskets and the birds' own records, never counted twice.
    farmProduction(db, keeper, { today, days: q.period }),
    db
      .select({
        date: feedRecords.date,
        lbs: sql<string>`sum(${feedRecords.feedAmount})`,
        cost: sql<string>`coalesce(sum(${feedRecords.feedCost}), 0)`,
      })
      .from(feedRecords)
      .where(
        and(
          eq(feedRecords.farmId, farmId),
          gte(feedRecords.date, startDate),
          lte(feedRecords.date, endDate),
        ),
      )
      .groupBy(feedRecords.date),
    // Mean weigh-in per day and species: a hen is never averaged with a turkey.
    db
      .select({
        date: weightRecords.date,
        species: chickens.species,
        avg: sql<string>`avg(${weightRecords.weight})`,
      })
      .from(weightRecords)
      .innerJoin(chickens, eq(chickens.id, weightRecords.chickenId))
      .where(
        and(
          eq(weightRecords.farmId, farmId),
          gte(weightRecords.date, startDate),
          lte(weightRecords.date, endDate),
        ),
      )
      .groupBy(weightRecords.date, chickens.species),
    db
      .select({
        chickenId: eggRecords.chickenId,
        eggs: sql<string>`sum(${eggRecords.eggsLaid})`,
        layingDays: sql<string>`count(distinct ${eggRecords.date}) filter (where ${eggRecords.eggsLaid} > 0)`,
      })
      .from(eggRecords)
      .where(eggWhere)
      .groupBy(eggRecords.chickenId),
    db
      .select({
        id: chickens.id,
        name: chickens.name,
        sex: chickens.sex,
        healthStatus: chickens.healthStatus,
      })
      .from(chickens)
      .where(eq(chickens.farmId, farmId))
      .orderBy(asc(chickens.name)),
  ]);
  const dayBy = new Map(production.days.map((d) => [d.date, d]));
  // A new flock with two days of records: its rates are over two days, not the whole period.
  const recordedDays = Math.max(1, production.daysWithRecords);
  const feedBy = new Map(feedDays.map((d) => [d.date, d]));
  const weightBy = new Map<string, { species: PoultrySpecies; avgWeight: number }[]>();
  const weighed = new Set<PoultrySpecies>();
  for (const d of weightDays) {
    const species = poultrySpecies.safeParse(d.species);
    if (!species.success) continue;
    weighed.add(species.data);
    const day = weightBy.get(d.date) ?? [];
    day.push({ species: species.data, avgWeight: Math.round(num(d.avg) * 100) / 100 });
    weightBy.set(d.date, day);
  }
  const weightSpecies = poultrySpecies.options.filter((sp) => weighed.has(sp));
  const order = (sp: PoultrySpecies) => weightSpecies.indexOf(sp);
  for (const day of weightBy.values()) day.sort((a, b) => order(a.species) - order(b.species));
  const eggsByBird = new Map(perBird.map((b) => [b.chickenId, b]));
  const layers = birds
    .filter((b) => b.sex === "hen" || b.sex === "female" || eggsByBird.has(b.id))
    .map((b) => {
      const row = eggsByBird.get(b.id);
      return {
        chickenId: b.id,
        name: b.name,
        eggs: num(row?.eggs),
        layRate:
          Math.round((Math.min(num(row?.layingDays), recordedDays) / recordedDays) * 1000) / 10,
      };
    })
    .sort((a, b) => b.eggs - a.eggs || a.name.localeCompare(b.name));
  const counts = new Map<string, number>();
  for (const b of birds) counts.set(b.healthStatus, (counts.get(b.healthStatus) ?? 0) + 1);
  return {
    startDate,
    endDate,
    daysWithRecords: production.daysWithRecords,
    weightSpecies,
    daily: datesOf(startDate, q.period).map((date) => {
      const f = feedBy.get(date);
      const day = dayBy.get(date);
      const weights = weightBy.get(date) ?? [];
      return {
        date,
        eggs: day?.eggs ?? 0,
        headcount: day?.headcount ?? 0,
        layRate: day?.layRate ?? null,
        feedLbs: Math.round(num(f?.lbs) * 1000) / 1000,
        feedCost: Math.round(num(f?.cost) * 100) / 100,
        // One species in the whole period: the day's mean is that species'; several: no mean.
        avgWeight: weightSpecies.length === 1 ? (weights[0]?.avgWeight ?? null) : null,
        weightBySpecies: weights,
      };
    }),
    layers,
    birdsByHealth: healthStatusSchema.options.map((status) => ({
      status,
      count: counts.get(status) ?? 0,
    })),
  };
}

const csv = (header: string[], rows: unknown[][]) => csvRows([header, ...rows]);

export type ExportType = "feed" | "weight" | "environment" | "eggs";

/** One record type of the keeper's, for the period, as CSV (oldest first). */
export async function exportCsv(
  db: Database,
  keeper: Keeper,
  type: ExportType,
  q: { period: number; today?: string },
): Promise<{ filename: string; body: string }> {
  const { farmId } = keeper;
  const today = resolveToday(q.today);
  const { startDate, endDate } = periodRange(today, q.period);
  const filename = `${type}-records-${startDate}-to-${endDate}.csv`;
  if (type === "feed") {
    const rows = await db
      .select({ r: feedRecords, name: chickens.name, flockName: flocks.name })
      .from(feedRecords)
      // A record is a bird's or a flock's: both joins are optional.
      .leftJoin(chickens, eq(chickens.id, feedRecords.chickenId))
      .leftJoin(flocks, eq(flocks.id, feedRecords.flockId))
      .where(
        and(
          eq(feedRecords.farmId, farmId),
          gte(feedRecords.date, startDate),
          lte(feedRecords.date, endDate),
        ),
      )
      .orderBy(asc(feedRecords.date), asc(feedRecords.createdAt));
    return {
      filename,
      body: csv(
        [
          "date",
          "chickenId",
          "chickenName",
          "flockId",
          "flockName",
          "feedType",
          "feedAmountLbs",
          "feedCost",
          "notes",
        ],
        rows.map(({ r, name, flockName }) => [
          r.date,
          r.chickenId,
          name,
          r.flockId,
          flockName,
          r.feedType,
          r.feedAmount,
          r.feedCost,
          r.notes,
        ]),
      ),
    };
  }
  if (type === "weight") {
    const rows = await db
      .select({ r: weightRecords, name: chickens.name })
      .from(weightRecords)
      .innerJoin(chickens, eq(chickens.id, weightRecords.chickenId))
      .where(
        and(
          eq(weightRecords.farmId, farmId),
          gte(weightRecords.date, startDate),
          lte(weightRecords.date, endDate),
        ),
      )
      .orderBy(asc(weightRecords.date), asc(weightRecords.createdAt));
    return {
      filename,
      body: csv(
        ["date", "chickenId", "chickenName", "weightLbs", "bodyCondition", "notes"],
        rows.map(({ r, name }) => [r.date, r.chickenId, name, r.weight, r.bodyCondition, r.notes]),
      ),
    };
  }
  if (type === "eggs") {
    const rows = await db
      .select({ r: eggRecords, name: chickens.name })
      .from(eggRecords)
      .innerJoin(chickens, eq(chickens.id, eggRecords.chickenId))
      .where(
        and(
          eq(eggRecords.farmId, farmId),
          gte(eggRecords.date, startDate),
          lte(eggRecords.date, endDate),
        ),
      )
      .orderBy(asc(eggRecords.date), asc(eggRecords.createdAt));
    return {
      filename,
      body: csv(
        ["date", "chickenId", "chickenName", "eggsLaid", "eggQuality", "eggSize", "notes"],
        rows.map(({ r, name }) => [
          r.date,
          r.chickenId,
          name,
          r.eggsLaid,
          r.eggQuality,
          r.eggSize,
          r.notes,
        ]),
      ),
    };
  }
  const rows = await db
    .select()
    .from(environmentalRecords)
    .where(
      and(
        eq(environmentalRecords.farmId, farmId),
        gte(environmentalRecords.date, startDate),
        lte(environmentalRecords.date, endDate),
      ),
    )
    .orderBy(asc(environmentalRecords.date), asc(environmentalRecords.createdAt));
  return {
    filename,
    body: csv(
      [
        "date",
        "temperatureF",
        "humidity",
        "weather",
        "coopCondition",
        "ventilation",
        "lighting",
        "notes",
      ],
      rows.map((r) => [
        r.date,
        r.temperature,
        r.humidity,
        r.weather,
        r.coopCondition,
        r.ventilation,
        r.lighting,
        r.notes,
      ]),
    ),
  };
}
