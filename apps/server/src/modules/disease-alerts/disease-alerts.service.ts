import { and, desc, eq, gt, gte, inArray, isNull, lt, lte, max, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { addDaysIso } from "@flockkeeper/shared/schemas/common";
import type { DiseaseAlert } from "@flockkeeper/shared/schemas/production";
import {
  ANALYSIS_WINDOW_DAYS,
  BASELINE_LAYING_DAYS,
  ENVIRONMENT_WINDOW_DAYS,
  RECENT_LAYING_DAYS,
  WEIGHT_WINDOW_DAYS,
  buildAlerts,
  type EnvironmentReading,
  type LayingWindows,
} from "@flockkeeper/shared/domain/production";
import type { Database } from "../../db/client";
import {
  analyses,
  chickens,
  eggRecords,
  environmentalRecords,
  weightRecords,
} from "../../db/schema/index";
import { resolveToday } from "../production/production.service";
import { farmProduction } from "../flocks/flock-production.service";
import type { Keeper } from "../../access/access";

const num = (v: unknown) => Number(v ?? 0);

/** A bird's readings as the alert rules and the risk model use them. */
export interface BirdReadings {
  id: string;
  name: string;
  healthStatus: string;
  laying: LayingWindows;
  latestWeight: { date: string; weight: number; bodyCondition: string } | null;
  earlierMaxWeight: number | null;
  hasWeights: boolean;
  hasEggs: boolean;
}

export interface FlockReadings {
  today: string;
  birds: BirdReadings[];
  flockLaying: LayingWindows;
  environment: (EnvironmentReading & {
    ventilation: string | null;
    coopCondition: string | null;
    weather: string | null;
  })[];
  analyses: {
    id: string;
    kind: string;
    status: string;
    birdId: string | null;
    createdAt: string;
  }[];
}

/**
 * Everything recent about the keeper's flock, aggregated in SQL: eggs per bird in the recent and
 * baseline windows, days with egg records, weigh-ins of the last 4 weeks, coop readings of the last
 * week and saved analyses of the last 2 weeks. Every query is scoped to the keeper.
 */
export async function loadFlockReadings(
  db: Database,
  keeper: Keeper,
  keeperToday?: string,
): Promise<FlockReadings> {
  const { farmId } = keeper;
  const today = resolveToday(keeperToday);
  const recentStart = addDaysIso(today, -(RECENT_LAYING_DAYS - 1));
  const baselineStart = addDaysIso(recentStart, -BASELINE_LAYING_DAYS);
  const weightStart = addDaysIso(today, -(2 * WEIGHT_WINDOW_DAYS));
  const envStart = addDaysIso(today, -(ENVIRONMENT_WINDOW_DAYS - 1));
  const analysisSince = new Date(Date.parse(`${today}T00:00:00Z`) - ANALYSIS_WINDOW_DAYS * 864e5);
  const eggWhere = and(
    eq(eggRecords.farmId, farmId),
    gte(eggRecords.date, baselineStart),
    lte(eggRecords.date, today),
  );
  const isRecent = sql`${eggRecords.date} >= ${recentStart}`;
  // Each bird's newest weigh-in of the last 4 weeks (one index probe per bird on
  // (chicken_id, date)), and the heaviest weigh-in in the 14 days before it when it is recent.
  const latest = db
    .select({
      date: weightRecords.date,
      weight: weightRecords.weight,
      bodyCondition: weightRecords.bodyCondition,
    })
    .from(weightRecords)
    .where(
      and(
        eq(weightRecords.chickenId, chickens.id),
        eq(weightRecords.farmId, farmId),
        gte(weightRecords.date, weightStart),
        lte(weightRecords.date, today),
      ),
    )
    .orderBy(desc(weightRecords.date), desc(weightRecords.createdAt))
    .limit(1)
    .as("latest");
  const earlier = alias(weightRecords, "earlier");
  const earlierMax = db
    .select({ weight: max(earlier.weight) })
    .from(earlier)
    .where(
      and(
        eq(earlier.chickenId, chickens.id),
        eq(earlier.farmId, farmId),
        gte(earlier.date, sql`${latest.date} - ${WEIGHT_WINDOW_DAYS}::int`),
        lt(earlier.date, latest.date),
      ),
    );
  const weightCutoff = addDaysIso(today, -(WEIGHT_WINDOW_DAYS - 1));
  const [birds, eggs, env, saved, production] = await Promise.all([
    db
      .select({
        id: chickens.id,
        name: chickens.name,
        healthStatus: chickens.healthStatus,
        latestDate: latest.date,
        latestWeight: latest.weight,
        latestBodyCondition: latest.bodyCondition,
        earlierMax: sql<
          number | null
        >`case when ${latest.date} >= ${weightCutoff} then ${earlierMax} end`.mapWith(
          weightRecords.weight,
        ),
      })
      .from(chickens)
      .leftJoinLateral(latest, sql`true`)
      // Birds that died or left the farm by this day are not judged (their records stay).
      .where(
        and(
          eq(chickens.farmId, farmId),
          or(isNull(chickens.outcome), gt(chickens.outcomeDate, today)),
        ),
      ),
    // One pass over the egg records of the 5 weeks: eggs per bird, and which days have records.
    db
      .select({
        chickenId: sql<string | null>`${eggRecords.chickenId}`,
        date: sql<string | null>`${eggRecords.date}`,
        recent: sql<string>`coalesce(sum(${eggRecords.eggsLaid}) filter (where ${isRecent}), 0)`,
        baseline: sql<string>`coalesce(sum(${eggRecords.eggsLaid}) filter (where not ${isRecent}), 0)`,
      })
      .from(eggRecords)
      .where(eggWhere)
      .groupBy(sql`grouping sets ((${eggRecords.chickenId}), (${eggRecords.date}))`),
    db
      .select({
        date: environmentalRecords.date,
        temperature: environmentalRecords.temperature,
        humidity: environmentalRecords.humidity,
        ventilation: environmentalRecords.ventilation,
        coopCondition: environmentalRecords.coopCondition,
        weather: environmentalRecords.weather,
      })
      .from(environmentalRecords)
      .where(
        and(
          eq(environmentalRecords.farmId, farmId),
          gte(environmentalRecords.date, envStart),
          lte(environmentalRecords.date, today),
        ),
      ),
    db
      .select({
        id: analyses.id,
        kind: analyses.kind,
        status: analyses.status,
        birdId: analyses.birdId,
        createdAt: analyses.createdAt,
      })
      .from(analyses)
      .where(
        and(
          eq(analyses.farmId, farmId),
          inArray(analyses.kind, ["droppings", "health"]),
          inArray(analyses.status, ["urgent", "concerning"]),
          gte(analyses.createdAt, analysisSince),
        ),
      ),
    // The flock's eggs per day from baskets and birds' records, never counted twice (issue 19).
    farmProduction(db, keeper, {
      today,
      days: RECENT_LAYING_DAYS + BASELINE_LAYING_DAYS,
    }),
  ]);

  let recentDays = 0;
  let baselineDays = 0;
  const eggsBy = new Map<string, { recent: string; baseline: string }>();
  for (const e of eggs) {
    if (e.chickenId !== null) eggsBy.set(e.chickenId, e);
    else if (e.date !== null && e.date >= recentStart) recentDays++;
    else baselineDays++;
  }
  const readings = birds.map((b): BirdReadings => {
    const e = eggsBy.get(b.id);
    // The latest weigh-in counts only if it is within the last 14 days; loss is measured against
    // the heaviest weigh-in in the 14 days before it.
    const latest =
      b.latestDate !== null && b.latestDate >= weightCutoff
        ? { date: b.latestDate, weight: b.latestWeight!, bodyCondition: b.latestBodyCondition! }
        : null;
    return {
      id: b.id,
      name: b.name,
      healthStatus: b.healthStatus,
      laying: {
        baselineEggs: num(e?.baseline),
        baselineDays,
        recentEggs: num(e?.recent),
        recentDays,
      },
      latestWeight: latest,
      earlierMaxWeight: latest ? b.earlierMax : null,
      hasWeights: b.latestDate !== null,
      hasEggs: e !== undefined,
    };
  });
  // The flock's laying per day from the farm's production: baskets and birds' own records, never
  // counted twice, over the days that have records (for a farm without flocks, the birds' records).
  const flockDays = production.days.filter((d) => d.eggs !== null);
  const recentFlock = flockDays.filter((d) => d.date >= recentStart);
  const baselineFlock = flockDays.filter((d) => d.date < recentStart);
  const sum = (days: typeof flockDays) => days.reduce((n, d) => n + (d.eggs ?? 0), 0);
  return {
    today,
    birds: readings,
    flockLaying: {
      baselineEggs: sum(baselineFlock),
      baselineDays: baselineFlock.length,
      recentEggs: sum(recentFlock),
      recentDays: recentFlock.length,
    },
    environment: env,
    analyses: saved.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
  };
}

/** The keeper's active alerts, computed from their records on request. */
export async function activeAlerts(
  db: Database,
  keeper: Keeper,
  keeperToday?: string,
): Promise<DiseaseAlert[]> {
  const r = await loadFlockReadings(db, keeper, keeperToday);
  return buildAlerts({
    today: r.today,
    birds: r.birds,
    flockLaying: r.flockLaying,
    environment: r.environment,
    urgentAnalyses: r.analyses.filter((a) => a.status === "urgent"),
  });
}
