import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dailyProduction } from "../../db/schema/index";
import { buildUser, createTestApp, type TestApp, type TestUser } from "../../test/helpers";
import { daysAgo, postChicken } from "../../test/factories";

/*
 * Issue 19 item 5: daily_production is kept by triggers (migrations 0009, 0010, 0015) and the
 * summary, dashboard and exports trust it. After any sequence of adds, corrections (count, day,
 * bird, cost) and deletes through the API, it must equal a plain recount of the records.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const RUNS = process.env.TEST_DATABASE_URL ? 8 : 20;
const DAYS = [0, 1, 2, 5].map(daysAgo);

type Op =
  | { op: "addEggs"; bird: number; day: number; eggs: number }
  | { op: "addFeed"; bird: number; day: number; lbs: number; cost: number | null }
  | { op: "edit"; pick: number; bird: number; day: number; n: number; cost: number | null }
  | { op: "editCount"; pick: number; n: number }
  | { op: "delete"; pick: number };

const bird = fc.integer({ min: 0, max: 1 });
const day = fc.integer({ min: 0, max: DAYS.length - 1 });
const pick = fc.nat();
const cost = fc.option(fc.integer({ min: 0, max: 400 }).map((c) => c / 100));
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant("addEggs" as const),
    bird,
    day,
    eggs: fc.integer({ min: 0, max: 10 }),
  }),
  fc.record({
    op: fc.constant("addFeed" as const),
    bird,
    day,
    lbs: fc.integer({ min: 1, max: 500 }).map((l) => l / 100),
    cost,
  }),
  fc.record({
    op: fc.constant("edit" as const),
    pick,
    bird,
    day,
    n: fc.integer({ min: 1, max: 10 }),
    cost,
  }),
  fc.record({ op: fc.constant("editCount" as const), pick, n: fc.integer({ min: 0, max: 10 }) }),
  fc.record({ op: fc.constant("delete" as const), pick }),
);

type Rec = { list: "egg-records" | "feed-records"; id: string };

async function apply(keeper: TestUser, birds: string[], records: Rec[], o: Op) {
  const send = async (method: "POST" | "PATCH" | "DELETE", url: string, payload?: object) => {
    const res = await keeper.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${res.body}`).toBeLessThan(
      300,
    );
    return res;
  };
  if (o.op === "addEggs") {
    const res = await send("POST", "/api/egg-records", {
      chickenId: birds[o.bird],
      date: DAYS[o.day],
      eggsLaid: o.eggs,
    });
    records.push({ list: "egg-records", id: res.json<{ id: string }>().id });
    return;
  }
  if (o.op === "addFeed") {
    const res = await send("POST", "/api/feed-records", {
      chickenId: birds[o.bird],
      date: DAYS[o.day],
      feedType: "Layer",
      feedAmount: o.lbs,
      feedCost: o.cost,
    });
    records.push({ list: "feed-records", id: res.json<{ id: string }>().id });
    return;
  }
  if (records.length === 0) return;
  const i = o.pick % records.length;
  const r = records[i]!;
  const url = `/api/${r.list}/${r.id}`;
  if (o.op === "delete") {
    await send("DELETE", url);
    records.splice(i, 1);
  } else if (o.op === "editCount") {
    // Feed must stay above 0 lbs; eggs may go to 0.
    await send(
      "PATCH",
      url,
      r.list === "egg-records" ? { eggsLaid: o.n } : { feedAmount: o.n + 0.5 },
    );
  } else {
    const moved = { chickenId: birds[o.bird], date: DAYS[o.day] };
    await send(
      "PATCH",
      url,
      r.list === "egg-records"
        ? { ...moved, eggsLaid: o.n }
        : { ...moved, feedAmount: o.n / 4, feedCost: o.cost },
    );
  }
}

type Day = { date: string; eggs: number; lbs: number; cost: number };
const round = (d: Day) => ({ ...d, lbs: +d.lbs.toFixed(6), cost: +d.cost.toFixed(6) });

async function recount(farmId: string): Promise<Day[]> {
  const res = (await t.db.execute(sql`
    select date::text as date, sum(eggs)::int as eggs, sum(lbs)::float8 as lbs, sum(cost)::float8 as cost from (
      select date, eggs_laid as eggs, 0::float8 as lbs, 0::float8 as cost from egg_records where farm_id = ${farmId}
      union all
      select date, 0, feed_amount, coalesce(feed_cost, 0) from feed_records where farm_id = ${farmId}
    ) r group by date order by date`)) as unknown as { rows: Day[] };
  // A day whose records add up to nothing is the same as no day.
  return res.rows.map(round).filter((d) => d.eggs !== 0 || d.lbs !== 0 || d.cost !== 0);
}

async function kept(farmId: string): Promise<Day[]> {
  const rows = await t.db
    .select()
    .from(dailyProduction)
    .where(eq(dailyProduction.farmId, farmId))
    .orderBy(dailyProduction.date);
  return rows
    .map((r) => round({ date: r.date, eggs: r.eggsLaid, lbs: r.feedAmount, cost: r.feedCost }))
    .filter((d) => d.eggs !== 0 || d.lbs !== 0 || d.cost !== 0);
}

describe("daily production totals under random corrections", () => {
  it("equal a recount of the records after any adds, edits and deletes through the API", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const keeper = await buildUser(t);
        const birds = [(await postChicken(keeper)).id, (await postChicken(keeper)).id];
        const records: Rec[] = [];
        for (const o of ops) await apply(keeper, birds, records, o);
        expect(await kept(keeper.user.id)).toEqual(await recount(keeper.user.id));
        // The production summary reads the same totals.
        const summary = await keeper.inject({
          method: "GET",
          url: "/api/production/summary?period=7",
        });
        const eggs = (await recount(keeper.user.id)).reduce((n, d) => n + d.eggs, 0);
        expect(summary.json<{ totalEggs: number }>().totalEggs).toBe(eggs);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});
