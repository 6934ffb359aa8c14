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
  chickenName: string | null;
  flockId: string | null;
  flockName: string | null;
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

  it("judges a flock as a whole from its baskets per hen-day and its losses, and leaves out birds that died", async () => {
    const keeper = await buildUser(t);
    const made = await keeper.inject({
      method: "POST",
      url: "/api/flocks",
      payload: { name: "Coop A", startDate: daysAgo(40), headcount: 30 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const flockId = made.json<{ id: string }>().id;
    const basket = (daysBack: number, eggs: number) =>
      keeper.inject({
        method: "POST",
        url: "/api/egg-collections",
        payload: { flockId, date: daysAgo(daysBack), eggs },
      });
    // Baseline: 24 eggs a day from 30 hens (0.8 per hen-day) on 10 days.
    for (let d = 8; d < 18; d++) expect((await basket(d, 24)).statusCode).toBe(201);
    // Three found dead 3 days ago: 27 hens since, laying 8 a day on the last 4 days (0.296).
    const died = await keeper.inject({
      method: "POST",
      url: `/api/flocks/${flockId}/events`,
      payload: { type: "died", date: daysAgo(3), count: 3, cause: "Found dead on the roost" },
    });
    expect(died.statusCode, died.body).toBe(201);
    for (let d = 0; d < 4; d++) expect((await basket(d, 8)).statusCode).toBe(201);
    // A bird of no flock that died last week is not judged any more.
    const gone = await buildChicken(t, keeper, { name: "Gone" });
    const outcome = await keeper.inject({
      method: "POST",
      url: `/api/chickens/${gone}/outcome`,
      payload: { outcome: "died", date: daysAgo(6) },
    });
    expect(outcome.statusCode, outcome.body).toBe(200);

    const res = await keeper.inject({ method: "POST", url: "/api/health-predictions/generate" });
    expect(res.statusCode, res.body).toBe(201);
    const { generated, predictions } = res.json() as {
      generated: number;
      predictions: Prediction[];
    };
    expect(generated).toBe(1);
    const [flock] = predictions;
    // Laying: 4 recent days with 8 eggs from 27 hens (32 / 108 = 0.296 per hen-day) against 0.8:
    // 63% less, 30 points; 3 of 30 lost in 14 days (10%), 45 points; "found dead" in the event's
    // cause is the sudden-deaths symptom, 8 points: 83, critical.
    expect(flock).toMatchObject({
      chickenId: null,
      chickenName: null,
      flockId,
      flockName: "Coop A",
      riskLevel: "critical",
      riskScore: 83,
    });
    expect(flock!.reasons.map((r) => [r.factor, r.detail])).toEqual([
      ["losses", "3 birds of 30 died or were culled in the last 14 days (10%)"],
      ["laying trend", "Laying 63% less than its own recent baseline"],
      ["symptoms", "Noted in your records: Sudden deaths"],
    ]);
    expect(flock!.recommendedActions.join(" ")).toMatch(/necropsy/);
    const known = new Set(getKnowledge().conditions.map((c) => c.name));
    expect(flock!.predictedConditions.length).toBeGreaterThan(0);
    for (const name of flock!.predictedConditions) expect(known).toContain(name);

    const recent = await keeper.inject({ url: "/api/health-predictions/recent" });
    expect(recent.json<Prediction[]>().map((p) => p.flockName)).toEqual(["Coop A"]);
    // An archived flock's predictions are no longer listed.
    await keeper.inject({
      method: "PATCH",
      url: `/api/flocks/${flockId}`,
      payload: { archived: true },
    });
    expect((await keeper.inject({ url: "/api/health-predictions/recent" })).json()).toEqual([]);
  });
});
