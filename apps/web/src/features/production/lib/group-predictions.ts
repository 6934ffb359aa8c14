import type { HealthPrediction } from "@flockkeeper/shared/schemas/production";

/** What a prediction is about: one bird, or a whole flock (issue 19). */
export type PredictionSubject = { id: string; name: string; flock: boolean };

/** Predictions that say the same thing about several birds (or flocks), shown as one card. */
export type PredictionGroup = {
  /** The first prediction of the group (its texts are the group's). */
  prediction: HealthPrediction;
  /** Every bird or flock the group speaks of, in the list's order (never birds and flocks mixed). */
  subjects: PredictionSubject[];
};

export function subjectOf(p: HealthPrediction): PredictionSubject {
  return p.flockId !== null
    ? { id: p.flockId, name: p.flockName ?? "", flock: true }
    : { id: p.chickenId ?? p.id, name: p.chickenName ?? "", flock: false };
}

/** What makes two predictions the same card: risk, reasons, conditions and actions, not the bird. */
function sameness(p: HealthPrediction): string {
  return JSON.stringify([
    p.flockId !== null,
    p.riskLevel,
    p.riskScore,
    p.reasons.map((r) => [r.factor, r.detail, r.points]),
    p.predictedConditions,
    p.recommendedActions,
  ]);
}

/**
 * The AI Health Check's cards (issue 25 item 6): one per bird or flock, and birds whose predictions say
 * exactly the same (same risk, reasons, conditions and actions: typically "nothing unusual") share
 * one card naming them all, instead of a screen of near-identical cards. One bird appears once,
 * at its latest prediction. The order of first appearance is kept (the server's: highest risk first).
 */
export function groupPredictions(predictions: readonly HealthPrediction[]): PredictionGroup[] {
  const latest = new Map<string, HealthPrediction>();
  for (const p of predictions) {
    const id = subjectOf(p).id;
    const seen = latest.get(id);
    if (!seen || p.predictionDate > seen.predictionDate) latest.set(id, p);
  }
  const groups = new Map<string, PredictionGroup>();
  for (const p of predictions) {
    const subject = subjectOf(p);
    if (latest.get(subject.id) !== p) continue;
    const key = sameness(p);
    const group = groups.get(key);
    if (group) group.subjects.push(subject);
    else groups.set(key, { prediction: p, subjects: [subject] });
  }
  return [...groups.values()];
}
