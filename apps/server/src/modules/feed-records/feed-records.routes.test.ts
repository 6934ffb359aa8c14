import { eq } from "drizzle-orm";
import { INVALID_DATE_MESSAGE } from "@flockkeeper/shared/schemas/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedRecords } from "../../db/schema/index";
import { buildUser, createTestApp, expectPrivate, type TestApp } from "../../test/helpers";
import { buildChicken, daysAgo, today } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const rowsOf = (userId: string) =>
  t.db.select().from(feedRecords).where(eq(feedRecords.farmId, userId));
const rowsFor = (chickenId: string) =>
  t.db.select().from(feedRecords).where(eq(feedRecords.chickenId, chickenId));

describe("POST /api/feed-records", () => {
  it("adds feed for a bird, parsing numbers and date-times, and lists it as recent", async () => {
    const keeper = await buildUser(t);
    const hen = await buildChicken(t, keeper, { name: "Clover" });
    const res = await keeper.inject({
      method: "POST",
      url: "/api/feed-records",
      payload: {
        chickenId: hen,
        date: `${today}T08:00:00.000Z`,
        feedType: "Layer pellets",
        feedAmount: "0.25",
        feedCost: 0.12,
        notes: "",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      chickenId: hen,
      chickenName: "Clover",
      date: today,
      feedType: "Layer pellets",
      feedAmount: 0.25,
      feedCost: 0.12,
      notes: null,
    });
    const old = await keeper.inject({
      method: "POST",
      url: "/api/feed-records",
      payload: { chickenId: hen, date: daysAgo(10), feedType: "Scratch", feedAmount: 1 },
    });
    expect(old.statusCode).toBe(201);
    const recent = await keeper.inject({ method: "GET", url: "/api/feed-records/recent?days=7" });
    expect(recent.statusCode).toBe(200);
    expect(recent.json().map((r: { feedType: string }) => r.feedType)).toEqual(["Layer pellets"]);
    const month = await keeper.inject({ method: "GET", url: "/api/feed-records/recent?days=30" });
    expect(month.json()).toHaveLength(2);
  });

  it.each([
    [{ chickenId: undefined }, "Chicken is required"],
    [{ chickenId: "" }, "Chicken is required"],
    [{ date: undefined }, "Date is required"],
    [{ date: "" }, "Date is required"],
    [{ date: "yesterday-ish" }, INVALID_DATE_MESSAGE],
    [{ feedType: "  " }, "Feed type is required"],
    [{ feedAmount: undefined }, "Feed amount is required"],
    [{ feedAmount: "" }, "Feed amount is required"],
    [{ feedAmount: -2 }, "Feed amount must be more than 0"],
    [{ feedAmount: "lots" }, "Must be a number"],
    [{ feedCost: -1 }, "Feed cost cannot be negative"],
  ])("refuses %o with '%s' and writes nothing", async (change, message) => {
    const keeper = await buildUser(t);
    const hen = await buildChicken(t, keeper);
    const res = await keeper.inject({
      method: "POST",
      url: "/api/feed-records",
      payload: { chickenId: hen, date: today, feedType: "Layer", feedAmount: 1, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION_ERROR", message });
    expect(await rowsOf(keeper.user.id)).toHaveLength(0);
  });

  it("answers 404 for another keeper's bird and writes nothing; 401 signed out", async () => {
    const owner = await buildUser(t);
    const hen = await buildChicken(t, owner);
    const payload = { chickenId: hen, date: today, feedType: "Layer", feedAmount: 1 };
    await expectPrivate(t, { method: "POST", url: "/api/feed-records", payload });
    // Nothing written for that bird under anyone's account.
    expect(await rowsFor(hen)).toHaveLength(0);
    await expectPrivate(t, { method: "GET", url: "/api/feed-records/recent" }, { list: true });
  });

  it.each(["days=0", "days=400", "days=abc", "today=garbage"])(
    "refuses a bad recent query %s",
    async (query) => {
      const keeper = await buildUser(t);
      const res = await keeper.inject({ method: "GET", url: `/api/feed-records/recent?${query}` });
      expect(res.statusCode).toBe(400);
    },
  );

  it("counts the recent days from the keeper's own date", async () => {
    const keeper = await buildUser(t);
    const hen = await buildChicken(t, keeper);
    await keeper.inject({
      method: "POST",
      url: "/api/feed-records",
      payload: { chickenId: hen, date: daysAgo(1), feedType: "Layer", feedAmount: 1 },
    });
    const serverDay = await keeper.inject({
      method: "GET",
      url: `/api/feed-records/recent?days=1&today=${today}`,
    });
    expect(serverDay.json()).toHaveLength(0);
    // A keeper whose local date is still yesterday sees yesterday's feed as today's.
    const behind = await keeper.inject({
      method: "GET",
      url: `/api/feed-records/recent?days=1&today=${daysAgo(1)}`,
    });
    expect(behind.json()).toHaveLength(1);
  });
});

describe("POST /api/feed-records/flock", () => {
  it("splits whole-flock feed evenly per bird, totals exact", async () => {
    const keeper = await buildUser(t);
    for (const name of ["A", "B", "C"]) await buildChicken(t, keeper, { name });
    const res = await keeper.inject({
      method: "POST",
      url: "/api/feed-records/flock",
      payload: { date: today, feedType: "Layer", feedAmount: 10, feedCost: 5 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await rowsOf(keeper.user.id);
    expect(rows).toHaveLength(3);
    const sum = (k: "feedAmount" | "feedCost") =>
      Math.round(rows.reduce((s, r) => s + (r[k] ?? 0), 0) * 1000) / 1000;
    expect(sum("feedAmount")).toBe(10);
    expect(sum("feedCost")).toBe(5);
  });

  it.each([
    [{ feedAmount: -10 }, "Feed amount must be more than 0"],
    [{ feedAmount: undefined }, "Feed amount is required"],
    [{ feedType: "" }, "Feed type is required"],
    [{ date: "not-a-date" }, INVALID_DATE_MESSAGE],
    [{ feedCost: -5 }, "Feed cost cannot be negative"],
  ])("refuses whole-flock feed %o with '%s' and writes nothing", async (change, message) => {
    const keeper = await buildUser(t);
    await buildChicken(t, keeper);
    const res = await keeper.inject({
      method: "POST",
      url: "/api/feed-records/flock",
      payload: { date: today, feedType: "Layer", feedAmount: 10, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION_ERROR", message });
    expect(await rowsOf(keeper.user.id)).toHaveLength(0);
  });

  it("refuses a keeper with no birds", async () => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({
      method: "POST",
      url: "/api/feed-records/flock",
      payload: { date: today, feedType: "Layer", feedAmount: 10 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Add a bird/);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/feed-records/flock",
      payload: { date: today, feedType: "Layer", feedAmount: 10 },
    });
    expect(out.statusCode).toBe(401);
  });
});
