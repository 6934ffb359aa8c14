import type { HealthPrediction } from "@flockkeeper/shared/schemas/production";

/** Predictions that say the same thing about several birds, shown as one card. */
export type PredictionGroup = {
  /** The first prediction of the group (its texts are the group's). */
  prediction: HealthPrediction;
  /** Every bird the group speaks of, in the list's order. */
  birds: { chickenId: string; chickenName: string }[];
};

/** What makes two predictions the same card: risk, reasons, conditions and actions, not the bird. */
function sameness(p: HealthPrediction): string {
  return JSON.stringify([
    p.riskLevel,
    p.riskScore,
    p.reasons.map((r) => [r.factor, r.detail, r.points]),
    p.predictedConditions,
    p.recommendedActions,
  ]);
}

/**
 * The AI Health Check's cards (issue 25 item 6): one per bird, and birds whose predictions say
 * exactly the same (same risk, reasons, conditions and actions: typically "nothing unusual") share
 * one card naming them all, instead of a screen of near-identical cards. One bird appears once,
 * at its latest prediction. The order of first appearance is kept (the server's: highest risk first).
 */
export function groupPredictions(predictions: readonly HealthPrediction[]): PredictionGroup[] {
  const latest = new Map<string, HealthPrediction>();
  for (const p of predictions) {
    const seen = latest.get(p.chickenId);
    if (!seen || p.predictionDate > seen.predictionDate) latest.set(p.chickenId, p);
  }
  const groups = new Map<string, PredictionGroup>();
  for (const p of predictions) {
    if (latest.get(p.chickenId) !== p) continue;
    const key = sameness(p);
    const group = groups.get(key);
    const bird = { chickenId: p.chickenId, chickenName: p.chickenName };
    if (group) group.birds.push(bird);
    else groups.set(key, { prediction: p, birds: [bird] });
  }
  return [...groups.values()];
}
