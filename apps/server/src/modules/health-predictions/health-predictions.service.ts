import { randomUUID } from "node:crypto";
import { and, desc, eq, gte, isNotNull, lte, sql } from "drizzle-orm";
import { addDaysIso } from "@flockkeeper/shared/schemas/common";
import type {
  GeneratePredictionsResponse,
  HealthPrediction,
  RiskLevel,
} from "@flockkeeper/shared/schemas/production";
import { FREEZING_F, HEAT_F, HIGH_HUMIDITY } from "@flockkeeper/shared/domain/weather-alerts";
import { layingChange, weightLoss } from "@flockkeeper/shared/domain/production";
import { assessRisk, type BirdRiskInput } from "@flockkeeper/shared/domain/risk-model";
import { findSymptomsInText } from "@flockkeeper/shared/domain/symptom-match";
import type { Database } from "../../db/client";
import {
  chickens,
  eggRecords,
  feedRecords,
  healthPredictions,
  weightRecords,
} from "../../db/schema/index";
import { getKnowledge } from "../../knowledge/index";
import { loadFlockReadings } from "../disease-alerts/disease-alerts.service";
import { resolveToday } from "../production/production.service";
import { createdByKeeper, type Keeper } from "../../access/access";

/** Notes written in the last this-many days are searched for symptoms. */
const NOTES_WINDOW_DAYS = 14;
/** Predictions older than this are no longer "recent". */
const RECENT_PREDICTION_DAYS = 30;

type Row = typeof healthPredictions.$inferSelect;

function toPrediction(row: Row, chickenName: string): HealthPrediction {
  return {
    id: row.id,
    chickenId: row.chickenId,
    chickenName,
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
  const [readings, notes] = await Promise.all([
    loadFlockReadings(db, keeper, today),
    recentNotes(db, farmId, today),
  ]);
  if (readings.birds.length === 0) return { generated: 0, predictions: [] };
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
      chickenId: bird.id,
      riskLevel: r.riskLevel,
      riskScore: r.riskScore,
      confidenceScore: r.confidenceScore,
      predictedConditions: r.predictedConditions,
      recommendedActions: r.recommendedActions,
      reasons: r.reasons,
    };
  });

  // One statement with one parameter, whatever the flock size: the predictions as a JSON array,
  // expanded into rows by the database. Only the date (the statement's now()) comes back; the
  // rest is what was just computed.
  const p = sql`jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as p(
    "id" uuid, "chickenId" uuid, "riskLevel" text, "riskScore" integer,
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
          chickenId: sql<string>`p."chickenId"`.as("chicken_id"),
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
  const names = new Map(readings.birds.map((b) => [b.id, b.name]));
  const predictions = values
    .map((v) =>
      toPrediction({ ...v, ...createdByKeeper(keeper), predictionDate }, names.get(v.chickenId)!),
    )
    .sort((a, b) => b.riskScore - a.riskScore || a.chickenName.localeCompare(b.chickenName));
  return { generated: predictions.length, predictions };
}

/** Each bird's latest prediction from the last 30 days, highest risk first. */
export async function recentPredictions(db: Database, keeper: Keeper): Promise<HealthPrediction[]> {
  const { farmId } = keeper;
  const since = new Date(Date.now() - RECENT_PREDICTION_DAYS * 864e5);
  const rows = await db
    .selectDistinctOn([healthPredictions.chickenId], { p: healthPredictions, name: chickens.name })
    .from(healthPredictions)
    .innerJoin(chickens, eq(chickens.id, healthPredictions.chickenId))
    .where(and(eq(healthPredictions.farmId, farmId), gte(healthPredictions.predictionDate, since)))
    .orderBy(healthPredictions.chickenId, desc(healthPredictions.predictionDate));
  return rows
    .map(({ p, name }) => toPrediction(p, name))
    .sort((a, b) => b.riskScore - a.riskScore || a.chickenName.localeCompare(b.chickenName));
}
