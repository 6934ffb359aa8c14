import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "@flockkeeper/shared/schemas/common";
import type { Chicken } from "@flockkeeper/shared/schemas/chicken";
import type {
  EggCollection,
  Flock,
  FlockEvent,
  FlockProduction,
} from "@flockkeeper/shared/schemas/flock";
import type { Treatment } from "@flockkeeper/shared/schemas/treatment";
import { treatments } from "../../db/schema/index";
import { createTestApp, expectPrivate, type TestApp, type TestUser } from "../../test/helpers";
import {
  buildEggs,
  buildKeeper,
  buildMember,
  daysAgo,
  postChicken,
  today,
} from "../../test/factories";
import { withheldEggs } from "./treatments.service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const inDays = (n: number) => addDaysIso(today, n);

async function flockOf(keeper: TestUser, name = "Coop A") {
  const res = await keeper.inject({
    method: "POST",
    url: "/api/flocks",
    payload: { name, startDate: daysAgo(30), headcount: 20 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Flock>();
}

const post = (keeper: TestUser, payload: Record<string, unknown>) =>
  keeper.inject({ method: "POST", url: "/api/treatments", payload });
const patch = (keeper: TestUser, id: string, payload: Record<string, unknown>) =>
  keeper.inject({ method: "PATCH", url: `/api/treatments/${id}`, payload });

const valid = (subject: Record<string, unknown>) => ({
  ...subject,
  product: "Amprolium 9.6%",
  activeIngredient: "amprolium",
  dose: 9.5,
  doseUnit: "ml_per_gallon",
  route: "water",
  startDate: daysAgo(2),
  endDate: inDays(2),
  reason: "Bloody droppings",
  conditionId: "coccidiosis",
  prescribedByVet: false,
  eggWithdrawalDays: 7,
  meatWithdrawalDays: 14,
  notes: "Fresh water daily",
});

async function rowsOf(keeper: TestUser) {
  const [r] = await t.db
    .select({ n: count() })
    .from(treatments)
    .where(eq(treatments.farmId, keeper.user.id));
  return Number(r!.n);
}

describe("treatments", () => {
  it("records a flock's treatment; the withdrawal ends are the last day plus the days", async () => {
    const owner = await buildKeeper(t);
    const flock = await flockOf(owner);
    const res = await post(owner, valid({ flockId: flock.id }));
    expect(res.statusCode, res.body).toBe(201);
    const tr = res.json<Treatment>();
    expect(tr).toMatchObject({
      flockId: flock.id,
      chickenId: null,
      subjectName: "Coop A",
      product: "Amprolium 9.6%",
      dose: 9.5,
      doseUnit: "ml_per_gallon",
      route: "water",
      conditionId: "coccidiosis",
      conditionName: expect.any(String),
      prescribedByVet: false,
      endDate: inDays(2),
      eggWithdrawalEnds: addDaysIso(inDays(2), 7),
      meatWithdrawalEnds: addDaysIso(inDays(2), 14),
      createdBy: owner.user.id,
    });
    // A product from the medications list (data/medications.json) keeps its id.
    const listed = await post(owner, {
      ...valid({ flockId: flock.id }),
      medicationId: "amprolium",
    });
    expect(listed.statusCode, listed.body).toBe(201);
    expect(listed.json<Treatment>().medicationId).toBe("amprolium");
    await owner.inject({ method: "DELETE", url: `/api/treatments/${listed.json<Treatment>().id}` });
    // A single dose: the end date is the start date.
    const one = await post(owner, {
      flockId: flock.id,
      product: "Ivermectin pour-on",
      route: "topical",
      startDate: daysAgo(1),
      reason: "Mites",
      eggWithdrawalDays: 0,
      meatWithdrawalDays: 0,
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json<Treatment>()).toMatchObject({
      endDate: daysAgo(1),
      eggWithdrawalEnds: daysAgo(1),
      prescribedByVet: false,
      dose: null,
      doseUnit: null,
      conditionName: null,
    });
    const list = await owner.inject({ url: "/api/treatments" });
    // Latest start first.
    expect(list.json<Treatment[]>().map((x) => x.product)).toEqual([
      "Ivermectin pour-on",
      "Amprolium 9.6%",
    ]);
  });

  it("withdrawal dates and the eggs guard follow edits and deletion of the treatment", async () => {
    const owner = await buildKeeper(t);
    const flock = await flockOf(owner);
    const hen = await postChicken(owner, { name: "Dot", flockId: flock.id });
    const tr = (await post(owner, valid({ flockId: flock.id }))).json<Treatment>();
    const guardOf = async () => ({
      flock: (await owner.inject({ url: `/api/flocks/${flock.id}` })).json<Flock>()
        .eggsWithheldUntil,
      bird: (await owner.inject({ url: `/api/chickens/${hen.id}` })).json<Chicken>()
        .eggsWithheldUntil,
    });
    expect(await guardOf()).toEqual({ flock: inDays(9), bird: inDays(9) });

    const edited = await patch(owner, tr.id, { endDate: inDays(4), eggWithdrawalDays: 3 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Treatment>()).toMatchObject({
      eggWithdrawalEnds: inDays(7),
      meatWithdrawalEnds: inDays(18),
    });
    expect(await guardOf()).toEqual({ flock: inDays(7), bird: inDays(7) });
    const flocks = (await owner.inject({ url: "/api/flocks" })).json<Flock[]>();
    expect(flocks[0]).toMatchObject({
      eggsWithheldUntil: inDays(7),
      meatWithheldUntil: inDays(18),
    });

    // Moved into the past: the withdrawal is over, nothing withheld today.
    const past = await patch(owner, tr.id, {
      startDate: daysAgo(20),
      endDate: daysAgo(15),
      eggWithdrawalDays: 7,
    });
    expect(past.json<Treatment>().eggWithdrawalEnds).toBe(daysAgo(8));
    expect(await guardOf()).toEqual({ flock: null, bird: null });

    await patch(owner, tr.id, { startDate: daysAgo(1), endDate: today, eggWithdrawalDays: 5 });
    expect(await guardOf()).toEqual({ flock: inDays(5), bird: inDays(5) });
    const del = await owner.inject({ method: "DELETE", url: `/api/treatments/${tr.id}` });
    expect(del.statusCode).toBe(204);
    expect(await guardOf()).toEqual({ flock: null, bird: null });
  });

  it("a single egg record's POST, PATCH and the quick form's batch answer `withheld`", async () => {
    const owner = await buildKeeper(t);
    const flock = await flockOf(owner);
    const hen = await postChicken(owner, { name: "Dot", flockId: flock.id });
    const other = await postChicken(owner, { name: "Solo" });
    // The flock is treated 5..4 days ago with 2 days egg withdrawal: eggs of 5..2 days ago withheld.
    const tr = await post(owner, {
      ...valid({ flockId: flock.id }),
      startDate: daysAgo(5),
      endDate: daysAgo(4),
      eggWithdrawalDays: 2,
    });
    expect(tr.statusCode, tr.body).toBe(201);
    const send = async (method: "POST" | "PATCH", url: string, payload: object) => {
      const res = await owner.inject({ method, url, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json<{ id: string; withheld: boolean }>();
    };
    const inside = await send("POST", "/api/egg-records", {
      chickenId: hen.id,
      date: daysAgo(3),
      eggsLaid: 1,
    });
    expect(inside.withheld).toBe(true);
    const before = await send("POST", "/api/egg-records", {
      chickenId: hen.id,
      date: daysAgo(7),
      eggsLaid: 1,
    });
    expect(before.withheld).toBe(false);
    // Moved into the withdrawal, and out of it to a bird the treatment does not cover.
    expect(
      (await send("PATCH", `/api/egg-records/${before.id}`, { date: daysAgo(2) })).withheld,
    ).toBe(true);
    expect(
      (await send("PATCH", `/api/egg-records/${before.id}`, { chickenId: other.id })).withheld,
    ).toBe(false);
    const batch = await owner.inject({
      method: "POST",
      url: "/api/egg-records/batch",
      payload: {
        date: daysAgo(4),
        records: [
          { chickenId: hen.id, eggsLaid: 1 },
          { chickenId: other.id, eggsLaid: 1 },
        ],
      },
    });
    expect(batch.statusCode, batch.body).toBe(201);
    expect(batch.json<{ chickenId: string; withheld: boolean }[]>().map((r) => r.withheld)).toEqual(
      [true, false],
    );
  });

  it("a bird's treatment withholds its flock's basket; baskets and production count withheld eggs", async () => {
    const owner = await buildKeeper(t);
    const flock = await flockOf(owner);
    const other = await flockOf(owner, "Coop B");
    const hen = await postChicken(owner, { name: "Dot", flockId: flock.id });
    const loose = await postChicken(owner, { name: "Solo" });
    // Bird in Coop A treated from 5 days ago to 4 days ago, 2 days egg withdrawal: 5..2 days ago.
    const tr = await post(owner, {
      ...valid({ chickenId: hen.id }),
      startDate: daysAgo(5),
      endDate: daysAgo(4),
      eggWithdrawalDays: 2,
    });
    expect(tr.statusCode, tr.body).toBe(201);
    // The loose bird: yesterday only (0 days withdrawal).
    await post(owner, {
      ...valid({ chickenId: loose.id }),
      startDate: daysAgo(1),
      endDate: daysAgo(1),
      eggWithdrawalDays: 0,
    });
    const basket = async (flockId: string, ago: number, eggs: number) => {
      const res = await owner.inject({
        method: "POST",
        url: "/api/egg-collections",
        payload: { flockId, date: daysAgo(ago), eggs },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<EggCollection>();
    };
    const b6 = await basket(flock.id, 6, 10);
    const b5 = await basket(flock.id, 5, 11);
    const b2 = await basket(flock.id, 2, 12);
    const b1 = await basket(flock.id, 1, 13);
    await basket(other.id, 3, 20);
    expect([b6.withheld, b5.withheld, b2.withheld, b1.withheld]).toEqual([
      false,
      true,
      true,
      false,
    ]);
    // Days 4 and 3 ago: no basket, the hen's own records stand for the flock's day.
    await buildEggs(t, owner, hen.id, [
      [daysAgo(4), 1],
      [daysAgo(3), 1],
      [daysAgo(7), 1],
    ]);
    await buildEggs(t, owner, loose.id, [
      [daysAgo(1), 1],
      [daysAgo(2), 1],
    ]);
    const list = (await owner.inject({ url: `/api/egg-collections?flockId=${flock.id}` })).json<
      EggCollection[]
    >();
    expect(list.filter((b) => b.withheld).map((b) => b.eggs)).toEqual([12, 11]);

    // Each bird's own records: withheld on the days a treatment of the bird or its flock covers.
    const records = (
      await owner.inject({ url: `/api/egg-records?startDate=${daysAgo(10)}&endDate=${today}` })
    ).json<{ chickenId: string; date: string; withheld?: boolean }[]>();
    const marked = records
      .filter((r) => r.withheld)
      .map((r) => `${r.chickenId === hen.id ? "Dot" : "Solo"} ${r.date}`)
      .sort();
    expect(marked).toEqual([`Dot ${daysAgo(4)}`, `Dot ${daysAgo(3)}`, `Solo ${daysAgo(1)}`].sort());
    expect(records).toHaveLength(5);
    // Withheld eggs: Coop A 11 + 1 + 1 + 12 (days 5..2), the loose hen 1 (yesterday).
    const keeper = { user: owner.user, farmId: owner.user.id, role: "owner" as const };
    const w = await withheldEggs(t.db, keeper, { from: daysAgo(10), to: today });
    expect(w.total).toBe(11 + 1 + 1 + 12 + 1);
    expect(w.byFlock.get(flock.id)).toBe(25);
    expect(w.byFlock.get(null)).toBe(1);
    expect(w.byFlock.has(other.id)).toBe(false);
    const onlyA = await withheldEggs(t.db, keeper, {
      from: daysAgo(10),
      to: today,
      flockId: flock.id,
    });
    expect(onlyA.total).toBe(25);

    const prodA = (
      await owner.inject({ url: `/api/flocks/${flock.id}/production?days=10` })
    ).json<FlockProduction>();
    expect(prodA.withheldEggs).toBe(25);
    const farm = (
      await owner.inject({ url: "/api/flocks/production?days=10" })
    ).json<FlockProduction>();
    expect(farm.withheldEggs).toBe(26);
  });

  it("warns (without refusing) on a sale or slaughter within the meat withdrawal", async () => {
    const owner = await buildKeeper(t);
    const flock = await flockOf(owner);
    await post(owner, { ...valid({ flockId: flock.id }), meatWithdrawalDays: 10 });
    const sold = await owner.inject({
      method: "POST",
      url: `/api/flocks/${flock.id}/events`,
      payload: { type: "sold", date: today, count: 2 },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json<FlockEvent>().warnings).toEqual([
      expect.objectContaining({ code: "meat_withdrawal", until: inDays(12) }),
    ]);
    expect(sold.json<FlockEvent>().warnings![0]!.message).toMatch(/^Meat withdrawal ends /);
    const died = await owner.inject({
      method: "POST",
      url: `/api/flocks/${flock.id}/events`,
      payload: { type: "died", date: today, count: 1 },
    });
    expect(died.json<FlockEvent>().warnings).toBeUndefined();
    // Before the treatment started: no warning.
    const early = await owner.inject({
      method: "POST",
      url: `/api/flocks/${flock.id}/events`,
      payload: { type: "slaughtered", date: daysAgo(5), count: 1 },
    });
    expect(early.json<FlockEvent>().warnings).toBeUndefined();

    const hen = await postChicken(owner, { name: "Solo" });
    await post(owner, { ...valid({ chickenId: hen.id }), meatWithdrawalDays: 1 });
    const out = await owner.inject({
      method: "POST",
      url: `/api/chickens/${hen.id}/outcome`,
      payload: { outcome: "slaughtered", date: today },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json<Chicken>().warnings?.[0]).toMatchObject({ until: inDays(3) });
  });

  it("is private: 401 signed out, 404 to another farm, and another farm's bird or flock is refused", async () => {
    const owner = await buildKeeper(t);
    const flock = await flockOf(owner);
    const hen = await postChicken(owner, { name: "Dot" });
    const tr = (await post(owner, valid({ flockId: flock.id }))).json<Treatment>();
    await expectPrivate(t, { method: "GET", url: "/api/treatments" }, { list: true });
    await expectPrivate(t, { method: "GET", url: `/api/treatments?flockId=${flock.id}` });
    await expectPrivate(t, { method: "GET", url: `/api/treatments?chickenId=${hen.id}` });
    await expectPrivate(t, {
      method: "PATCH",
      url: `/api/treatments/${tr.id}`,
      payload: { notes: "Stolen" },
    });
    await expectPrivate(t, { method: "DELETE", url: `/api/treatments/${tr.id}` });
    const stranger = await buildKeeper(t);
    const before = await rowsOf(stranger);
    const viaFlock = await post(stranger, valid({ flockId: flock.id }));
    expect(viaFlock.statusCode).toBe(404);
    expect(viaFlock.json().field).toBe("flockId");
    const viaBird = await post(stranger, valid({ chickenId: hen.id }));
    expect(viaBird.statusCode).toBe(404);
    expect(viaBird.json().field).toBe("chickenId");
    expect(await rowsOf(stranger)).toBe(before);
    // Moving one's own treatment onto another farm's bird: 404, unchanged.
    const own = await flockOf(stranger);
    const mine = (await post(stranger, valid({ flockId: own.id }))).json<Treatment>();
    const moved = await patch(stranger, mine.id, { chickenId: hen.id });
    expect(moved.statusCode).toBe(404);
    const [row] = await t.db.select().from(treatments).where(eq(treatments.id, mine.id));
    expect(row!.flockId).toBe(own.id);
  });

  it("roles: every member reads; owners and keepers write; helpers cannot", async () => {
    const owner = await buildKeeper(t);
    const flock = await flockOf(owner);
    const keeper = await buildMember(t, owner, "keeper");
    const helper = await buildMember(t, owner, "helper");
    const tr = (await post(owner, valid({ flockId: flock.id }))).json<Treatment>();
    const byKeeper = await post(keeper, valid({ flockId: flock.id }));
    expect(byKeeper.statusCode, byKeeper.body).toBe(201);
    expect((await patch(keeper, tr.id, { notes: "Checked" })).statusCode).toBe(200);
    const before = await rowsOf(owner);
    expect((await post(helper, valid({ flockId: flock.id }))).statusCode).toBe(403);
    expect((await patch(helper, tr.id, { notes: "Helper" })).statusCode).toBe(403);
    expect(
      (await helper.inject({ method: "DELETE", url: `/api/treatments/${tr.id}` })).statusCode,
    ).toBe(403);
    expect(await rowsOf(owner)).toBe(before);
    const seen = await helper.inject({ url: `/api/treatments?flockId=${flock.id}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json<Treatment[]>()).toHaveLength(2);
    // The guard is on what a helper reads too.
    const f = (await helper.inject({ url: `/api/flocks/${flock.id}` })).json<Flock>();
    expect(f.eggsWithheldUntil).toBe(inDays(9));
    const del = await keeper.inject({ method: "DELETE", url: `/api/treatments/${tr.id}` });
    expect(del.statusCode).toBe(204);
  });

  it("lists a bird's treatments with its flock's, and a flock's with its birds'", async () => {
    const owner = await buildKeeper(t);
    const a = await flockOf(owner);
    const b = await flockOf(owner, "Coop B");
    const hen = await postChicken(owner, { name: "Dot", flockId: a.id });
    await post(owner, { ...valid({ flockId: a.id }), product: "A flock" });
    await post(owner, { ...valid({ chickenId: hen.id }), product: "Dot" });
    await post(owner, { ...valid({ flockId: b.id }), product: "B flock" });
    const products = async (q: string) =>
      (await owner.inject({ url: `/api/treatments?${q}` }))
        .json<Treatment[]>()
        .map((x) => x.product)
        .sort();
    expect(await products(`chickenId=${hen.id}`)).toEqual(["A flock", "Dot"]);
    expect(await products(`flockId=${a.id}`)).toEqual(["A flock", "Dot"]);
    expect(await products(`flockId=${b.id}`)).toEqual(["B flock"]);
  });

  it("refuses bad input with a 4xx naming the field, and writes nothing", async () => {
    const owner = await buildKeeper(t);
    const flock = await flockOf(owner);
    const tr = (await post(owner, valid({ flockId: flock.id }))).json<Treatment>();
    const before = await rowsOf(owner);
    const base = valid({ flockId: flock.id });
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...base, endDate: daysAgo(3) }, "endDate", /End date cannot be before the start date/],
      [{ ...base, endDate: inDays(400) }, "endDate", /at most 365 days/],
      [{ ...base, dose: 0 }, "dose", /Dose must be a number above 0/],
      [{ ...base, dose: 5000 }, "dose", /at most 1000/],
      [{ ...base, dose: -1 }, "dose", /Dose/],
      [{ ...base, doseUnit: null }, "doseUnit", /unit of the dose/],
      [{ ...base, eggWithdrawalDays: 366 }, "eggWithdrawalDays", /Egg withdrawal/],
      [{ ...base, eggWithdrawalDays: -1 }, "eggWithdrawalDays", /Egg withdrawal/],
      [{ ...base, meatWithdrawalDays: 2.5 }, "meatWithdrawalDays", /Meat withdrawal/],
      [{ ...base, meatWithdrawalDays: undefined }, "meatWithdrawalDays", /Meat withdrawal/],
      [{ ...base, route: "nasal" }, "route", /Route must be/],
      [{ ...base, product: "  " }, "product", /Product is required/],
      [{ ...base, reason: "" }, "reason", /Reason is required/],
      [{ ...base, flockId: undefined }, "chickenId", /Choose a bird or a flock/],
      [{ ...base, chickenId: flock.id }, "flockId", /one bird or one flock/],
      [{ ...base, startDate: inDays(5) }, "startDate", /future/],
      [{ ...base, prescribedByVet: "maybe" }, "prescribedByVet", /yes or no/],
      [{ ...base, conditionId: "not-a-condition" }, "conditionId", /Unknown condition/],
      [{ ...base, medicationId: "not-a-medication" }, "medicationId", /Unknown medication/],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post(owner, payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${field}: ${res.body}`).toBeLessThan(500);
      const body = res.json<{ message: string; issues: { path: string }[] }>();
      expect(body.message, field).toMatch(message);
      expect(body.issues.map((i) => i.path).join(" "), field).toContain(field);
    }
    // An edit that puts the end before the stored start, or the start after the stored end.
    const early = await patch(owner, tr.id, { endDate: daysAgo(10) });
    expect(early.statusCode).toBe(400);
    expect(early.json().field).toBe("endDate");
    const late = await patch(owner, tr.id, { startDate: today, endDate: daysAgo(1) });
    expect(late.statusCode).toBe(400);
    expect((await patch(owner, tr.id, { eggWithdrawalDays: 999 })).statusCode).toBe(400);
    expect(await rowsOf(owner)).toBe(before);
    const [row] = await t.db
      .select()
      .from(treatments)
      .where(and(eq(treatments.id, tr.id), eq(treatments.farmId, owner.user.id)));
    expect(row).toMatchObject({ endDate: tr.endDate, eggWithdrawalDays: 7, flockId: flock.id });
  });
});
