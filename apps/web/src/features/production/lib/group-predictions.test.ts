import { describe, expect, it } from "vitest";
import type { HealthPrediction } from "@flockkeeper/shared/schemas/production";
import { groupPredictions } from "./group-predictions";

let n = 0;
const prediction = (over: Partial<HealthPrediction> = {}): HealthPrediction => {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    chickenId: `10000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    chickenName: `Bird ${n}`,
    flockId: null,
    flockName: null,
    riskLevel: "low",
    riskScore: 0,
    confidenceScore: 0.6,
    predictionDate: "2026-11-25T10:00:00.000Z",
    predictedConditions: [],
    recommendedActions: ["Keep up the daily checks"],
    reasons: [],
    ...over,
  };
};

describe("groupPredictions", () => {
  it("puts birds with the same outcome on one card, in the list's order", () => {
    const high = prediction({
      riskLevel: "high",
      riskScore: 55,
      reasons: [{ factor: "laying", detail: "Laying dropped 60%", points: 30 }],
    });
    const calm = [prediction(), prediction(), prediction()];
    const groups = groupPredictions([high, ...calm]);
    expect(groups).toHaveLength(2);
    expect(groups[0]!.subjects.map((b) => b.name)).toEqual([high.chickenName]);
    expect(groups[1]!.prediction).toBe(calm[0]);
    expect(groups[1]!.subjects.map((b) => b.name)).toEqual(calm.map((p) => p.chickenName));
  });

  it("keeps birds apart when anything they are told differs", () => {
    const a = prediction({
      reasons: [{ factor: "weight", detail: "Lost 8% in 2 weeks", points: 10 }],
    });
    const b = prediction({
      reasons: [{ factor: "weight", detail: "Lost 12% in 2 weeks", points: 10 }],
    });
    const c = prediction({ recommendedActions: ["Weigh again in a week"] });
    expect(groupPredictions([a, b, c])).toHaveLength(3);
  });

  it("shows a bird once, at its latest prediction", () => {
    const old = prediction({ riskLevel: "medium", riskScore: 20 });
    const now = prediction({
      chickenId: old.chickenId,
      chickenName: old.chickenName,
      predictionDate: "2026-11-26T10:00:00.000Z",
    });
    const groups = groupPredictions([old, now]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.prediction).toBe(now);
    expect(groups[0]!.subjects).toHaveLength(1);
  });

  it("has no cards without predictions", () => {
    expect(groupPredictions([])).toEqual([]);
  });
});
