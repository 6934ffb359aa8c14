import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyses, environmentalRecords } from "../../db/schema/index";
import { buildUser, createTestApp, expectPrivate, type TestApp } from "../../test/helpers";
import { buildChicken, buildEggs, buildWeight, daysAgo, today } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Alert = { kind: string; severity: string; chickenName: string | null; title: string };

describe("GET /api/disease-alerts/active", () => {
  it("raises alerts from the keeper's own records, most serious first", async () => {
    const keeper = await buildUser(t);
    const steady = await buildChicken(t, keeper, { name: "Steady" });
    const dropper = await buildChicken(t, keeper, { name: "Dropper" });
    await buildChicken(t, keeper, { name: "Poorly", healthStatus: "sick" });
    // 28 baseline days of one egg a day each; then the last 7 days Steady keeps laying, Dropper stops.
    const baseline = Array.from({ length: 28 }, (_, i) => [daysAgo(7 + i), 1] as [string, number]);
    const recent = Array.from({ length: 7 }, (_, i) => [daysAgo(i), 1] as [string, number]);
    await buildEggs(t, keeper, steady, [...baseline, ...recent]);
    await buildEggs(t, keeper, dropper, baseline);
    // Dropper also lost 15% of its weight in 10 days.
    await buildWeight(t, keeper, dropper, daysAgo(10), 6);
    await buildWeight(t, keeper, dropper, daysAgo(1), 5.1);
    await buildWeight(t, keeper, steady, daysAgo(10), 6);
    await buildWeight(t, keeper, steady, daysAgo(1), 5.9);
    await t.db
      .insert(environmentalRecords)
      .values({ farmId: keeper.user.id, date: daysAgo(1), temperature: 92, humidity: 85 });
    await t.db.insert(analyses).values({
      farmId: keeper.user.id,
      kind: "droppings",
      status: "urgent",
      method: "offline",
      result: { healthStatus: "urgent" },
      birdId: dropper,
    });

    const res = await keeper.inject({ method: "GET", url: "/api/disease-alerts/active" });
    expect(res.statusCode, res.body).toBe(200);
    const alerts = res.json() as Alert[];
    expect(alerts.map((a) => [a.kind, a.severity, a.chickenName])).toEqual([
      ["analysis", "urgent", "Dropper"],
      ["flock-laying-drop", "high", null], // 2 eggs a day down to 1: 50%
      ["laying-drop", "high", "Dropper"],
      ["sick", "high", "Poorly"],
      ["weight-loss", "high", "Dropper"],
      ["environment", "medium", null],
      ["environment", "medium", null],
    ]);
    expect(alerts.find((a) => a.kind === "weight-loss")!.title).toBe(
      "Dropper lost 15% of body weight",
    );
    expect(alerts.some((a) => a.chickenName === "Steady")).toBe(false);
  });

  it("raises an environment alert for coop readings saved through the API, stormy weather included", async () => {
    const keeper = await buildUser(t);
    for (const payload of [
      { date: daysAgo(2), temperature: 20, humidity: 60, weather: "stormy" },
      { date: daysAgo(1), temperature: 55, humidity: 60, weather: "sunny" },
    ]) {
      const res = await keeper.inject({
        method: "POST",
        url: "/api/environmental-records",
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await keeper.inject({ method: "GET", url: "/api/disease-alerts/active" });
    const alerts = res.json() as Alert[];
    expect(alerts.map((a) => [a.kind, a.severity, a.title])).toEqual([
      ["environment", "high", "Freezing temperatures"], // 20°F: below 25
      ["environment", "medium", "Stormy weather recorded"],
    ]);
    // Readings older than a week no longer count.
    const old = await buildUser(t);
    await old.inject({
      method: "POST",
      url: "/api/environmental-records",
      payload: { date: daysAgo(8), temperature: 100, weather: "stormy" },
    });
    const none = await old.inject({ method: "GET", url: "/api/disease-alerts/active" });
    expect(none.json()).toEqual([]);
  });

  it("raises nothing for a new keeper, and another keeper sees none of these", async () => {
    const keeper = await buildUser(t);
    const hen = await buildChicken(t, keeper, { healthStatus: "sick" });
    await buildWeight(t, keeper, hen, today, 5);
    const fresh = await buildUser(t);
    const res = await fresh.inject({ method: "GET", url: "/api/disease-alerts/active" });
    expect(res.json()).toEqual([]);
    await expectPrivate(t, { method: "GET", url: "/api/disease-alerts/active" }, { list: true });
  });
});
