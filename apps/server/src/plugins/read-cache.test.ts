import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chickens } from "../db/schema/index";
import { buildUser, createTestApp, type TestApp } from "../test/helpers";
import { ReadCache } from "./read-cache";

describe("ReadCache", () => {
  const day1 = new Date("2026-11-21T23:59:00Z");
  const day2 = new Date("2026-11-22T00:01:00Z");

  it("answers by keeper, URL and date, and expires", () => {
    const cache = new ReadCache(100, 60_000);
    cache.set("a", "/api/chickens", "[1]", cache.begin(), day1);
    expect(cache.get("a", "/api/chickens", day1)).toBe("[1]");
    expect(cache.get("b", "/api/chickens", day1)).toBeNull();
    expect(cache.get("a", "/api/chickens?x=1", day1)).toBeNull();
    // "Today" moved on: yesterday's answer is not today's.
    expect(cache.get("a", "/api/chickens", day2)).toBeNull();
    expect(cache.get("a", "/api/chickens", new Date(day1.getTime() + 61_000))).toBeNull();
  });

  it("forgets a keeper's answers when they write, and only theirs", () => {
    const cache = new ReadCache();
    cache.set("a", "/x", "A", cache.begin(), day1);
    cache.set("b", "/x", "B", cache.begin(), day1);
    cache.invalidate("a");
    expect(cache.get("a", "/x", day1)).toBeNull();
    expect(cache.get("b", "/x", day1)).toBe("B");
  });

  it("does not store a read that overlapped a write of the same keeper", () => {
    const cache = new ReadCache();
    const started = cache.begin();
    cache.invalidate("a"); // the write ended while the read was running
    cache.set("a", "/x", "maybe stale", started, day1);
    expect(cache.get("a", "/x", day1)).toBeNull();
    // Another keeper's write does not hold back this keeper's answer.
    const again = cache.begin();
    cache.invalidate("b");
    cache.set("a", "/x", "fresh", again, day1);
    expect(cache.get("a", "/x", day1)).toBe("fresh");
  });

  it("stays bounded", () => {
    const cache = new ReadCache(3);
    for (let i = 0; i < 10; i++) cache.set(`u${i}`, "/x", String(i), cache.begin(), day1);
    expect(cache.get("u0", "/x", day1)).toBeNull();
    expect(cache.get("u9", "/x", day1)).toBe("9");
  });
});

// The app with the cache on, as `npm start` runs it on the embedded database.
describe.skipIf(process.env.TEST_DATABASE_URL)("read cache in the app (embedded database)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ READ_CACHE: "true" });
  });
  afterAll(async () => {
    await t.close();
  });

  const names = async (keeper: Awaited<ReturnType<typeof buildUser>>) =>
    (await keeper.inject({ url: "/api/chickens" })).json().map((c: { name: string }) => c.name);

  it("serves a repeated read from memory until the keeper writes, then reads again", async () => {
    const keeper = await buildUser(t);
    const add = (name: string) =>
      keeper.inject({ method: "POST", url: "/api/chickens", payload: { name, breed: "Sussex" } });
    expect((await add("Hazel")).statusCode).toBe(201);
    expect(await names(keeper)).toEqual(["Hazel"]);
    // A change made behind the app's back (only tests do this) is not seen: the answer is cached.
    await t.db.update(chickens).set({ name: "Renamed" }).where(eq(chickens.farmId, keeper.user.id));
    expect(await names(keeper)).toEqual(["Hazel"]);
    // Any write by the keeper drops their cached answers.
    expect((await add("Olive")).statusCode).toBe(201);
    expect((await names(keeper)).sort()).toEqual(["Olive", "Renamed"]);
    const id = (await keeper.inject({ url: "/api/chickens" })).json()[0].id as string;
    const del = await keeper.inject({ method: "DELETE", url: `/api/chickens/${id}` });
    expect(del.statusCode).toBeLessThan(300);
    expect(await names(keeper)).toHaveLength(1);
  });

  it("keeps answers private: another keeper, a signed-out visitor", async () => {
    const owner = await buildUser(t);
    const other = await buildUser(t);
    await owner.inject({
      method: "POST",
      url: "/api/chickens",
      payload: { name: "Private", breed: "Sussex" },
    });
    expect(await names(owner)).toEqual(["Private"]);
    expect(await names(other)).toEqual([]);
    expect((await t.app.inject({ url: "/api/chickens" })).statusCode).toBe(401);
  });

  it("a setting the summary uses (egg price) shows at once", async () => {
    const keeper = await buildUser(t);
    const bird = (
      await keeper.inject({
        method: "POST",
        url: "/api/chickens",
        payload: { name: "Layer", breed: "Sussex" },
      })
    ).json().id as string;
    const today = new Date().toISOString().slice(0, 10);
    await keeper.inject({
      method: "POST",
      url: "/api/egg-records",
      payload: { chickenId: bird, date: today, eggsLaid: 2 },
    });
    const summary = async () =>
      (await keeper.inject({ url: "/api/production/summary?period=7" })).json();
    const before = await summary();
    expect(before.totalEggs).toBe(2);
    const set = await keeper.inject({
      method: "PATCH",
      url: "/api/account/settings",
      payload: { eggPrice: before.eggPrice ? before.eggPrice * 2 : 1 },
    });
    expect(set.statusCode, set.body).toBeLessThan(300);
    const after = await summary();
    expect(after.profitability).not.toBe(before.profitability);
  });
});
