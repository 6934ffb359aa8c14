import { randomUUID } from "node:crypto";
import { and, desc, eq, gte, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { addDaysIso } from "@flockkeeper/shared/schemas/common";
import type {
  GeneratePredictionsResponse,
  HealthPrediction,
  RiskLevel,
} from "@flockkeeper/shared/schemas/production";
import { FREEZING_F, HEAT_F, HIGH_HUMIDITY } from "@flockkeeper/shared/domain/weather-alerts";
import {
  BASELINE_LAYING_DAYS,
  henDayLayingChange,
  layingChange,
  RECENT_LAYING_DAYS,
  weightLoss,
} from "@flockkeeper/shared/domain/production";
import {
  assessRisk,
  LOSSES_WINDOW_DAYS,
  type BirdRiskInput,
} from "@flockkeeper/shared/domain/risk-model";
import { headcountOn } from "@flockkeeper/shared/domain/headcount";
import { findSymptomsInText } from "@flockkeeper/shared/domain/symptom-match";
import type { Database } from "../../db/client";
import {
  chickens,
  eggRecords,
  feedRecords,
  flockEvents,
  flocks,
  healthPredictions,
  weightRecords,
} from "../../db/schema/index";
import { getKnowledge } from "../../knowledge/index";
import { loadFlockReadings } from "../disease-alerts/disease-alerts.service";
import { flocksInUseProduction } from "../flocks/flock-production.service";
import { resolveToday } from "../production/production.service";
import { createdByKeeper, type Keeper } from "../../access/access";

/** Notes written in the last this-many days are searched for symptoms. */
const NOTES_WINDOW_DAYS = 14;
/** Predictions older than this are no longer "recent". */
const RECENT_PREDICTION_DAYS = 30;

type Row = typeof healthPredictions.$inferSelect;

/** Losses that count against a flock's health (not sales, slaughter or moves). */
const HEALTH_LOSSES = new Set(["died", "culled"]);

function toPrediction(
  row: Row,
  names: { chickenName: string | null; flockName: string | null },
): HealthPrediction {
  return {
    id: row.id,
    chickenId: row.chickenId,
    chickenName: names.chickenName,
    flockId: row.flockId,
    flockName: names.flockName,
    riskLevel: row.riskLevel as RiskLevel,
    riskScore: row.riskScore,
    confidenceScore: row.confidenceScore,
    predictionDate: row.predictionDate.toISOString(),
    predictedConditions: row.predictedConditions,
    recommendedActions: row.recommendedActions,
    reasons: row.reasons,
  };
}

/** Keeper's notes of the last two weeks per bird (weigh-ins, feed and egg records). */
async function recentNotes(db: Database, farmId: string, today: string) {
  const since = addDaysIso(today, -(NOTES_WINDOW_DAYS - 1));
  const [w, f, e] = await Promise.all([
    db
      .select({ chickenId: weightRecords.chickenId, notes: weightRecords.notes })
      .from(weightRecords)
      .where(
        and(
          eq(weightRecords.farmId, farmId),
          gte(weightRecords.date, since),
          lte(weightRecords.date, today),
          isNotNull(weightRecords.notes),
        ),
      ),
    db
      .select({ chickenId: feedRecords.chickenId, notes: feedRecords.notes })
      .from(feedRecords)
      .where(
        and(
          eq(feedRecords.farmId, farmId),
          gte(feedRecords.date, since),
          lte(feedRecords.date, today),
          isNotNull(feedRecords.notes),
          // A flock's feed notes are not about one bird.
          isNotNull(feedRecords.chickenId),
        ),
      ),
    db
      .select({ chickenId: eggRecords.chickenId, notes: eggRecords.notes })
      .from(eggRecords)
      .where(
        and(
          eq(eggRecords.farmId, farmId),
          gte(eggRecords.date, since),
          lte(eggRecords.date, today),
          isNotNull(eggRecords.notes),
        ),
      ),
  ]);
  const lists = [w, f, e];
  const by = new Map<string, string[]>();
  for (const r of lists.flat()) {
    if (!r.notes || !r.chickenId) continue;
    const list = by.get(r.chickenId) ?? [];
    list.push(r.notes);
    by.set(r.chickenId, list);
  }
  return by;
}

/** The keeper's notes of the last two weeks about each flock: its feed and its life events. */
async function recentFlockNotes(db: Database, farmId: string, today: string) {
  const since = addDaysIso(today, -(NOTES_WINDOW_DAYS - 1));
  const [feed, events] = await Promise.all([
    db
      .select({ flockId: feedRecords.flockId, notes: feedRecords.notes })
      .from(feedRecords)
      .where(
        and(
          eq(feedRecords.farmId, farmId),
          gte(feedRecords.date, since),
          lte(feedRecords.date, today),
          isNotNull(feedRecords.notes),
          isNotNull(feedRecords.flockId),
        ),
      ),
    db
      .select({ flockId: flockEvents.flockId, notes: flockEvents.notes, cause: flockEvents.cause })
      .from(flockEvents)
      .where(
        and(
          eq(flockEvents.farmId, farmId),
          gte(flockEvents.date, since),
          lte(flockEvents.date, today),
        ),
      ),
  ]);
  const by = new Map<string, string[]>();
  const push = (flockId: string | null, text: string | null) => {
    if (!flockId || !text) return;
    const list = by.get(flockId) ?? [];
    list.push(text);
    by.set(flockId, list);
  };
  for (const r of feed) push(r.flockId, r.notes);
  for (const r of events) {
    push(r.flockId, r.cause);
    push(r.flockId, r.notes);
  }
  return by;
}

/**
 * Runs the rule-based risk model over each of the keeper's birds and stores one prediction per
 * bird. Inputs: laying against its own baseline, weight trend, latest body condition, health
 * status, coop readings of the last week, saved analyses of the last two weeks and symptoms named
 * in the keeper's recent notes.
 */
export async function generatePredictions(
  db: Database,
  keeper: Keeper,
  keeperToday?: string,
): Promise<GeneratePredictionsResponse> {
  const { farmId } = keeper;
  const today = resolveToday(keeperToday);
  const [readings, notes, flockNotes, flocksInUse] = await Promise.all([
    loadFlockReadings(db, keeper, today),
    recentNotes(db, farmId, today),
    recentFlockNotes(db, farmId, today),
    flocksInUseProduction(db, keeper, {
      today,
      days: RECENT_LAYING_DAYS + BASELINE_LAYING_DAYS,
    }),
  ]);
  // A flock is judged while it has birds today; one with individual profiles gets both.
  const flocksToJudge = flocksInUse.filter((f) => headcountOn(f.events, today).headcount > 0);
  if (readings.birds.length === 0 && flocksToJudge.length === 0)
    return { generated: 0, predictions: [] };
  const knowledge = getKnowledge();
  const labels = new Map(knowledge.symptoms.map((s) => [s.id, s.label]));

  const env = readings.environment;
  const environment = {
    heat: env.filter((e) => e.temperature !== null && e.temperature > HEAT_F).length,
    cold: env.filter((e) => e.temperature !== null && e.temperature < FREEZING_F).length,
    humidity: env.filter((e) => e.humidity !== null && e.humidity > HIGH_HUMIDITY).length,
    poorVentilation: env.filter((e) => e.ventilation === "poor").length,
    dirtyCoop: env.filter(
      (e) => e.coopCondition === "dirty" || e.coopCondition === "needs_maintenance",
    ).length,
  };
  // Saved analyses counted per bird once, not filtered again for every bird.
  const analysesBy = new Map<string, { urgent: number; concerning: number }>();
  for (const a of readings.analyses) {
    if (a.birdId === null) continue;
    const counts = analysesBy.get(a.birdId) ?? { urgent: 0, concerning: 0 };
    if (a.status === "urgent") counts.urgent++;
    else if (a.status === "concerning") counts.concerning++;
    analysesBy.set(a.birdId, counts);
  }
  // A whole-flock entry repeats its note on every bird: each distinct text is matched once.
  const symptomsIn = new Map<string, string[]>();
  const findSymptoms = (text: string) => {
    let ids = symptomsIn.get(text);
    if (!ids) symptomsIn.set(text, (ids = findSymptomsInText(text, knowledge.symptoms)));
    return ids;
  };

  const values = readings.birds.map((bird) => {
    const symptomIds = new Set<string>();
    for (const text of notes.get(bird.id) ?? [])
      for (const id of findSymptoms(text)) symptomIds.add(id);
    const input: BirdRiskInput = {
      layingDrop: layingChange(bird.laying)?.drop ?? null,
      weightLoss: weightLoss(bird.earlierMaxWeight, bird.latestWeight?.weight ?? null),
      bodyCondition: (bird.latestWeight?.bodyCondition ?? null) as BirdRiskInput["bodyCondition"],
      healthStatus: bird.healthStatus,
      environment,
      analyses: analysesBy.get(bird.id) ?? { urgent: 0, concerning: 0 },
      notedSymptoms: [...symptomIds],
      symptomLabels: labels,
      dataSources: {
        eggs: bird.hasEggs,
        weights: bird.hasWeights,
        environment: env.length > 0,
      },
    };
    const r = assessRisk(input, knowledge.conditions);
    return {
      // Made here: the embedded engine's gen_random_uuid() costs more than the rest of the insert.
      id: randomUUID(),
      chickenId: bird.id as string | null,
      flockId: null as string | null,
      riskLevel: r.riskLevel,
      riskScore: r.riskScore,
      confidenceScore: r.confidenceScore,
      predictedConditions: r.predictedConditions,
      recommendedActions: r.recommendedActions,
      reasons: r.reasons,
    };
  });

  // Flocks as a whole (issue 19: 30 layers may be one record with a headcount): laying per
  // hen-day against its own baseline, the birds lost in the last two weeks, the coop readings and
  // the notes about the flock.
  const recentStart = addDaysIso(today, -(RECENT_LAYING_DAYS - 1));
  const lossesSince = addDaysIso(today, -(LOSSES_WINDOW_DAYS - 1));
  for (const f of flocksToJudge) {
    const logged = f.production.days.filter((d) => d.eggs !== null);
    const windows = { baselineEggs: 0, baselineDays: 0, baselineHenDays: 0 };
    const recent = { recentEggs: 0, recentDays: 0, recentHenDays: 0 };
    for (const d of logged) {
      if (d.date >= recentStart) {
        recent.recentEggs += d.eggs!;
        recent.recentDays++;
        recent.recentHenDays += d.layingHens;
      } else {
        windows.baselineEggs += d.eggs!;
        windows.baselineDays++;
        windows.baselineHenDays += d.layingHens;
      }
    }
    const died = f.events
      .filter((e) => HEALTH_LOSSES.has(e.type) && e.date >= lossesSince && e.date <= today)
      .reduce((n, e) => n + e.count, 0);
    const headcount = headcountOn(f.events, today).headcount;
    const symptomIds = new Set<string>();
    for (const text of flockNotes.get(f.id) ?? [])
      for (const id of findSymptoms(text)) symptomIds.add(id);
    const r = assessRisk(
      {
        layingDrop: henDayLayingChange({ ...windows, ...recent })?.drop ?? null,
        weightLoss: null,
        bodyCondition: null,
        healthStatus: "healthy",
        environment,
        analyses: { urgent: 0, concerning: 0 },
        notedSymptoms: [...symptomIds],
        symptomLabels: labels,
        dataSources: { eggs: logged.length > 0, weights: false, environment: env.length > 0 },
        losses: { died, headcountBefore: headcount + died },
      },
      knowledge.conditions,
    );
    values.push({
      id: randomUUID(),
      chickenId: null,
      flockId: f.id,
      riskLevel: r.riskLevel,
      riskScore: r.riskScore,
      confidenceScore: r.confidenceScore,
      predictedConditions: r.predictedConditions,
      recommendedActions: r.recommendedActions,
      reasons: r.reasons,
    });
  }

  // One statement with one parameter, whatever the flock size: the predictions as a JSON array,
  // expanded into rows by the database. Only the date (the statement's now()) comes back; the
  // rest is what was just computed.
  const p = sql`jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as p(
    "id" uuid, "chickenId" uuid, "flockId" uuid, "riskLevel" text, "riskScore" integer,
    "confidenceScore" double precision, "predictedConditions" jsonb, "recommendedActions" jsonb,
    "reasons" jsonb)`;
  const inserted = await db
    .insert(healthPredictions)
    .select(
      db
        .select({
          id: sql<string>`p."id"`.as("id"),
          farmId: sql<string>`${farmId}::uuid`.as("farm_id"),
          createdBy: sql<string>`${keeper.user.id}::uuid`.as("created_by"),
          updatedBy: sql<string>`${keeper.user.id}::uuid`.as("updated_by"),
          chickenId: sql<string | null>`p."chickenId"`.as("chicken_id"),
          flockId: sql<string | null>`p."flockId"`.as("flock_id"),
          riskLevel: sql<string>`p."riskLevel"`.as("risk_level"),
          riskScore: sql<number>`p."riskScore"`.as("risk_score"),
          confidenceScore: sql<number>`p."confidenceScore"`.as("confidence_score"),
          predictionDate: sql<Date>`now()`.as("prediction_date"),
          predictedConditions: sql<string[]>`p."predictedConditions"`.as("predicted_conditions"),
          recommendedActions: sql<string[]>`p."recommendedActions"`.as("recommended_actions"),
          reasons: sql<Row["reasons"]>`p."reasons"`.as("reasons"),
        })
        .from(p),
    )
    .returning({ predictionDate: healthPredictions.predictionDate });
  const predictionDate = inserted[0]!.predictionDate;
  const birdNames = new Map(readings.birds.map((b) => [b.id, b.name]));
  const flockNames = new Map(flocksToJudge.map((f) => [f.id, f.name]));
  const predictions = values
    .map((v) =>
      toPrediction(
        { ...v, ...createdByKeeper(keeper), predictionDate },
        {
          chickenName: v.chickenId ? birdNames.get(v.chickenId)! : null,
          flockName: v.flockId ? flockNames.get(v.flockId)! : null,
        },
      ),
    )
    .sort(byRisk);
  return { generated: predictions.length, predictions };
}

const nameOf = (p: HealthPrediction) => p.chickenName ?? p.flockName ?? "";
/** Highest risk first, then by name. */
const byRisk = (a: HealthPrediction, b: HealthPrediction) =>
  b.riskScore - a.riskScore || nameOf(a).localeCompare(nameOf(b));

/**
 * Each bird's and each flock's latest prediction from the last 30 days, highest risk first; birds
 * that have since died or left and archived flocks are left out.
 */
export async function recentPredictions(db: Database, keeper: Keeper): Promise<HealthPrediction[]> {
  const { farmId } = keeper;
  const since = new Date(Date.now() - RECENT_PREDICTION_DAYS * 864e5);
  const subject = sql`coalesce(${healthPredictions.chickenId}, ${healthPredictions.flockId})`;
  const rows = await db
    .selectDistinctOn([subject], {
      p: healthPredictions,
      chickenName: chickens.name,
      flockName: flocks.name,
    })
    .from(healthPredictions)
    .leftJoin(chickens, eq(chickens.id, healthPredictions.chickenId))
    .leftJoin(flocks, eq(flocks.id, healthPredictions.flockId))
    .where(
      and(
        eq(healthPredictions.farmId, farmId),
        gte(healthPredictions.predictionDate, since),
        or(isNull(healthPredictions.chickenId), isNull(chickens.outcome)),
        or(isNull(healthPredictions.flockId), eq(flocks.archived, false)),
      ),
    )
    .orderBy(subject, desc(healthPredictions.predictionDate));
  return rows
    .map(({ p, chickenName, flockName }) => toPrediction(p, { chickenName, flockName }))
    .sort(byRisk);
}
