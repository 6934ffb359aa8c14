import { and, asc, desc, eq, gte, lte, sql } from "drizzle-orm";
import { healthStatus as healthStatusSchema } from "@flockkeeper/shared/schemas/chicken";
import { poultrySpecies, type PoultrySpecies } from "@flockkeeper/shared/schemas/species";
import {
  DEFAULT_EGG_PRICE,
  type ProductionSummary,
  type ProductionTrends,
} from "@flockkeeper/shared/schemas/production";
import { periodRange, productionSummary } from "@flockkeeper/shared/domain/production";
import type { Database } from "../../db/client";
import {
  chickens,
  dailyProduction,
  eggRecords,
  environmentalRecords,
  feedRecords,
  flocks,
  keeperSettings,
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

/** The keeper's saved egg price, or null when never set. */
async function savedEggPrice(db: Database, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ eggPrice: keeperSettings.eggPrice })
    .from(keeperSettings)
    .where(eq(keeperSettings.userId, userId));
  return row?.eggPrice ?? null;
}

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
  const [totals, weight, hens, price] = await Promise.all([
    // Feed comes from the per-day totals the database keeps (at most `period` rows); eggs and hens
    // from the flocks' baskets, headcounts and the birds' own records (hen-days, issue 19).
    db
      .select({
        lbs: sql<string>`coalesce(sum(${dailyProduction.feedAmount}), 0)`,
        cost: sql<string>`coalesce(sum(${dailyProduction.feedCost}), 0)`,
      })
      .from(dailyProduction)
      .where(
        and(
          eq(dailyProduction.farmId, farmId),
          gte(dailyProduction.date, startDate),
          lte(dailyProduction.date, endDate),
        ),
      ),
    // Each bird's latest weigh-in in the period (one index probe per bird), then their mean per
    // species: a hen is never averaged with a turkey.
    db
      .select({
        species: chickens.species,
        avg: sql<string | null>`avg(latest.weight)`,
        birds: sql<string>`count(*)`,
      })
      .from(chickens)
      .innerJoinLateral(
        db
          .select({ weight: weightRecords.weight })
          .from(weightRecords)
          .where(
            and(
              eq(weightRecords.chickenId, chickens.id),
              eq(weightRecords.farmId, farmId),
              gte(weightRecords.date, startDate),
              lte(weightRecords.date, endDate),
            ),
          )
          .orderBy(desc(weightRecords.date))
          .limit(1)
          .as("latest"),
        sql`true`,
      )
      .where(eq(chickens.farmId, farmId))
      .groupBy(chickens.species),
    farmProduction(db, keeper, { today, days: q.period }),
    q.eggPrice === undefined ? savedEggPrice(db, keeper.user.id) : Promise.resolve(q.eggPrice),
  ]);
  return productionSummary({
    period: q.period,
    startDate,
    endDate,
    totalEggs: hens.eggs,
    layingBirds: hens.days.at(-1)?.layingHens ?? 0,
    daysWithRecords: hens.daysWithRecords,
    henDays: hens.henDays,
    // Rounded to a millionth: the running totals add and subtract doubles.
    totalFeedLbs: roundMicro(num(totals[0]?.lbs)),
    totalFeedCost: roundMicro(num(totals[0]?.cost)),
    avgBirdWeight: null,
    weightBySpecies: weight.flatMap((w) => {
      const avg = nullableNum(w.avg);
      const species = poultrySpecies.safeParse(w.species);
      return avg === null || !species.success
        ? []
        : [{ species: species.data, avgWeight: avg, birds: num(w.birds) }];
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
