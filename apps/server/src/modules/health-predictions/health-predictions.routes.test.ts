import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthPredictions } from "../../db/schema/index";
import { getKnowledge } from "../../knowledge/index";
import { buildUser, createTestApp, expectPrivate, type TestApp } from "../../test/helpers";
import { buildChicken, buildEggs, buildWeight, daysAgo } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Prediction = {
  chickenName: string;
  riskLevel: string;
  confidenceScore: number;
  predictedConditions: string[];
  recommendedActions: string[];
  reasons: { factor: string; detail: string; points: number }[];
};

describe("POST /api/health-predictions/generate", () => {
  it("scores each bird from its records, stores the predictions and lists them", async () => {
    const keeper = await buildUser(t);
    const steady = await buildChicken(t, keeper, { name: "Steady" });
    const failing = await buildChicken(t, keeper, { name: "Failing" });
    const baseline = Array.from({ length: 28 }, (_, i) => [daysAgo(7 + i), 1] as [string, number]);
    const recent = Array.from({ length: 7 }, (_, i) => [daysAgo(i), 1] as [string, number]);
    await buildEggs(t, keeper, steady, [...baseline, ...recent]);
    await buildEggs(t, keeper, failing, baseline);
    await buildWeight(t, keeper, failing, daysAgo(12), 6);
    await buildWeight(t, keeper, failing, daysAgo(1), 5.1, "underweight");
    await buildWeight(t, keeper, steady, daysAgo(12), 6);
    await buildWeight(t, keeper, steady, daysAgo(1), 6.1);

    const res = await keeper.inject({ method: "POST", url: "/api/health-predictions/generate" });
    expect(res.statusCode, res.body).toBe(201);
    const { generated, predictions } = res.json() as {
      generated: number;
      predictions: Prediction[];
    };
    expect(generated).toBe(2);
    const [first, second] = predictions;
    // Stopped laying 30 + lost 15% 25 + underweight 10 = 65: high.
    expect(first).toMatchObject({ chickenName: "Failing", riskLevel: "high", riskScore: 65 });
    expect(first!.reasons.map((r) => r.factor)).toEqual([
      "laying trend",
      "weight trend",
      "body condition",
    ]);
    expect(first!.predictedConditions.length).toBeGreaterThan(0);
    // Named from the conditions dataset (data/conditions.json), never invented.
    const known = new Set(getKnowledge().conditions.map((c) => c.name));
    for (const name of first!.predictedConditions) expect(known).toContain(name);
    expect(first!.reasons.map((r) => r.detail)).toContain("Lost 15% of body weight within 14 days");
    expect(second).toMatchObject({ chickenName: "Steady", riskLevel: "low", reasons: [] });
    expect(second!.confidenceScore).toBeGreaterThan(0);
    expect(second!.confidenceScore).toBeLessThanOrEqual(1);

    const rows = await t.db
      .select()
      .from(healthPredictions)
      .where(eq(healthPredictions.farmId, keeper.user.id));
    expect(rows).toHaveLength(2);

    // Running again stores a new run; recent lists each bird's latest once.
    await keeper.inject({ method: "POST", url: "/api/health-predictions/generate" });
    const list = await keeper.inject({ method: "GET", url: "/api/health-predictions/recent" });
    expect(list.statusCode).toBe(200);
    expect((list.json() as Prediction[]).map((p) => p.chickenName)).toEqual(["Failing", "Steady"]);
  });

  it("reads symptoms from the keeper's notes", async () => {
    const keeper = await buildUser(t);
    const hen = await buildChicken(t, keeper, { name: "Sneezy" });
    const res0 = await keeper.inject({
      method: "POST",
      url: "/api/weight-records",
      payload: { chickenId: hen, date: daysAgo(1), weight: 5, notes: "Sneezing and watery eyes" },
    });
    expect(res0.statusCode).toBe(201);
    const res = await keeper.inject({ method: "POST", url: "/api/health-predictions/generate" });
    const [p] = res.json().predictions as Prediction[];
    expect(p!.reasons[0]!.factor).toBe("symptoms");
    expect(p!.riskLevel).toBe("low"); // 16 points: two noted symptoms alone stay low
  });

  it("reads the records up to the keeper's own date (?today=), and refuses a garbage date", async () => {
    const keeper = await buildUser(t);
    const hen = await buildChicken(t, keeper, { name: "Dawn" });
    const saved = await keeper.inject({
      method: "POST",
      url: "/api/weight-records",
      payload: { chickenId: hen, date: daysAgo(0), weight: 5, notes: "Sneezing and watery eyes" },
    });
    expect(saved.statusCode).toBe(201);
    // For a keeper whose day is still yesterday, today's note is not yet in their window.
    const behind = await keeper.inject({
      method: "POST",
      url: `/api/health-predictions/generate?today=${daysAgo(1)}`,
    });
    expect(behind.statusCode).toBe(201);
    const [early] = behind.json().predictions as Prediction[];
    expect(early!.reasons.map((r) => r.factor)).not.toContain("symptoms");
    const now = await keeper.inject({ method: "POST", url: "/api/health-predictions/generate" });
    const [late] = now.json().predictions as Prediction[];
    expect(late!.reasons.map((r) => r.factor)).toContain("symptoms");

    const bad = await keeper.inject({
      method: "POST",
      url: "/api/health-predictions/generate?today=soon",
    });
    expect(bad.statusCode).toBe(400);
  });

  it("generates nothing for a keeper without birds, is private, and never shows another keeper's", async () => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({ method: "POST", url: "/api/health-predictions/generate" });
    expect(res.json()).toEqual({ generated: 0, predictions: [] });
    const out = await t.app.inject({ method: "POST", url: "/api/health-predictions/generate" });
    expect(out.statusCode).toBe(401);
    const owner = await buildUser(t);
    await buildChicken(t, owner);
    await owner.inject({ method: "POST", url: "/api/health-predictions/generate" });
    await expectPrivate(
      t,
      { method: "GET", url: "/api/health-predictions/recent" },
      { list: true },
    );
  });
});
