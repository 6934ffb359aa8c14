import type { ConditionRecord } from "../schemas/condition";
import type { RiskLevel, RiskReason } from "../schemas/production";
import { rankConditions } from "./symptom-match";
import { defaultText, unitText, type UnitText } from "./units";
import { FREEZING_F, HEAT_F } from "./weather-alerts";

/*
 * A transparent, rule-based health risk model. Each reading from a bird's recent records adds
 * points; the total picks the risk level, and every reason is kept so the keeper sees why. It is a
 * prompt to look at the bird, never a diagnosis.
 */

/** What the model knows about one bird, aggregated from its recent records. */
export interface BirdRiskInput {
  /** Share of the baseline laying rate lost (0.4 = 40% less), or null when not judged. */
  layingDrop: number | null;
  /** Share of body weight lost over 14 days (0.15 = 15%), or null without two weigh-ins. */
  weightLoss: number | null;
  /** Latest recorded body condition. */
  bodyCondition: "underweight" | "normal" | "overweight" | null;
  healthStatus: "healthy" | "sick" | "recovering" | "monitoring" | string;
  /** Recent coop readings beyond the thresholds (counts of readings). */
  environment: {
    heat: number;
    cold: number;
    humidity: number;
    poorVentilation: number;
    dirtyCoop: number;
  };
  /** Saved photo analyses of this bird in the last 14 days, by status. */
  analyses: { urgent: number; concerning: number };
  /** Symptom ids (symptom vocabulary) found in the keeper's recent notes about this bird. */
  notedSymptoms: string[];
  /** Symptom id -> label, for the reasons' wording. */
  symptomLabels?: ReadonlyMap<string, string>;
  /** Which record kinds had data (for confidence). */
  dataSources: { eggs: boolean; weights: boolean; environment: boolean };
  /**
   * A whole flock (issue 19: one record for 30 hens): its birds that died or were culled in the
   * last 14 days (`LOSSES_WINDOW_DAYS`) against its headcount before them. Absent for one bird.
   */
  losses?: { died: number; headcountBefore: number };
}

/** Losses of the last this-many days count in a flock's risk. */
export const LOSSES_WINDOW_DAYS = 14;

export interface RiskAssessment {
  riskScore: number;
  riskLevel: RiskLevel;
  confidenceScore: number;
  reasons: RiskReason[];
  predictedConditions: string[];
  recommendedActions: string[];
}

/** Score thresholds of the levels (0-100 scale, capped at 100). */
export const RISK_THRESHOLDS = { medium: 20, high: 45, critical: 70 } as const;

/** Points for each reading (see the reasons for wording). */
export const RISK_POINTS = {
  layingDropSevere: 30, // 60%+ less
  layingDrop: 15, // 30%+ less
  weightLossSevere: 35, // over 20%
  weightLoss: 25, // over 10%
  weightLossMild: 10, // over 5%
  underweight: 10,
  overweight: 5,
  sick: 30,
  recovering: 10,
  monitoring: 10,
  heat: 10,
  cold: 10,
  humidity: 5,
  poorVentilation: 5,
  dirtyCoop: 5,
  environmentCap: 20,
  urgentAnalysis: 30,
  concerningAnalysis: 10,
  symptom: 8,
  symptomCap: 24,
  loss: 15, // a bird of the flock died or was culled
  lossesSevere: 45, // 3 or more, or 5%+ of the flock (at least 2): high on its own
} as const;

/** Risk level for a score: 70+ critical, 45+ high, 20+ medium, else low. */
export function riskLevelFor(score: number): RiskLevel {
  if (score >= RISK_THRESHOLDS.critical) return "critical";
  if (score >= RISK_THRESHOLDS.high) return "high";
  if (score >= RISK_THRESHOLDS.medium) return "medium";
  return "low";
}

/** Conditions that environment stress alone makes more likely (ids in data/conditions.json). */
const ENVIRONMENT_CONDITIONS: Record<string, string[]> = {
  heat: ["heat-stress"],
  cold: ["frostbite"],
  humidity: ["aspergillosis", "ammonia-burn"],
  poorVentilation: ["ammonia-burn", "aspergillosis"],
  dirtyCoop: ["coccidiosis", "ammonia-burn"],
};

const pct = (share: number) => `${Math.round(share * 100)}%`;

/**
 * Scores one bird. Confidence grows with the evidence available: 0.3, plus 0.15 for each kind of
 * record with data (eggs, weights, environment), plus 0.1 when a keeper-set status or a saved
 * analysis is involved; at most 0.9 (never certain, it is a rule of thumb).
 */
export function assessRisk(
  input: BirdRiskInput,
  conditions: readonly ConditionRecord[],
): RiskAssessment {
  const reasons: RiskReason[] = [];
  const actions = new Set<string>();
  const symptoms = new Set(input.notedSymptoms);
  const envConditions = new Set<string>();
  // `detail` is the sentence in °F; `detailText` the same with its quantities apart.
  const add = (factor: string, detail: string | UnitText, points: number) => {
    const text = typeof detail === "string" ? unitText(detail) : detail;
    reasons.push({ factor, detail: defaultText(text), detailText: text, points });
  };

  if (input.layingDrop !== null && input.layingDrop >= 0.3) {
    const severe = input.layingDrop >= 0.6;
    add(
      "laying trend",
      `Laying ${pct(input.layingDrop)} less than its own recent baseline`,
      severe ? RISK_POINTS.layingDropSevere : RISK_POINTS.layingDrop,
    );
    symptoms.add("egg-drop");
    actions.add(
      "Check for broodiness, moult, parasites and hidden nests; make sure feed, water and 14 hours of light are available.",
    );
  }
  if (input.weightLoss !== null && input.weightLoss > 0.05) {
    const w = input.weightLoss;
    add(
      "weight trend",
      `Lost ${pct(w)} of body weight within 14 days`,
      w > 0.2
        ? RISK_POINTS.weightLossSevere
        : w > 0.1
          ? RISK_POINTS.weightLoss
          : RISK_POINTS.weightLossMild,
    );
    if (w > 0.1) symptoms.add("weight-loss");
    actions.add(
      "Handle the bird: feel the keel and crop, check the vent and look for mites and lice; weigh again within a week.",
    );
  }
  if (input.bodyCondition === "underweight") {
    add("body condition", "Latest weigh-in recorded as underweight", RISK_POINTS.underweight);
    actions.add("Make sure the bird can reach the feeder without being bullied; consider worming.");
  } else if (input.bodyCondition === "overweight") {
    add("body condition", "Latest weigh-in recorded as overweight", RISK_POINTS.overweight);
    actions.add("Cut back on treats and scratch grains (treats at most 10% of the diet).");
  }
  if (input.healthStatus === "sick") {
    add("health status", "Marked sick in your flock", RISK_POINTS.sick);
    actions.add("Keep the bird apart from the flock and contact a vet if it does not improve.");
  } else if (input.healthStatus === "recovering" || input.healthStatus === "monitoring") {
    add(
      "health status",
      `Marked ${input.healthStatus} in your flock`,
      RISK_POINTS[input.healthStatus],
    );
  }

  const env = input.environment;
  let envPoints = 0;
  const envReasons: [keyof typeof env, string, number, string][] = [
    ["heat", "above {t}", RISK_POINTS.heat, "Give shade, cool water and airflow on hot days."],
    ["cold", "below {t}", RISK_POINTS.cold, "Keep water unfrozen and the coop dry and draft-free."],
    [
      "humidity",
      "with humidity above 80%",
      RISK_POINTS.humidity,
      "Improve ventilation and keep litter dry.",
    ],
    [
      "poorVentilation",
      "with poor ventilation",
      RISK_POINTS.poorVentilation,
      "Open high vents so moist air and ammonia can escape.",
    ],
    [
      "dirtyCoop",
      "with a dirty coop or one needing maintenance",
      RISK_POINTS.dirtyCoop,
      "Clean out wet litter and droppings.",
    ],
  ];
  for (const [key, words, points, action] of envReasons) {
    const n = env[key];
    if (n <= 0) continue;
    const given = Math.min(points, RISK_POINTS.environmentCap - envPoints);
    envPoints += given;
    const limit = { value: key === "heat" ? HEAT_F : FREEZING_F, unit: "°F" } as const;
    const reading = `${n} recent coop reading${n === 1 ? "" : "s"} ${words}`;
    add("environment", unitText(reading, words.includes("{t}") ? { t: limit } : {}), given);
    actions.add(action);
    for (const c of ENVIRONMENT_CONDITIONS[key] ?? []) envConditions.add(c);
  }

  if (input.analyses.urgent > 0) {
    add(
      "recent analyses",
      `${input.analyses.urgent} saved photo analysis result${input.analyses.urgent === 1 ? "" : "s"} marked urgent`,
      RISK_POINTS.urgentAnalysis,
    );
    actions.add("Review the urgent analysis and contact a vet promptly.");
  } else if (input.analyses.concerning > 0) {
    add(
      "recent analyses",
      `${input.analyses.concerning} saved photo analysis result${input.analyses.concerning === 1 ? "" : "s"} marked concerning`,
      RISK_POINTS.concerningAnalysis,
    );
  }

  const losses = input.losses;
  if (losses && losses.died > 0) {
    const share = losses.headcountBefore > 0 ? losses.died / losses.headcountBefore : 1;
    const severe = losses.died >= 3 || (losses.died >= 2 && share >= 0.05);
    const birds = `${losses.died} bird${losses.died === 1 ? "" : "s"}`;
    add(
      "losses",
      `${birds} of ${losses.headcountBefore} died or were culled in the last ${LOSSES_WINDOW_DAYS} days (${pct(share)})`,
      severe ? RISK_POINTS.lossesSevere : RISK_POINTS.loss,
    );
    if (severe) symptoms.add("sudden-death");
    actions.add(
      "Have the next bird that dies examined (a necropsy): keep the body chilled, not frozen, and call your vet or the diagnostic laboratory.",
    );
  }

  const noted = [...new Set(input.notedSymptoms)];
  if (noted.length > 0) {
    const labels = noted.map((id) => input.symptomLabels?.get(id) ?? id);
    add(
      "symptoms",
      `Noted in your records: ${labels.join(", ")}`,
      Math.min(RISK_POINTS.symptomCap, noted.length * RISK_POINTS.symptom),
    );
  }

  const riskScore = Math.min(
    100,
    reasons.reduce((sum, r) => sum + r.points, 0),
  );
  const riskLevel = riskLevelFor(riskScore);

  const predicted: string[] = [];
  if (riskLevel !== "low") {
    for (const m of rankConditions([...symptoms], conditions, { limit: 3, minScore: 0.15 }))
      predicted.push(m.condition.name);
    const byId = new Map(conditions.map((c) => [c.id, c.name]));
    for (const id of envConditions) {
      const name = byId.get(id);
      if (name && !predicted.includes(name) && predicted.length < 5) predicted.push(name);
    }
  }
  if (riskLevel === "high" || riskLevel === "critical")
    actions.add(
      losses
        ? "Watch the flock's eating, drinking and droppings, separate any bird that looks ill, and contact a vet."
        : "Separate the bird, watch its eating, drinking and droppings, and contact a vet.",
    );
  if (riskLevel === "low" && actions.size === 0)
    actions.add("Keep recording eggs, feed and weight so changes show up early.");

  const sources = input.dataSources;
  const confidence =
    0.3 +
    0.15 * [sources.eggs, sources.weights, sources.environment].filter(Boolean).length +
    (input.healthStatus !== "healthy" ||
    input.analyses.urgent + input.analyses.concerning > 0 ||
    (losses?.died ?? 0) > 0
      ? 0.1
      : 0);

  return {
    riskScore,
    riskLevel,
    confidenceScore: Math.round(Math.min(0.9, confidence) * 100) / 100,
    reasons: reasons.sort((a, b) => b.points - a.points),
    predictedConditions: predicted,
    recommendedActions: [...actions],
  };
}
