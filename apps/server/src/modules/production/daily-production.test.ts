import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chickens, dailyProduction, eggRecords, farms, feedRecords } from "../../db/schema/index";
import { buildUser, createTestApp, type TestApp } from "../../test/helpers";
import { buildChicken, buildEggs, buildFeed, daysAgo, today } from "../../test/factories";

// daily_production is kept by triggers (migration 0009); the summary trusts it, so it must always
// equal the totals of the records themselves, whatever is added, changed or removed.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function totalsFromRecords(userId: string) {
  const rows = (await t.db.execute(sql`
    select date::text as date, sum(eggs)::int as eggs, sum(lbs)::float8 as lbs, sum(cost)::float8 as cost from (
      select date, eggs_laid as eggs, 0::float8 as lbs, 0::float8 as cost from egg_records where farm_id = ${userId}
      union all
      select date, 0, feed_amount, coalesce(feed_cost, 0) from feed_records where farm_id = ${userId}
    ) r group by date order by date`)) as unknown as {
    rows: { date: string; eggs: number; lbs: number; cost: number }[];
  };
  return rows.rows;
}

async function kept(userId: string) {
  const rows = await t.db
    .select()
    .from(dailyProduction)
    .where(eq(dailyProduction.farmId, userId))
    .orderBy(dailyProduction.date);
  // Days whose records were all removed stay as zero rows; they add nothing to a sum.
  return rows
    .filter((r) => r.eggsLaid !== 0 || Math.abs(r.feedAmount) > 1e-9 || Math.abs(r.feedCost) > 1e-9)
    .map((r) => ({
      date: r.date,
      eggs: r.eggsLaid,
      lbs: +r.feedAmount.toFixed(6),
      cost: +r.feedCost.toFixed(6),
    }));
}

const rounded = (rows: { date: string; eggs: number; lbs: number; cost: number }[]) =>
  rows.map((r) => ({ ...r, lbs: +r.lbs.toFixed(6), cost: +r.cost.toFixed(6) }));

describe("daily production totals", () => {
  it("follow inserts, edits and deletes of egg and feed records, and a bird's removal", async () => {
    const keeper = await buildUser(t);
    const other = await buildUser(t);
    const a = await buildChicken(t, keeper, { name: "A" });
    const b = await buildChicken(t, keeper, { name: "B" });
    const theirs = await buildChicken(t, other, { name: "Theirs" });
    await buildEggs(t, keeper, a, [
      [today, 1],
      [daysAgo(1), 2],
    ]);
    await buildEggs(t, keeper, b, [[today, 3]]);
    await buildEggs(t, other, theirs, [[today, 9]]);
    await buildFeed(t, keeper, a, today, 0.1, 0.2);
    await buildFeed(t, keeper, b, today, 0.2, null);
    await buildFeed(t, keeper, b, daysAgo(1), 1.5, 0.7);
    expect(await kept(keeper.user.id)).toEqual(rounded(await totalsFromRecords(keeper.user.id)));

    // An edit that moves a record to another day and changes its count.
    await t.db
      .update(eggRecords)
      .set({ date: daysAgo(2), eggsLaid: 4 })
      .where(eq(eggRecords.chickenId, b));
    await t.db
      .update(feedRecords)
      .set({ feedAmount: 0.3, feedCost: 0.15 })
      .where(eq(feedRecords.chickenId, a));
    expect(await kept(keeper.user.id)).toEqual(rounded(await totalsFromRecords(keeper.user.id)));

    // Removing a bird removes its records (cascade) and their share of the totals.
    await t.db.delete(chickens).where(eq(chickens.id, b));
    expect(await kept(keeper.user.id)).toEqual(rounded(await totalsFromRecords(keeper.user.id)));
    expect(await kept(keeper.user.id)).toEqual([
      { date: daysAgo(1), eggs: 2, lbs: 0, cost: 0 },
      { date: today, eggs: 1, lbs: 0.3, cost: 0.15 },
    ]);

    // The other keeper's totals are theirs alone.
    expect(await kept(other.user.id)).toEqual([{ date: today, eggs: 9, lbs: 0, cost: 0 }]);
  });

  it("go with the keeper's farm, without being re-created by the cascade", async () => {
    const keeper = await buildUser(t);
    const a = await buildChicken(t, keeper);
    await buildEggs(t, keeper, a, [[today, 2]]);
    await buildFeed(t, keeper, a, today, 1, 1);
    // Its own farm has the keeper's id; deleting it cascades to every record of it.
    await t.db.delete(farms).where(eq(farms.id, keeper.user.id));
    expect(await kept(keeper.user.id)).toEqual([]);
    const left = await t.db
      .select()
      .from(dailyProduction)
      .where(eq(dailyProduction.farmId, keeper.user.id));
    expect(left).toEqual([]);
  });

  it("feed the summary: eggs and feed for the period come out of the totals", async () => {
    const keeper = await buildUser(t);
    const a = await buildChicken(t, keeper);
    await buildEggs(t, keeper, a, [
      [today, 1],
      [daysAgo(3), 1],
      [daysAgo(10), 5],
    ]);
    await buildFeed(t, keeper, a, daysAgo(2), 0.1, 0.1);
    await buildFeed(t, keeper, a, daysAgo(2), 0.2, 0.2);
    const res = await keeper.inject({ method: "GET", url: "/api/production/summary?period=7" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalEggs: 2, totalFeedCost: 0.3 });
  });
});
