import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keeperSettings } from "../../db/schema/index";
import { buildUser, createTestApp, type TestApp } from "../../test/helpers";
import {
  buildChicken,
  buildEggs,
  buildFeed,
  buildWeight,
  daysAgo,
  today,
} from "../../test/factories";

const parseCsv = (text: string) => parse(text, { record_delimiter: "\r\n" }) as string[][];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Keeper with 2 hens and a rooster: 10 eggs, 4 lbs of feed costing $3 in the last 7 days. */
async function keeperWithRecords() {
  const keeper = await buildUser(t);
  const a = await buildChicken(t, keeper, { name: "Alpha" });
  const b = await buildChicken(t, keeper, { name: "Beta" });
  const c = await buildChicken(t, keeper, { name: "Rocky", sex: "rooster" });
  await buildEggs(t, keeper, a, [
    [today, 1],
    [daysAgo(1), 1],
    [daysAgo(2), 1],
    [daysAgo(3), 1],
    [daysAgo(4), 2],
    [daysAgo(20), 5], // outside 7 days, inside 30
  ]);
  await buildEggs(t, keeper, b, [
    [today, 1],
    [daysAgo(6), 3],
  ]);
  await buildFeed(t, keeper, a, today, 2, 1.5);
  await buildFeed(t, keeper, b, daysAgo(3), 2, 1.5);
  await buildFeed(t, keeper, b, daysAgo(8), 10, 10); // outside 7 days
  await buildWeight(t, keeper, a, daysAgo(5), 6);
  await buildWeight(t, keeper, a, daysAgo(1), 5); // latest for Alpha
  await buildWeight(t, keeper, c, daysAgo(2), 8);
  return { keeper, a, b, c };
}

describe("GET /api/production/summary", () => {
  it("computes the period's figures (hand-checked) and never counts other keepers' records", async () => {
    const { keeper } = await keeperWithRecords();
    // Another keeper's records on the same days must not count.
    await keeperWithRecords();
    const res = await keeper.inject({ method: "GET", url: "/api/production/summary" });
    expect(res.statusCode, res.body).toBe(200);
    // 10 eggs, 2 hens, 4 lbs, $3, eggs at $0.30 -> value $3.00, profit $0;
    // weights: Alpha 5 (latest), Rocky 8 -> 6.5.
    expect(res.json()).toMatchObject({
      period: 7,
      endDate: today,
      startDate: daysAgo(6),
      totalEggs: 10,
      avgEggsPerBird: 5,
      feedEfficiency: 2.5,
      totalFeedCost: 3,
      profitability: 0,
      avgBirdWeight: 6.5,
      avgWeightBySpecies: [{ species: "chicken", avgWeight: 6.5, birds: 2 }],
      totalFeedLbs: 4,
      eggPrice: 0.3,
      costPerDozen: 3.6,
      layingBirds: 2,
      // Hen-days: 2 hens on each of the 6 days with records -> 10 / 12.
      daysWithRecords: 6,
      henDays: 12,
      layRate: 83.3,
    });
    const month = await keeper.inject({
      method: "GET",
      url: "/api/production/summary?period=30&eggPrice=0.5",
    });
    expect(month.json()).toMatchObject({
      totalEggs: 15,
      totalFeedLbs: 14,
      totalFeedCost: 13,
      profitability: -5.5,
      eggPrice: 0.5,
    });
  });

  it("averages weight per species, never a hen with a turkey", async () => {
    const { keeper } = await keeperWithRecords();
    const tom = await buildChicken(t, keeper, { name: "Tom", species: "turkey", sex: "male" });
    const jake = await buildChicken(t, keeper, { name: "Jake", species: "turkey", sex: "male" });
    await buildWeight(t, keeper, tom, daysAgo(1), 20);
    await buildWeight(t, keeper, jake, daysAgo(2), 24);
    const res = await keeper.inject({ method: "GET", url: "/api/production/summary" });
    expect(res.statusCode, res.body).toBe(200);
    // Chickens: Alpha 5 and Rocky 8 -> 6.5; turkeys: 20 and 24 -> 22; no flock-wide mean.
    expect(res.json()).toMatchObject({
      avgBirdWeight: null,
      avgWeightBySpecies: [
        { species: "chicken", avgWeight: 6.5, birds: 2 },
        { species: "turkey", avgWeight: 22, birds: 2 },
      ],
    });
  });

  it("uses the keeper's saved egg price when none is given", async () => {
    const { keeper } = await keeperWithRecords();
    await t.db.insert(keeperSettings).values({ userId: keeper.user.id, eggPrice: 0.5 });
    const res = await keeper.inject({ method: "GET", url: "/api/production/summary?period=14" });
    // 10 eggs at $0.50 = $5 against $13 of feed in 14 days.
    expect(res.json()).toMatchObject({ eggPrice: 0.5, eggValue: 5, profitability: -8 });
  });

  it("answers zeros for a keeper with no records", async () => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({ method: "GET", url: "/api/production/summary?period=90" });
    expect(res.json()).toMatchObject({
      totalEggs: 0,
      avgEggsPerBird: 0,
      feedEfficiency: 0,
      avgBirdWeight: null,
      avgWeightBySpecies: [],
      costPerDozen: null,
    });
  });

  it.each(["period=3", "period=abc", "period=-7", "eggPrice=-1"])("refuses %s", async (query) => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({ method: "GET", url: `/api/production/summary?${query}` });
    expect(res.statusCode).toBe(400);
    if (query.startsWith("period"))
      expect(res.json().message).toBe("Period must be 7, 14, 30 or 90 days");
  });

  it("is private", async () => {
    const out = await t.app.inject({ method: "GET", url: "/api/production/summary" });
    expect(out.statusCode).toBe(401);
  });
});

describe("GET /api/production/trends", () => {
  it("gives every day of the period, layers best first and birds by health", async () => {
    const { keeper } = await keeperWithRecords();
    const res = await keeper.inject({ method: "GET", url: "/api/production/trends?period=7" });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.daily).toHaveLength(7);
    expect(body.daily.at(-1)).toMatchObject({ date: today, eggs: 2, feedLbs: 2, feedCost: 1.5 });
    expect(body.layers.map((l: { name: string }) => l.name)).toEqual(["Alpha", "Beta"]);
    // Alpha laid on 5 of the 6 days that have records (day 5 has none): 83.3 %, not 5 of 7.
    expect(body.daysWithRecords).toBe(6);
    expect(body.layers[0]).toMatchObject({ eggs: 6, layRate: 83.3 });
    // 2 eggs from 2 hens today.
    expect(body.daily.at(-1)).toMatchObject({ headcount: 3, layRate: 100 });
    expect(body.birdsByHealth).toContainEqual({ status: "healthy", count: 3 });
    // One species weighed: each day's mean is theirs (Alpha 6 and 5, Rocky 8).
    expect(body.weightSpecies).toEqual(["chicken"]);
    const weighIn = (date: string) =>
      body.daily.find((d: { date: string }) => d.date === date) as Record<string, unknown>;
    expect(weighIn(daysAgo(5))).toMatchObject({
      avgWeight: 6,
      weightBySpecies: [{ species: "chicken", avgWeight: 6 }],
    });
    expect(weighIn(daysAgo(2))).toMatchObject({ avgWeight: 8 });
    expect(weighIn(daysAgo(1))).toMatchObject({ avgWeight: 5 });
    expect(weighIn(today)).toMatchObject({ avgWeight: null, weightBySpecies: [] });
    const out = await t.app.inject({ method: "GET", url: "/api/production/trends" });
    expect(out.statusCode).toBe(401);
    const stranger = await buildUser(t);
    const theirs = await stranger.inject({ method: "GET", url: "/api/production/trends" });
    expect(theirs.json().layers).toEqual([]);
  });
});

describe("GET /api/production/trends: weight per species", () => {
  it("charts each species' weigh-ins apart, never a hen averaged with a turkey", async () => {
    const { keeper, b } = await keeperWithRecords();
    const tom = await buildChicken(t, keeper, { name: "Tom", species: "turkey", sex: "male" });
    const jake = await buildChicken(t, keeper, { name: "Jake", species: "turkey", sex: "male" });
    await buildWeight(t, keeper, tom, daysAgo(1), 20);
    await buildWeight(t, keeper, jake, daysAgo(2), 24);
    await buildWeight(t, keeper, b, daysAgo(1), 4);
    const res = await keeper.inject({ method: "GET", url: "/api/production/trends?period=7" });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.weightSpecies).toEqual(["chicken", "turkey"]);
    const day = (date: string) =>
      body.daily.find((d: { date: string }) => d.date === date) as Record<string, unknown>;
    // Yesterday: Alpha 5 and Beta 4 -> chickens 4.5; Tom 20. All four together would be 9.67.
    expect(day(daysAgo(1))).toMatchObject({
      avgWeight: null,
      weightBySpecies: [
        { species: "chicken", avgWeight: 4.5 },
        { species: "turkey", avgWeight: 20 },
      ],
    });
    // Two days ago: Rocky 8; Jake 24.
    expect(day(daysAgo(2))).toMatchObject({
      avgWeight: null,
      weightBySpecies: [
        { species: "chicken", avgWeight: 8 },
        { species: "turkey", avgWeight: 24 },
      ],
    });
    // A day with chickens only still gives no flock-wide mean while the period has turkeys.
    expect(day(daysAgo(5))).toMatchObject({
      avgWeight: null,
      weightBySpecies: [{ species: "chicken", avgWeight: 6 }],
    });
    expect(day(today)).toMatchObject({ avgWeight: null, weightBySpecies: [] });
  });
});

describe("GET /api/production/export/:type", () => {
  it("exports each record type of the period as CSV, privately", async () => {
    const { keeper } = await keeperWithRecords();
    const feed = await keeper.inject({ method: "GET", url: "/api/production/export/feed" });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers["content-type"]).toMatch(/^text\/csv/);
    expect(feed.headers["content-disposition"]).toMatch(/attachment; filename="feed-records-/);
    const lines = parseCsv(feed.body);
    expect(lines[0]).toEqual([
      "date",
      "chickenId",
      "chickenName",
      "flockId",
      "flockName",
      "feedType",
      "feedAmountLbs",
      "feedCost",
      "notes",
    ]);
    expect(lines).toHaveLength(3);
    for (const type of ["weight", "environment", "eggs"]) {
      const res = await keeper.inject({
        method: "GET",
        url: `/api/production/export/${type}?period=90`,
      });
      expect(res.statusCode).toBe(200);
    }
    const eggs = await keeper.inject({
      method: "GET",
      url: "/api/production/export/eggs?period=30",
    });
    expect(parseCsv(eggs.body)).toHaveLength(9);
    const bad = await keeper.inject({ method: "GET", url: "/api/production/export/secrets" });
    expect(bad.statusCode).toBe(400);
    const out = await t.app.inject({ method: "GET", url: "/api/production/export/feed" });
    expect(out.statusCode).toBe(401);
    const stranger = await buildUser(t);
    const theirs = await stranger.inject({ method: "GET", url: "/api/production/export/feed" });
    expect(parseCsv(theirs.body)).toHaveLength(1);
  });
});
