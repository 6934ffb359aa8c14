import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Flock, FlockEvent, FlockProduction } from "@flockkeeper/shared/schemas/flock";
import { createTestApp, expectPrivate, type TestApp, type TestUser } from "../../test/helpers";
import { buildKeeper, buildMember, daysAgo, today } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newFlock(keeper: TestUser, payload: Record<string, unknown> = {}) {
  const res = await keeper.inject({
    method: "POST",
    url: "/api/flocks",
    payload: { name: "Layers", startDate: daysAgo(10), headcount: 25, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Flock>();
}

const event = (keeper: TestUser, flockId: string, payload: Record<string, unknown>) =>
  keeper.inject({ method: "POST", url: `/api/flocks/${flockId}/events`, payload });

const flockOf = async (keeper: TestUser, id: string) =>
  (await keeper.inject({ url: `/api/flocks/${id}?today=${today}` })).json<Flock>();

describe("flocks", () => {
  it("creates a flock with its starting headcount and lists it", async () => {
    const keeper = await buildKeeper(t);
    const flock = await newFlock(keeper, { females: 24, males: 1, location: "Big coop" });
    expect(flock).toMatchObject({
      name: "Layers",
      species: "chicken",
      purpose: "layers",
      location: "Big coop",
      headcount: 25,
      females: 24,
      males: 1,
      profiles: 0,
      archived: false,
      createdBy: keeper.user.id,
    });
    const list = await keeper.inject({ url: "/api/flocks" });
    expect(list.json<Flock[]>().map((f) => f.headcount)).toEqual([25]);
    // The list's raw statement writes each field itself (dates as text, timestamps as ISO text):
    // every field as the one flock's answer and as the create's, to the millisecond.
    expect(list.json<Flock[]>()).toEqual([await flockOf(keeper, flock.id)]);
    expect(list.json<Flock[]>()[0]!.createdAt).toBe(flock.createdAt);
    expect(flock.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const events = await keeper.inject({ url: `/api/flocks/${flock.id}/events` });
    expect(events.json<FlockEvent[]>()).toMatchObject([
      { type: "acquired", count: 25, date: daysAgo(10) },
    ]);
  });

  it("is private: signed out 401, another farm 404 or an empty list", async () => {
    const keeper = await buildKeeper(t);
    const flock = await newFlock(keeper);
    await expectPrivate(t, { method: "GET", url: "/api/flocks" }, { list: true });
    await expectPrivate(t, { method: "GET", url: `/api/flocks/${flock.id}` });
    await expectPrivate(t, { method: "GET", url: `/api/flocks/${flock.id}/events` });
    await expectPrivate(t, { method: "GET", url: `/api/flocks/${flock.id}/production` });
    await expectPrivate(t, {
      method: "PATCH",
      url: `/api/flocks/${flock.id}`,
      payload: { name: "Mine" },
    });
    await expectPrivate(t, {
      method: "POST",
      url: `/api/flocks/${flock.id}/events`,
      payload: { type: "died", date: today, count: 1 },
    });
    await expectPrivate(t, { method: "DELETE", url: `/api/flocks/${flock.id}` });
    expect((await flockOf(keeper, flock.id)).headcount).toBe(25);
  });

  it("keeps the headcount as the sum of events and refuses a loss larger than it", async () => {
    const keeper = await buildKeeper(t);
    const flock = await newFlock(keeper);
    const died = await event(keeper, flock.id, {
      type: "predator",
      date: daysAgo(2),
      count: 1,
      cause: "Fox",
    });
    expect(died.statusCode, died.body).toBe(201);
    expect((await flockOf(keeper, flock.id)).headcount).toBe(24);

    const tooMany = await event(keeper, flock.id, { type: "sold", date: today, count: 30 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ field: "count", available: 24 });
    expect(tooMany.json().message).toMatch(/Only 24 birds/);

    const early = await event(keeper, flock.id, { type: "died", date: daysAgo(11), count: 1 });
    expect(early.statusCode).toBe(400);
    expect(early.json().field).toBe("date");

    const future = await event(keeper, flock.id, { type: "died", date: "2999-01-01", count: 1 });
    expect(future.statusCode).toBe(400);
    expect(future.json().issues[0].path).toMatch(/date/);

    // Editing the starting delivery down below the later loss is refused; nothing changes.
    const [start] = (await keeper.inject({ url: `/api/flocks/${flock.id}/events` }))
      .json<FlockEvent[]>()
      .filter((e) => e.type === "acquired");
    const shrink = await keeper.inject({
      method: "PATCH",
      url: `/api/flocks/${flock.id}/events/${start!.id}`,
      payload: { count: 0 },
    });
    expect(shrink.statusCode).toBe(400);
    const del = await keeper.inject({
      method: "DELETE",
      url: `/api/flocks/${flock.id}/events/${start!.id}`,
    });
    expect(del.statusCode).toBe(409);
    expect((await flockOf(keeper, flock.id)).headcount).toBe(24);

    // Correcting the loss works and the headcount follows.
    const loss = (await died.json()) as FlockEvent;
    const fixed = await keeper.inject({
      method: "PATCH",
      url: `/api/flocks/${flock.id}/events/${loss.id}`,
      payload: { count: 2 },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await flockOf(keeper, flock.id)).headcount).toBe(23);
  });

  it("moves birds between flocks as one event, edited and deleted as one", async () => {
    const keeper = await buildKeeper(t);
    const a = await newFlock(keeper, { name: "A" });
    const b = await newFlock(keeper, { name: "B", headcount: 0 });
    const ducks = await newFlock(keeper, { name: "Ducks", species: "duck" });
    const wrong = await event(keeper, a.id, {
      type: "moved_out",
      date: today,
      count: 5,
      toFlockId: ducks.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe("toFlockId");

    const move = await event(keeper, a.id, {
      type: "moved_out",
      date: today,
      count: 5,
      toFlockId: b.id,
    });
    expect(move.statusCode, move.body).toBe(201);
    expect((await flockOf(keeper, a.id)).headcount).toBe(20);
    expect((await flockOf(keeper, b.id)).headcount).toBe(5);

    // B cannot lose more than it received.
    const overB = await event(keeper, b.id, { type: "died", date: today, count: 6 });
    expect(overB.statusCode).toBe(409);

    const moved = move.json<FlockEvent>();
    await keeper.inject({
      method: "PATCH",
      url: `/api/flocks/${a.id}/events/${moved.id}`,
      payload: { count: 3 },
    });
    expect((await flockOf(keeper, b.id)).headcount).toBe(3);
    const del = await keeper.inject({
      method: "DELETE",
      url: `/api/flocks/${a.id}/events/${moved.id}`,
    });
    expect(del.statusCode).toBe(204);
    expect((await flockOf(keeper, a.id)).headcount).toBe(25);
    expect((await flockOf(keeper, b.id)).headcount).toBe(0);
  });

  it("gives a bird its outcome from a loss event and keeps the bird", async () => {
    const keeper = await buildKeeper(t);
    const flock = await newFlock(keeper, { headcount: 3 });
    const bird = await keeper.inject({
      method: "POST",
      url: "/api/chickens",
      payload: { name: "Goldie", breed: "Orpington", flockId: flock.id },
    });
    expect(bird.statusCode, bird.body).toBe(201);
    const hen = bird.json<{ id: string }>();
    const sold = await event(keeper, flock.id, {
      type: "sold",
      date: today,
      count: 1,
      chickenId: hen.id,
      buyer: "Mrs Jones",
      price: 12,
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const after = (await keeper.inject({ url: `/api/chickens/${hen.id}` })).json();
    expect(after).toMatchObject({ outcome: "sold", outcomeDate: today, outcomeNotes: "Mrs Jones" });
    expect((await flockOf(keeper, flock.id)).headcount).toBe(2);
    await keeper.inject({
      method: "DELETE",
      url: `/api/flocks/${flock.id}/events/${sold.json<FlockEvent>().id}`,
    });
    const back = (await keeper.inject({ url: `/api/chickens/${hen.id}` })).json();
    expect(back).toMatchObject({ outcome: null, outcomeDate: null, flockId: flock.id });
  });

  it("lets a helper add events, correct their own within 24 h, and hides prices", async () => {
    const owner = await buildKeeper(t);
    const flock = await newFlock(owner);
    const helper = await buildMember(t, owner, "helper");
    const sale = await event(owner, flock.id, { type: "sold", date: today, count: 1, price: 5 });
    const own = await event(helper, flock.id, { type: "died", date: today, count: 1 });
    expect(own.statusCode, own.body).toBe(201);
    const list = (await helper.inject({ url: `/api/flocks/${flock.id}/events` })).json<
      FlockEvent[]
    >();
    expect(list.find((e) => e.type === "sold")?.price).toBeNull();
    const ownId = own.json<FlockEvent>().id;
    const edit = await helper.inject({
      method: "PATCH",
      url: `/api/flocks/${flock.id}/events/${ownId}`,
      payload: { notes: "Found in the morning" },
    });
    expect(edit.statusCode).toBe(200);
    const others = await helper.inject({
      method: "DELETE",
      url: `/api/flocks/${flock.id}/events/${sale.json<FlockEvent>().id}`,
    });
    expect(others.statusCode).toBe(403);
    await t.db.execute(
      sql`update flock_events set created_at = now() - interval '25 hours' where id = ${ownId}`,
    );
    const late = await helper.inject({
      method: "DELETE",
      url: `/api/flocks/${flock.id}/events/${ownId}`,
    });
    expect(late.statusCode).toBe(403);
    // Flocks themselves are the keepers' to change.
    const rename = await helper.inject({
      method: "PATCH",
      url: `/api/flocks/${flock.id}`,
      payload: { name: "Mine" },
    });
    expect(rename.statusCode).toBe(403);
    const keeper = await buildMember(t, owner, "keeper");
    const kept = await keeper.inject({
      method: "DELETE",
      url: `/api/flocks/${flock.id}/events/${ownId}`,
    });
    expect(kept.statusCode).toBe(204);
  });

  it("archives, and deletes a flock while its birds stay", async () => {
    const keeper = await buildKeeper(t);
    const flock = await newFlock(keeper);
    const bird = await keeper.inject({
      method: "POST",
      url: "/api/chickens",
      payload: { name: "Pip", breed: "Silkie", flockId: flock.id },
    });
    const arch = await keeper.inject({
      method: "PATCH",
      url: `/api/flocks/${flock.id}`,
      payload: { archived: true },
    });
    expect(arch.json()).toMatchObject({ archived: true, profiles: 1 });
    expect((await keeper.inject({ url: "/api/flocks" })).json()).toHaveLength(0);
    expect((await keeper.inject({ url: "/api/flocks?archived=true" })).json()).toHaveLength(1);
    const del = await keeper.inject({ method: "DELETE", url: `/api/flocks/${flock.id}` });
    expect(del.statusCode).toBe(204);
    const pip = await keeper.inject({ url: `/api/chickens/${bird.json().id}` });
    expect(pip.json()).toMatchObject({ name: "Pip", flockId: null });
  });
});

describe("egg collections and the lay rate", () => {
  it("logs one basket per flock and day, editable, and counts hen-days over recorded days", async () => {
    const keeper = await buildKeeper(t);
    const flock = await newFlock(keeper, { startDate: today, headcount: 25 });
    const basket = await keeper.inject({
      method: "POST",
      url: "/api/egg-collections",
      payload: { flockId: flock.id, date: today, eggs: 19 },
    });
    expect(basket.statusCode, basket.body).toBe(201);
    const again = await keeper.inject({
      method: "POST",
      url: "/api/egg-collections",
      payload: { flockId: flock.id, date: today, eggs: 3 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: "date", existingId: basket.json().id });

    const death = await event(keeper, flock.id, { type: "predator", date: today, count: 1 });
    expect(death.statusCode).toBe(201);
    expect((await flockOf(keeper, flock.id)).headcount).toBe(24);

    const prod = async () =>
      (
        await keeper.inject({ url: `/api/flocks/${flock.id}/production?today=${today}&days=30` })
      ).json<FlockProduction>();
    let p = await prod();
    expect(p).toMatchObject({ daysWithRecords: 1, eggs: 19, henDays: 24 });
    expect(p.layRate).toBeCloseTo(79.2, 1);
    // Egg Tracking's tiles say the same: one day of records, not a 30-day rate.
    const stats = await keeper.inject({ url: `/api/egg-records/stats?today=${today}` });
    expect(stats.json()).toMatchObject({
      eggsToday: 19,
      eggsLast30Days: 19,
      layingBirds: 24,
      layRate: 79.2,
      daysWithRecords: 1,
    });

    const fixed = await keeper.inject({
      method: "PATCH",
      url: `/api/egg-collections/${basket.json().id}`,
      payload: { eggs: 20 },
    });
    expect(fixed.statusCode).toBe(200);
    p = await prod();
    expect(p.eggs).toBe(20);
    expect(p.layRate).toBeCloseTo(83.3, 1);

    const cracked = await keeper.inject({
      method: "PATCH",
      url: `/api/egg-collections/${basket.json().id}`,
      payload: { cracked: 21 },
    });
    expect(cracked.statusCode).toBe(400);
    expect(cracked.json().field).toBe("cracked");
  });

  it("never adds a flock bird's own records on top of the basket", async () => {
    const keeper = await buildKeeper(t);
    const flock = await newFlock(keeper, { startDate: daysAgo(5), headcount: 4 });
    const hen = (
      await keeper.inject({
        method: "POST",
        url: "/api/chickens",
        payload: { name: "Hen", breed: "Leghorn", flockId: flock.id },
      })
    ).json<{ id: string }>();
    for (const date of [daysAgo(1), today]) {
      const r = await keeper.inject({
        method: "POST",
        url: "/api/egg-records",
        payload: { chickenId: hen.id, date, eggsLaid: 1 },
      });
      expect(r.statusCode, r.body).toBe(201);
    }
    await keeper.inject({
      method: "POST",
      url: "/api/egg-collections",
      payload: { flockId: flock.id, date: today, eggs: 3 },
    });
    const p = (
      await keeper.inject({ url: `/api/flocks/${flock.id}/production?today=${today}&days=7` })
    ).json<FlockProduction>();
    // Yesterday: the hen's own egg only; today: the basket of 3, which includes her egg.
    expect(p.daysWithRecords).toBe(2);
    expect(p.eggs).toBe(4);
    expect(p.henDays).toBe(8);
    const farm = (
      await keeper.inject({ url: `/api/flocks/production?today=${today}&days=7` })
    ).json<FlockProduction>();
    expect(farm).toMatchObject({ eggs: 4, henDays: 8, daysWithRecords: 2 });
  });
});

describe("bands and parentage", () => {
  it("keeps band ids unique within the farm and refuses parentage cycles", async () => {
    const keeper = await buildKeeper(t);
    const add = (payload: Record<string, unknown>) =>
      keeper.inject({
        method: "POST",
        url: "/api/chickens",
        payload: { breed: "Buckeye", ...payload },
      });
    const sire = (await add({ name: "Rex", sex: "rooster", bandId: "A1" })).json();
    const dam = (await add({ name: "May", sex: "hen", bandId: "A2" })).json();
    const dup = await add({ name: "Dup", bandId: "A1" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ field: "bandId" });
    const chick = await add({ name: "Chick", sex: "rooster", sireId: sire.id, damId: dam.id });
    expect(chick.statusCode, chick.body).toBe(201);
    const wrongSex = await add({ name: "X", sireId: dam.id });
    expect(wrongSex.json().field).toBe("sireId");
    const duck = (await add({ name: "D", species: "duck", sex: "male" })).json();
    const crossSpecies = await add({ name: "Y", sireId: duck.id });
    expect(crossSpecies.json().field).toBe("sireId");
    // Rex cannot have his own grandchild as his sire.
    const grandson = (
      await add({ name: "G", sex: "rooster", sireId: (chick.json() as { id: string }).id })
    ).json();
    const cycle = await keeper.inject({
      method: "PATCH",
      url: `/api/chickens/${sire.id}`,
      payload: { sireId: grandson.id },
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().message).toMatch(/descends/);
    const self = await keeper.inject({
      method: "PATCH",
      url: `/api/chickens/${sire.id}`,
      payload: { sireId: sire.id },
    });
    expect(self.statusCode).toBe(400);

    const preview = await keeper.inject({ url: `/api/chickens/${sire.id}/delete-preview` });
    expect(preview.json()).toMatchObject({ offspring: 1, eggRecords: 0 });
  });

  it("records the outcome of a bird in no flock, and refuses it for a bird in a flock", async () => {
    const keeper = await buildKeeper(t);
    const hen = (
      await keeper.inject({
        method: "POST",
        url: "/api/chickens",
        payload: { name: "Solo", breed: "Silkie" },
      })
    ).json();
    const res = await keeper.inject({
      method: "POST",
      url: `/api/chickens/${hen.id}/outcome`,
      payload: { outcome: "died", date: today, notes: "Old age" },
    });
    expect(res.json()).toMatchObject({ outcome: "died", outcomeDate: today });
    const flock = await newFlock(keeper);
    const inFlock = (
      await keeper.inject({
        method: "POST",
        url: "/api/chickens",
        payload: { name: "F", breed: "Silkie", flockId: flock.id },
      })
    ).json();
    const refused = await keeper.inject({
      method: "POST",
      url: `/api/chickens/${inFlock.id}/outcome`,
      payload: { outcome: "died" },
    });
    expect(refused.statusCode).toBe(409);
  });
});

describe("export and import", () => {
  it("carries flocks, their events and baskets, and parentage to another farm", async () => {
    const keeper = await buildKeeper(t);
    const a = await newFlock(keeper, { name: "A", headcount: 10 });
    const b = await newFlock(keeper, { name: "B", headcount: 0 });
    await event(keeper, a.id, { type: "moved_out", date: today, count: 4, toFlockId: b.id });
    await keeper.inject({
      method: "POST",
      url: "/api/egg-collections",
      payload: { flockId: a.id, date: today, eggs: 5 },
    });
    const add = async (payload: Record<string, unknown>) =>
      (
        await keeper.inject({
          method: "POST",
          url: "/api/chickens",
          payload: { breed: "Buckeye", flockId: a.id, ...payload },
        })
      ).json<{ id: string }>();
    // The child is created first, so the export lists it before its parents.
    const child = await add({ name: "Child" });
    const sire = await add({ name: "Sire", sex: "rooster", bandId: "S1" });
    await keeper.inject({
      method: "PATCH",
      url: `/api/chickens/${child.id}`,
      payload: { sireId: sire.id },
    });
    const doc = (await keeper.inject({ url: "/api/account/export" })).json();
    const fresh = await buildKeeper(t);
    const imp = await fresh.inject({ method: "POST", url: "/api/account/import", payload: doc });
    expect(imp.statusCode, imp.body).toBe(200);
    expect(imp.json().imported).toMatchObject({ flocks: 2, flockEvents: 3, eggCollections: 1 });
    const flocksThere = (await fresh.inject({ url: `/api/flocks?today=${today}` })).json<Flock[]>();
    expect(flocksThere.map((f) => [f.name, f.headcount])).toEqual([
      ["A", 6],
      ["B", 4],
    ]);
    const birds = (await fresh.inject({ url: "/api/chickens" })).json<
      { id: string; name: string; sireId: string | null; bandId: string | null }[]
    >();
    const newSire = birds.find((x) => x.name === "Sire")!;
    expect(birds.find((x) => x.name === "Child")!.sireId).toBe(newSire.id);
    expect(newSire.bandId).toBe("S1");
  });
});

describe("alerts follow the baskets", () => {
  it("raises the flock laying drop from baskets alone, and drops it when the basket is corrected", async () => {
    const keeper = await buildKeeper(t);
    const flock = await newFlock(keeper, { startDate: daysAgo(40), headcount: 20 });
    const baskets: { id: string; date: string }[] = [];
    for (let i = 0; i < 35; i++) {
      const date = daysAgo(i);
      const res = await keeper.inject({
        method: "POST",
        url: "/api/egg-collections",
        // 16 a day until a week ago, then 6.
        payload: { flockId: flock.id, date, eggs: i < 7 ? 6 : 16 },
      });
      expect(res.statusCode, res.body).toBe(201);
      baskets.push({ id: res.json().id, date });
    }
    const alerts = async () =>
      (await keeper.inject({ url: `/api/disease-alerts/active?today=${today}` })).json<
        { kind: string }[]
      >();
    expect((await alerts()).map((a) => a.kind)).toContain("flock-laying-drop");
    // The keeper finds the last week's baskets were mistyped: 16 each.
    for (const b of baskets.slice(0, 7)) {
      const res = await keeper.inject({
        method: "PATCH",
        url: `/api/egg-collections/${b.id}`,
        payload: { eggs: 16 },
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await alerts()).map((a) => a.kind)).not.toContain("flock-laying-drop");
  });
});

describe("feed per flock", () => {
  it("records one feed entry for a flock without bird profiles, listed and exported by its name", async () => {
    const keeper = await buildKeeper(t);
    const flock = await newFlock(keeper, { name: "Barn layers", headcount: 30 });
    const res = await keeper.inject({
      method: "POST",
      url: "/api/feed-records/flock",
      payload: { flockId: flock.id, date: today, feedType: "Layer pellets", feedAmount: 7.5 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject([
      { flockId: flock.id, chickenId: null, chickenName: "Barn layers", feedAmount: 7.5 },
    ]);
    const recent = await keeper.inject({ url: `/api/feed-records/recent?today=${today}` });
    expect(recent.json()).toMatchObject([{ chickenName: "Barn layers", flockId: flock.id }]);
    const csv = await keeper.inject({ url: "/api/production/export/feed" });
    expect(csv.body).toContain("Barn layers");
    const summary = await keeper.inject({ url: `/api/production/summary?today=${today}` });
    expect(summary.json()).toMatchObject({ totalFeedLbs: 7.5 });
    const other = await buildKeeper(t);
    const theirs = await other.inject({
      method: "POST",
      url: "/api/feed-records/flock",
      payload: { flockId: flock.id, date: today, feedType: "Layer pellets", feedAmount: 1 },
    });
    expect(theirs.statusCode).toBe(404);
  });
});
