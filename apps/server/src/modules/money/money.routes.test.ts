import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Flock } from "@flockkeeper/shared/schemas/flock";
import {
  TRANSACTION_LIST_LIMIT,
  type MoneySummary,
  type Transaction,
  type TransactionList,
} from "@flockkeeper/shared/schemas/money";
import { LBS_PER_KG } from "@flockkeeper/shared/domain/money";
import { createTestApp, expectPrivate, type TestApp, type TestUser } from "../../test/helpers";
import { buildKeeper, buildMember, daysAgo, today } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function flockOf(keeper: TestUser, purpose = "layers", name = "Coop A") {
  const res = await keeper.inject({
    method: "POST",
    url: "/api/flocks",
    payload: { name, purpose, startDate: daysAgo(30), headcount: 20 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Flock>();
}

const post = (keeper: TestUser, payload: Record<string, unknown>) =>
  keeper.inject({ method: "POST", url: "/api/transactions", payload });

async function add(keeper: TestUser, payload: Record<string, unknown>) {
  const res = await post(keeper, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Transaction>();
}

const countRows = async (farmId: string) =>
  Number(
    (
      (await t.db.execute(
        sql`select count(*)::int as n from transactions where farm_id = ${farmId}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n,
  );

const summary = async (keeper: TestUser, query = "") => {
  const res = await keeper.inject({ url: `/api/money/summary?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MoneySummary>();
};

describe("transactions", () => {
  it("is private: 401 signed out, another farm sees nothing and reaches nothing (404)", async () => {
    const owner = await buildKeeper(t);
    const flock = await flockOf(owner);
    const tx = await add(owner, { type: "expense", category: "feed", date: today, amount: 12 });
    await expectPrivate(t, { method: "GET", url: "/api/transactions" }, { list: true });
    await expectPrivate(t, {
      method: "PATCH",
      url: `/api/transactions/${tx.id}`,
      payload: { amount: 1 },
    });
    await expectPrivate(t, { method: "DELETE", url: `/api/transactions/${tx.id}` });
    const stranger = await buildKeeper(t);
    // Another farm's flock, named in a record or a query: 404 naming the field, nothing written.
    const theirs = await post(stranger, {
      type: "expense",
      category: "feed",
      date: today,
      amount: 5,
      flockId: flock.id,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().field).toBe("flockId");
    expect(await countRows(stranger.user.id)).toBe(0);
    for (const url of [
      `/api/money/summary?flockId=${flock.id}`,
      `/api/transactions?flockId=${flock.id}`,
      `/api/money/export?flockId=${flock.id}`,
    ]) {
      expect((await stranger.inject({ url })).statusCode, url).toBe(404);
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
    const theirSummary = await summary(stranger);
    expect(theirSummary.expenses).toBe(0);
    expect(
      (await owner.inject({ url: "/api/transactions" })).json<TransactionList>().items,
    ).toEqual([expect.objectContaining({ id: tx.id, amount: 12 })]);
  });

  it("owners and keepers use money; helpers get 403 everywhere and change nothing", async () => {
    const owner = await buildKeeper(t);
    const keeper = await buildMember(t, owner, "keeper");
    const helper = await buildMember(t, owner, "helper");
    const byOwner = await add(owner, { type: "income", category: "eggs", date: today, amount: 9 });
    const byKeeper = await add(keeper, {
      type: "expense",
      category: "bedding",
      date: today,
      amount: 4,
    });
    expect(byKeeper.createdBy).toBe(keeper.user.id);
    const edited = await keeper.inject({
      method: "PATCH",
      url: `/api/transactions/${byOwner.id}`,
      payload: { amount: 10 },
    });
    expect(edited.statusCode).toBe(200);
    expect((await summary(keeper)).income).toBe(10);
    for (const req of [
      { method: "GET" as const, url: "/api/transactions" },
      { method: "GET" as const, url: "/api/money/summary" },
      { method: "GET" as const, url: "/api/money/export" },
      {
        method: "POST" as const,
        url: "/api/transactions",
        payload: { type: "income", category: "eggs", date: today, amount: 1 },
      },
      {
        method: "PATCH" as const,
        url: `/api/transactions/${byOwner.id}`,
        payload: { amount: 1 },
      },
      { method: "DELETE" as const, url: `/api/transactions/${byOwner.id}` },
    ]) {
      const res = await helper.inject(req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(403);
      expect(res.body).not.toContain('"amount"');
    }
    expect(await countRows(owner.user.id)).toBe(2);
    expect((await summary(owner)).income).toBe(10);
  });

  it("records in the keeper's currency from settings; an unknown or other currency is a 400", async () => {
    const owner = await buildKeeper(t);
    const plain = await add(owner, { type: "expense", category: "other", date: today, amount: 3 });
    expect(plain.currency).toBe("USD");
    const bad = await owner.inject({
      method: "PATCH",
      url: "/api/account/settings",
      payload: { currency: "XYZ" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Unknown currency/);
    const set = await owner.inject({
      method: "PATCH",
      url: "/api/account/settings",
      payload: { currency: "eur" },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().currency).toBe("EUR");
    const euro = await add(owner, { type: "income", category: "meat", date: today, amount: 30 });
    expect(euro.currency).toBe("EUR");
    const named = await add(owner, {
      type: "income",
      category: "meat",
      date: today,
      amount: 1,
      currency: "EUR",
    });
    expect(named.currency).toBe("EUR");
    for (const currency of ["XYZ", "DOLLARS", "", 12]) {
      const res = await post(owner, {
        type: "income",
        category: "eggs",
        date: today,
        amount: 5,
        currency,
      });
      expect(res.statusCode, String(currency)).toBe(400);
      expect(res.json().message).toMatch(/Unknown currency/);
    }
    const other = await post(owner, {
      type: "income",
      category: "eggs",
      date: today,
      amount: 5,
      currency: "GBP",
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().field).toBe("currency");
    expect(await countRows(owner.user.id)).toBe(3);
    // The USD transaction from before is not summed with euros: it is reported apart.
    const s = await summary(owner);
    expect(s.currency).toBe("EUR");
    expect(s.income).toBe(31);
    expect(s.expenses).toBe(0);
    expect(s.otherCurrencies).toEqual([{ currency: "USD", count: 1 }]);
  });

  it("checks categories, quantities and amounts, on create and on change, writing nothing", async () => {
    const owner = await buildKeeper(t);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ type: "expense", category: "eggs", date: today, amount: 1 }, /expense's category/],
      [{ type: "income", category: "feed", date: today, amount: 1 }, /income's category/],
      [{ type: "income", category: "eggs", date: today, amount: -1 }, /more than 0/],
      [{ type: "income", category: "eggs", date: today, amount: 0 }, /more than 0/],
      [{ type: "income", category: "eggs", date: today, amount: 1e12 }, /at most/],
      [{ type: "income", category: "eggs", date: "2024-02-30", amount: 1 }, /date/i],
      [{ type: "income", category: "eggs", date: "2999-01-01", amount: 1 }, /future/i],
      [{ type: "income", category: "eggs", date: today, amount: 1, quantity: 3 }, /unit/],
      [{ type: "income", category: "eggs", date: today, amount: 1, unit: "dozen" }, /quantity/],
      [{ type: "gift", category: "eggs", date: today, amount: 1 }, /expense or income/],
    ];
    for (const [payload, message] of cases) {
      const res = await post(owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toMatch(message);
    }
    expect(await countRows(owner.user.id)).toBe(0);
    const tx = await add(owner, {
      type: "income",
      category: "eggs",
      date: today,
      amount: 15,
      quantity: 3,
      unit: "dozen",
    });
    const patch = (payload: Record<string, unknown>) =>
      owner.inject({ method: "PATCH", url: `/api/transactions/${tx.id}`, payload });
    const wrongType = await patch({ type: "expense" });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().field).toBe("category");
    const noUnit = await patch({ unit: null });
    expect(noUnit.statusCode).toBe(400);
    expect((await patch({ quantity: null, unit: null })).statusCode).toBe(200);
    const moved = await patch({ type: "expense", category: "equipment", notes: "Drinker" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Transaction>()).toMatchObject({
      type: "expense",
      category: "equipment",
      amount: 15,
      quantity: null,
      notes: "Drinker",
    });
    expect(
      (await owner.inject({ method: "DELETE", url: `/api/transactions/${tx.id}` })).statusCode,
    ).toBe(204);
    expect(await countRows(owner.user.id)).toBe(0);
  });

  it("refuses a query whose end is before its start or whose dates are not dates", async () => {
    const owner = await buildKeeper(t);
    for (const url of [
      "/api/money/summary?from=2026-03-01&to=2026-02-01",
      "/api/transactions?from=2026-03-01&to=2026-02-01",
      "/api/money/export?from=2026-03-01&to=2026-02-01",
    ]) {
      const res = await owner.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/end date \(to\) cannot be before/);
    }
    const bad = await owner.inject({ url: "/api/money/summary?from=yesterday" });
    expect(bad.statusCode).toBe(400);
    const far = await owner.inject({ url: "/api/money/summary?from=2999-01-01" });
    expect(far.statusCode).toBe(400);
  });
});

describe("money summary", () => {
  /**
   * A layers flock (Coop A) and a meat flock: 60 eggs laid in two baskets (5 dozen), 3 dozen sold
   * for 15, 2 layers sold on a flock event for 40, a 25 kg feed bag for 20 (a transaction), a feed
   * record of 10 lbs costing 5, equipment for the farm 10, housing for the meat flock 100.
   */
  async function farm() {
    const owner = await buildKeeper(t);
    const layers = await flockOf(owner, "layers", "Coop A");
    const meat = await flockOf(owner, "meat", "Broilers");
    for (const [date, eggs] of [
      [daysAgo(2), 30],
      [daysAgo(1), 30],
    ] as const) {
      const res = await owner.inject({
        method: "POST",
        url: "/api/egg-collections",
        payload: { flockId: layers.id, date, eggs },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await add(owner, {
      type: "income",
      category: "eggs",
      date: daysAgo(1),
      amount: 15,
      quantity: 3,
      unit: "dozen",
      flockId: layers.id,
    });
    const sold = await owner.inject({
      method: "POST",
      url: `/api/flocks/${layers.id}/events`,
      payload: { type: "sold", date: daysAgo(1), count: 2, price: 40 },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    await add(owner, {
      type: "expense",
      category: "feed",
      date: daysAgo(2),
      amount: 20,
      quantity: 1,
      unit: "bag_25kg",
      flockId: layers.id,
    });
    const fed = await owner.inject({
      method: "POST",
      url: "/api/feed-records/flock",
      payload: {
        flockId: layers.id,
        date: daysAgo(1),
        feedType: "Layer pellets",
        feedAmount: 10,
        feedCost: 5,
      },
    });
    expect(fed.statusCode, fed.body).toBe(201);
    await add(owner, { type: "expense", category: "equipment", date: daysAgo(1), amount: 10 });
    await add(owner, {
      type: "expense",
      category: "housing",
      date: daysAgo(1),
      amount: 100,
      flockId: meat.id,
    });
    return { owner, layers, meat };
  }

  it("answers income, expenses, net and cost per dozen as the formula says", async () => {
    const { owner } = await farm();
    const s = await summary(owner, `from=${daysAgo(10)}&to=${today}`);
    // Income: the egg sale 15 + the flock event's sale 40.
    expect(s.income).toBe(55);
    // Expenses: feed bag 20 + feed record 5 + equipment 10 + housing 100.
    expect(s.expenses).toBe(135);
    expect(s.net).toBe(55 - 135);
    // Laying expenses leave the meat flock's housing out: 20 + 5 + 10 = 35; 60 eggs = 5 dozen.
    expect(s.layingExpenses).toBe(35);
    expect(s.costPerDozen).toBe(35 / (60 / 12));
    expect(s).toMatchObject({ eggsLaid: 60, eggsWithheld: 0, eggsSaleable: 60, eggsSold: 36 });
    expect(s.incomeByCategory).toEqual([
      { category: "eggs", amount: 15 },
      { category: "birds", amount: 40 },
    ]);
    expect(s.expensesByCategory).toEqual([
      { category: "feed", amount: 25 },
      { category: "equipment", amount: 10 },
      { category: "housing", amount: 100 },
    ]);
    const months = s.months;
    expect(months.reduce((a, m) => a + m.income, 0)).toBe(55);
    expect(months.reduce((a, m) => a + m.expenses, 0)).toBe(135);
    expect(months.reduce((a, m) => a + m.eggsLaid, 0)).toBe(60);
    expect(months.at(-1)!.month).toBe(today.slice(0, 7));
  });

  it("counts eggs laid during a treatment's egg withdrawal as laid, not saleable", async () => {
    const { owner, layers } = await farm();
    // A one-day treatment of Coop A two days ago with no extra withdrawal days: that day's basket
    // of 30 is withheld.
    const treated = await owner.inject({
      method: "POST",
      url: "/api/treatments",
      payload: {
        flockId: layers.id,
        product: "Amprolium",
        route: "water",
        startDate: daysAgo(2),
        endDate: daysAgo(2),
        reason: "Coccidiosis",
        eggWithdrawalDays: 0,
        meatWithdrawalDays: 0,
      },
    });
    expect(treated.statusCode, treated.body).toBe(201);
    const s = await summary(owner, `from=${daysAgo(10)}&to=${today}`);
    expect(s).toMatchObject({ eggsLaid: 60, eggsWithheld: 30, eggsSaleable: 30 });
    // 35 of laying costs / (30 saleable eggs / 12) = 14.
    expect(s.costPerDozen).toBe(35 / (30 / 12));
    const flock = await summary(owner, `flockId=${layers.id}`);
    expect(flock.eggsWithheld).toBe(30);
    expect(flock.costPerDozen).toBe(25 / (30 / 12));
  });

  it("counts feed records' costs and flock sale prices once: read where they are, never copied", async () => {
    const { owner } = await farm();
    const list = (await owner.inject({ url: "/api/transactions" })).json<TransactionList>();
    // Only the 4 transactions: no feed record or flock event was turned into one.
    expect(list.items).toHaveLength(4);
    expect(list.items.filter((i) => i.category === "feed").map((i) => i.amount)).toEqual([20]);
    expect(list.items.some((i) => i.category === "birds")).toBe(false);
    const s = await summary(owner);
    // Feed: the purchase (20) and the feed record's cost (5), each once.
    expect(s.expensesByCategory.find((c) => c.category === "feed")!.amount).toBe(25);
    // Birds income: only the flock event's price.
    expect(s.incomeByCategory.find((c) => c.category === "birds")!.amount).toBe(40);
    // The CSV lists the same amounts, each with its source, and adds up to the summary.
    const csv = await owner.inject({ url: "/api/money/export" });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    const lines = csv.body.trim().split(/\r\n/);
    expect(lines[0]).toBe("date,source,type,category,amount,currency,flock,quantity,unit,notes");
    expect(lines).toHaveLength(1 + 6);
    const sumOf = (type: string) =>
      lines
        .slice(1)
        .map((l) => l.split(","))
        .filter((c) => c[2] === type)
        .reduce((a, c) => a + Number(c[4]), 0);
    expect(sumOf("income")).toBe(s.income);
    expect(sumOf("expense")).toBe(s.expenses);
    expect(lines.filter((l) => l.includes(",feed record,"))).toHaveLength(1);
    expect(lines.filter((l) => l.includes(",flock event,"))).toHaveLength(1);
  });

  it("answers per flock: that flock's money and eggs only", async () => {
    const { owner, layers, meat } = await farm();
    const s = await summary(owner, `flockId=${layers.id}`);
    expect(s.flockId).toBe(layers.id);
    expect(s.income).toBe(55);
    expect(s.expenses).toBe(25);
    expect(s.costPerDozen).toBe(25 / 5);
    const m = await summary(owner, `flockId=${meat.id}`);
    expect(m).toMatchObject({ income: 0, expenses: 100, eggsLaid: 0, costPerDozen: null });
    const list = (
      await owner.inject({ url: `/api/transactions?flockId=${meat.id}` })
    ).json<TransactionList>();
    expect(list.items.map((i) => [i.category, i.flockName])).toEqual([["housing", "Broilers"]]);
  });

  it("shows feed stock from bags bought minus feed used, at the last 14 days' rate", async () => {
    const { owner } = await farm();
    const s = await summary(owner);
    // 1 bag of 25 kg bought, 10 lbs used since: 10 lbs / 14 days a day.
    const bought = 25 * LBS_PER_KG;
    const rate = 10 / 14;
    expect(s.feedStock).toEqual({
      boughtLbs: Math.round(bought * 10) / 10,
      usedLbs: 10,
      stockLbs: Math.round((bought - 10) * 10) / 10,
      dailyUseLbs: Math.round(rate * 10) / 10,
      daysLeft: Math.floor((bought - 10) / rate),
    });
    // Without feed records there is no rate: no stock shown.
    const other = await buildKeeper(t);
    await add(other, {
      type: "expense",
      category: "feed",
      date: today,
      amount: 20,
      quantity: 2,
      unit: "bag_50lb",
    });
    expect((await summary(other)).feedStock).toBeNull();
  });

  it("counts a flock's birds' own egg records when no basket was logged, the larger when both", async () => {
    const owner = await buildKeeper(t);
    const flock = await flockOf(owner);
    const hen = await owner.inject({
      method: "POST",
      url: "/api/chickens",
      payload: { name: "Hen", breed: "Sussex", flockId: flock.id },
    });
    expect(hen.statusCode, hen.body).toBe(201);
    const henId = hen.json<{ id: string }>().id;
    await t.db.execute(
      sql`insert into egg_records (farm_id, chicken_id, date, eggs_laid) values
        (${owner.user.id}, ${henId}, ${daysAgo(3)}, 1), (${owner.user.id}, ${henId}, ${daysAgo(2)}, 1)`,
    );
    await owner.inject({
      method: "POST",
      url: "/api/egg-collections",
      payload: { flockId: flock.id, date: daysAgo(2), eggs: 11 },
    });
    await add(owner, { type: "expense", category: "feed", date: today, amount: 6 });
    const s = await summary(owner);
    // Day 3: the hen's 1 egg; day 2: the basket's 11 (it holds the hen's egg). 12 eggs = 1 dozen.
    expect(s.eggsLaid).toBe(12);
    expect(s.costPerDozen).toBe(6);
  });

  it("lists at most 2,000 transactions of a period and says how many there are", async () => {
    const owner = await buildKeeper(t);
    // 2,003 expenses of 1 over the last 30 days, written directly (the API would take minutes).
    await t.db.execute(
      sql`insert into transactions (farm_id, type, category, date, amount, currency)
        select ${owner.user.id}, 'expense', 'feed', (current_date - (i % 30))::date, 1, 'USD'
        from generate_series(1, 2003) as i`,
    );
    const list = (await owner.inject({ url: "/api/transactions" })).json<TransactionList>();
    expect(list.items).toHaveLength(TRANSACTION_LIST_LIMIT);
    expect(list.total).toBe(2003);
    expect(list.truncated).toBe(true);
    // Newest first: the rows left out are the oldest.
    const dates = list.items.map((i) => i.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    // The summary still counts every one.
    expect((await summary(owner)).expenses).toBe(2003);
    const short = (
      await owner.inject({ url: `/api/transactions?from=${today}&to=${today}` })
    ).json<TransactionList>();
    expect(short.truncated).toBe(false);
    expect(short.total).toBe(short.items.length);
    const none = await buildKeeper(t);
    expect((await none.inject({ url: "/api/transactions" })).json()).toMatchObject({
      items: [],
      total: 0,
      truncated: false,
    });
  });
});
