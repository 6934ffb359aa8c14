import { describe, expect, it } from "vitest";
import conditionsJson from "../../../../data/conditions.json";
import type { ConditionRecord } from "../schemas/condition";
import { assessRisk, riskLevelFor, type BirdRiskInput } from "./risk-model";

const conditions = conditionsJson as ConditionRecord[];

const steadyBird: BirdRiskInput = {
  layingDrop: 0.02,
  weightLoss: 0.01,
  bodyCondition: "normal",
  healthStatus: "healthy",
  environment: { heat: 0, cold: 0, humidity: 0, poorVentilation: 0, dirtyCoop: 0 },
  analyses: { urgent: 0, concerning: 0 },
  notedSymptoms: [],
  dataSources: { eggs: true, weights: true, environment: true },
};

describe("riskLevelFor", () => {
  it("uses the thresholds 20 / 45 / 70", () => {
    expect(riskLevelFor(0)).toBe("low");
    expect(riskLevelFor(19)).toBe("low");
    expect(riskLevelFor(20)).toBe("medium");
    expect(riskLevelFor(45)).toBe("high");
    expect(riskLevelFor(70)).toBe("critical");
  });
});

describe("assessRisk", () => {
  it("ranks a steady bird low with no conditions", () => {
    const r = assessRisk(steadyBird, conditions);
    expect(r.riskScore).toBe(0);
    expect(r.riskLevel).toBe("low");
    expect(r.reasons).toEqual([]);
    expect(r.predictedConditions).toEqual([]);
    expect(r.confidenceScore).toBe(0.75);
  });

  it("ranks a bird losing 15% weight with a laying drop high, with its reasons", () => {
    // 15% weight loss = 25 points, 65% laying drop = 30 points: 55 -> high.
    const r = assessRisk({ ...steadyBird, weightLoss: 0.15, layingDrop: 0.65 }, conditions);
    expect(r.riskScore).toBe(55);
    expect(r.riskLevel).toBe("high");
    expect(r.reasons.map((x) => x.factor)).toEqual(["laying trend", "weight trend"]);
    expect(r.reasons[1]!.detail).toBe("Lost 15% of body weight within 14 days");
    expect(r.predictedConditions.length).toBeGreaterThan(0);
    const ids = new Set(conditions.map((c) => c.name));
    for (const name of r.predictedConditions) expect(ids.has(name)).toBe(true);
    expect(r.recommendedActions.some((a) => a.includes("contact a vet"))).toBe(true);
  });

  it("adds environment stress up to its cap and names heat stress", () => {
    const r = assessRisk(
      {
        ...steadyBird,
        environment: { heat: 3, cold: 0, humidity: 2, poorVentilation: 1, dirtyCoop: 1 },
      },
      conditions,
    );
    expect(r.riskScore).toBe(20); // 10 + 5 + 5 (+5 capped at 20)
    expect(r.riskLevel).toBe("medium");
    expect(r.predictedConditions).toContain("Heat stress");
  });

  it("counts a sick bird with an urgent analysis as critical", () => {
    const r = assessRisk(
      {
        ...steadyBird,
        healthStatus: "sick",
        analyses: { urgent: 1, concerning: 0 },
        notedSymptoms: ["lethargy", "not-eating"],
      },
      conditions,
    );
    expect(r.riskScore).toBe(76); // 30 + 30 + 16
    expect(r.riskLevel).toBe("critical");
    expect(r.confidenceScore).toBe(0.85);
  });

  it("counts a flock's recent deaths: one is a reason, three of 30 point to sudden-death conditions", () => {
    const flock: BirdRiskInput = {
      ...steadyBird,
      weightLoss: null,
      bodyCondition: null,
      dataSources: { eggs: true, weights: false, environment: false },
    };
    const one = assessRisk({ ...flock, losses: { died: 1, headcountBefore: 30 } }, conditions);
    expect(one.riskScore).toBe(15);
    expect(one.reasons[0]!.factor).toBe("losses");
    expect(one.reasons[0]!.detail).toBe(
      "1 bird of 30 died or were culled in the last 14 days (3%)",
    );
    expect(one.recommendedActions.join(" ")).toMatch(/necropsy/);

    const three = assessRisk({ ...flock, losses: { died: 3, headcountBefore: 30 } }, conditions);
    expect(three.riskScore).toBe(45);
    expect(three.riskLevel).toBe("high");
    expect(three.predictedConditions.length).toBeGreaterThan(0);
    expect(three.recommendedActions.join(" ")).toMatch(/Watch the flock/);
    expect(three.confidenceScore).toBe(0.55);

    // 2 of 20 is 10%: severe; 2 of 100 is not.
    expect(
      assessRisk({ ...flock, losses: { died: 2, headcountBefore: 20 } }, conditions).riskScore,
    ).toBe(45);
    expect(
      assessRisk({ ...flock, losses: { died: 2, headcountBefore: 100 } }, conditions).riskScore,
    ).toBe(15);
    expect(
      assessRisk({ ...flock, losses: { died: 0, headcountBefore: 30 } }, conditions).reasons,
    ).toEqual([]);
  });
});
