import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EggCollection, Flock } from "@flockkeeper/shared/schemas/flock";
import { createTestApp, expectPrivate, type TestApp, type TestUser } from "../../test/helpers";
import { buildKeeper, buildMember, daysAgo, today } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function flockOf(keeper: TestUser) {
  const res = await keeper.inject({
    method: "POST",
    url: "/api/flocks",
    payload: { name: "Layers", startDate: daysAgo(10), headcount: 20 },
  });
  return res.json<Flock>();
}

const post = (keeper: TestUser, payload: Record<string, unknown>) =>
  keeper.inject({ method: "POST", url: "/api/egg-collections", payload });

describe("egg collections (the basket)", () => {
  it("is private: 401 signed out, another farm sees nothing and reaches nothing (404)", async () => {
    const owner = await buildKeeper(t);
    const flock = await flockOf(owner);
    const basket = (
      await post(owner, { flockId: flock.id, date: today, eggs: 12 })
    ).json<EggCollection>();
    await expectPrivate(t, { method: "GET", url: "/api/egg-collections" }, { list: true });
    await expectPrivate(t, {
      method: "PATCH",
      url: `/api/egg-collections/${basket.id}`,
      payload: { eggs: 1 },
    });
    await expectPrivate(t, { method: "DELETE", url: `/api/egg-collections/${basket.id}` });
    // Another farm cannot log into this farm's flock either.
    const stranger = await buildKeeper(t);
    const theirs = await post(stranger, { flockId: flock.id, date: today, eggs: 1 });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().field).toBe("flockId");
    const list = await owner.inject({ url: "/api/egg-collections" });
    expect(list.json<EggCollection[]>().map((b) => b.eggs)).toEqual([12]);
  });

  it("lets every role log; keepers correct any basket, helpers their own within 24 h", async () => {
    const owner = await buildKeeper(t);
    const flock = await flockOf(owner);
    const keeper = await buildMember(t, owner, "keeper");
    const helper = await buildMember(t, owner, "helper");
    const byOwner = (
      await post(owner, { flockId: flock.id, date: daysAgo(2), eggs: 15 })
    ).json<EggCollection>();
    const byHelper = await post(helper, { flockId: flock.id, date: daysAgo(1), eggs: 14 });
    expect(byHelper.statusCode, byHelper.body).toBe(201);
    const helperBasket = byHelper.json<EggCollection>();
    expect(helperBasket.createdBy).toBe(helper.user.id);

    const own = await helper.inject({
      method: "PATCH",
      url: `/api/egg-collections/${helperBasket.id}`,
      payload: { eggs: 13 },
    });
    expect(own.statusCode).toBe(200);
    const others = await helper.inject({
      method: "PATCH",
      url: `/api/egg-collections/${byOwner.id}`,
      payload: { eggs: 1 },
    });
    expect(others.statusCode).toBe(403);
    await t.db.execute(
      sql`update egg_collections set created_at = now() - interval '25 hours' where id = ${helperBasket.id}`,
    );
    const late = await helper.inject({
      method: "DELETE",
      url: `/api/egg-collections/${helperBasket.id}`,
    });
    expect(late.statusCode).toBe(403);
    const byKeeper = await keeper.inject({
      method: "DELETE",
      url: `/api/egg-collections/${helperBasket.id}`,
    });
    expect(byKeeper.statusCode).toBe(204);
    const ownerEdit = await owner.inject({
      method: "PATCH",
      url: `/api/egg-collections/${byOwner.id}`,
      payload: { eggs: 16, notes: "Recount" },
    });
    expect(ownerEdit.json()).toMatchObject({
      eggs: 16,
      notes: "Recount",
      updatedBy: owner.user.id,
    });
  });

  it("refuses bad input with a 4xx naming the field and writes nothing", async () => {
    const owner = await buildKeeper(t);
    const flock = await flockOf(owner);
    const cases: [Record<string, unknown>, string][] = [
      [{ date: today, eggs: 3 }, "flockId"],
      [{ flockId: "not-a-uuid", date: today, eggs: 3 }, "flockId"],
      [{ flockId: flock.id, date: "2999-01-01", eggs: 3 }, "date"],
      [{ flockId: flock.id, date: daysAgo(11), eggs: 3 }, "date"],
      [{ flockId: flock.id, date: today, eggs: -1 }, "eggs"],
      [{ flockId: flock.id, date: today, eggs: 2.5 }, "eggs"],
      [{ flockId: flock.id, date: today, eggs: 3, cracked: 4 }, "cracked"],
      [{ flockId: flock.id, date: today, eggs: 3, notes: "x".repeat(2001) }, "notes"],
    ];
    for (const [payload, field] of cases) {
      const res = await post(owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      const body = res.json();
      expect(JSON.stringify(body.field ?? body.issues), JSON.stringify(payload)).toContain(field);
    }
    const basket = (
      await post(owner, { flockId: flock.id, date: today, eggs: 5 })
    ).json<EggCollection>();
    const dirty = await owner.inject({
      method: "PATCH",
      url: `/api/egg-collections/${basket.id}`,
      payload: { dirty: 6 },
    });
    expect(dirty.statusCode).toBe(400);
    expect(dirty.json().field).toBe("dirty");
    const range = await owner.inject({
      url: `/api/egg-collections?from=${today}&to=${daysAgo(3)}`,
    });
    expect(range.statusCode).toBe(400);
    const list = (await owner.inject({ url: "/api/egg-collections" })).json<EggCollection[]>();
    expect(list.map((b) => b.eggs)).toEqual([5]);
  });
});
