import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Chicken } from "@flockkeeper/shared/schemas/chicken";
import type { Flock, FlockEvent } from "@flockkeeper/shared/schemas/flock";
import type { ConditionSummary } from "@flockkeeper/shared/schemas/loss";
import { chickens, flockEvents } from "../../db/schema/index";
import { createTestApp, type TestApp, type TestUser } from "../../test/helpers";
import { buildKeeper, buildMember, daysAgo, today } from "../../test/factories";

/* Losses explained (issue 20 item 5): a cause from the short list and a condition for died/culled. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newFlock(keeper: TestUser) {
  const res = await keeper.inject({
    method: "POST",
    url: "/api/flocks",
    payload: { name: "Coop A", startDate: daysAgo(10), headcount: 10 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Flock>();
}

const event = (keeper: TestUser, flockId: string, payload: Record<string, unknown>) =>
  keeper.inject({ method: "POST", url: `/api/flocks/${flockId}/events`, payload });

const eventsOf = async (flockId: string) =>
  t.db.select().from(flockEvents).where(eq(flockEvents.flockId, flockId));

describe("GET /api/health-conditions", () => {
  it("lists the conditions base A to Z, public, with the notifiable ones marked", async () => {
    const res = await t.app.inject({ url: "/api/health-conditions" });
    expect(res.statusCode).toBe(200);
    const list = res.json<ConditionSummary[]>();
    expect(list.length).toBeGreaterThan(30);
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(list.find((c) => c.id === "newcastle-disease")?.reportable).toBe(true);
    expect(list.find((c) => c.id === "egg-binding")?.reportable).toBe(false);
  });
});

describe("died and culled events take a loss cause and a condition", () => {
  it("records the cause and condition, keeps the free text, and corrects them", async () => {
    const keeper = await buildKeeper(t);
    const flock = await newFlock(keeper);
    const res = await event(keeper, flock.id, {
      type: "died",
      date: today,
      count: 2,
      lossCause: "disease",
      conditionId: "newcastle-disease",
      cause: "Twisted necks",
      notes: "Found in the morning",
    });
    expect(res.statusCode, res.body).toBe(201);
    const died = res.json<FlockEvent>();
    expect(died).toMatchObject({
      lossCause: "disease",
      conditionId: "newcastle-disease",
      cause: "Twisted necks",
      notes: "Found in the morning",
    });
    const listed = (await keeper.inject({ url: `/api/flocks/${flock.id}/events` })).json<
      FlockEvent[]
    >();
    expect(listed.find((e) => e.id === died.id)).toMatchObject({ lossCause: "disease" });

    const fix = await keeper.inject({
      method: "PATCH",
      url: `/api/flocks/${flock.id}/events/${died.id}`,
      payload: { lossCause: "unknown", conditionId: null },
    });
    expect(fix.statusCode, fix.body).toBe(200);
    expect(fix.json()).toMatchObject({
      lossCause: "unknown",
      conditionId: null,
      cause: "Twisted necks",
    });

    const culled = await event(keeper, flock.id, {
      type: "culled",
      date: today,
      count: 1,
      lossCause: "egg_bound",
    });
    expect(culled.statusCode, culled.body).toBe(201);
    expect(culled.json()).toMatchObject({ lossCause: "egg_bound", conditionId: null });

    // Without a cause an event is still recorded (older clients), with null fields.
    const plain = await event(keeper, flock.id, { type: "died", date: today, count: 1 });
    expect(plain.json()).toMatchObject({ lossCause: null, conditionId: null });
  });

  it.each([
    [{ type: "died", lossCause: "dragon" }, "lossCause", 400],
    [{ type: "died", lossCause: "disease", conditionId: "no-such-condition" }, "conditionId", 400],
    [{ type: "died", conditionId: "Not An Id!" }, "conditionId", 400],
    [{ type: "sold", lossCause: "predator" }, "lossCause", 400],
    [{ type: "acquired", conditionId: "coccidiosis" }, "conditionId", 400],
  ])("refuses %o at %s, writing nothing", async (body, field, status) => {
    const keeper = await buildKeeper(t);
    const flock = await newFlock(keeper);
    const before = await eventsOf(flock.id);
    const res = await event(keeper, flock.id, { date: today, count: 1, ...body });
    expect(res.statusCode, res.body).toBe(status);
    expect(JSON.stringify(res.json())).toContain(field);
    expect(await eventsOf(flock.id)).toHaveLength(before.length);
  });

  it("refuses a cause on a correction of a sale, and an unknown condition, changing nothing", async () => {
    const keeper = await buildKeeper(t);
    const flock = await newFlock(keeper);
    const sold = (
      await event(keeper, flock.id, { type: "sold", date: today, count: 1 })
    ).json<FlockEvent>();
    const bad = await keeper.inject({
      method: "PATCH",
      url: `/api/flocks/${flock.id}/events/${sold.id}`,
      payload: { lossCause: "predator", count: 2 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe("lossCause");
    const died = (
      await event(keeper, flock.id, { type: "died", date: today, count: 1 })
    ).json<FlockEvent>();
    const unknown = await keeper.inject({
      method: "PATCH",
      url: `/api/flocks/${flock.id}/events/${died.id}`,
      payload: { conditionId: "no-such-condition", count: 2 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe("conditionId");
    const rows = await eventsOf(flock.id);
    expect(rows.find((r) => r.id === sold.id)).toMatchObject({ count: 1, lossCause: null });
    expect(rows.find((r) => r.id === died.id)).toMatchObject({ count: 1, conditionId: null });
  });

  it("gives the cause to the bird the event names, and takes it back when the event goes", async () => {
    const keeper = await buildKeeper(t);
    const flock = await newFlock(keeper);
    const hen = (
      await keeper.inject({
        method: "POST",
        url: "/api/chickens",
        payload: { name: "Hetty", breed: "Sussex", flockId: flock.id },
      })
    ).json<Chicken>();
    const died = (
      await event(keeper, flock.id, {
        type: "died",
        date: today,
        count: 1,
        chickenId: hen.id,
        lossCause: "disease",
        conditionId: "mareks-disease",
      })
    ).json<FlockEvent>();
    const bird = (await keeper.inject({ url: `/api/chickens/${hen.id}` })).json<Chicken>();
    expect(bird).toMatchObject({
      outcome: "died",
      outcomeCause: "disease",
      outcomeConditionId: "mareks-disease",
    });
    await keeper.inject({
      method: "PATCH",
      url: `/api/flocks/${flock.id}/events/${died.id}`,
      payload: { lossCause: "unknown", conditionId: null },
    });
    const [row] = await t.db.select().from(chickens).where(eq(chickens.id, hen.id));
    expect(row).toMatchObject({ outcomeCause: "unknown", outcomeConditionId: null });
    await keeper.inject({ method: "DELETE", url: `/api/flocks/${flock.id}/events/${died.id}` });
    const back = (await keeper.inject({ url: `/api/chickens/${hen.id}` })).json<Chicken>();
    expect(back).toMatchObject({ outcome: null, outcomeCause: null, outcomeConditionId: null });
  });

  it("lets a helper record a death with a cause, as any loss", async () => {
    const keeper = await buildKeeper(t);
    const flock = await newFlock(keeper);
    const helper = await buildMember(t, keeper, "helper");
    const res = await event(helper, flock.id, {
      type: "died",
      date: today,
      count: 1,
      lossCause: "unknown",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ lossCause: "unknown", createdBy: helper.user.id });
  });
});

describe("a bird's outcome takes a loss cause", () => {
  async function soloHen(keeper: TestUser) {
    return (
      await keeper.inject({
        method: "POST",
        url: "/api/chickens",
        payload: { name: "Solo", breed: "Silkie" },
      })
    ).json<Chicken>();
  }

  it("records cause and condition for died or culled and clears them on undo", async () => {
    const keeper = await buildKeeper(t);
    const hen = await soloHen(keeper);
    const res = await keeper.inject({
      method: "POST",
      url: `/api/chickens/${hen.id}/outcome`,
      payload: { outcome: "culled", date: today, lossCause: "disease", conditionId: "coccidiosis" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      outcome: "culled",
      outcomeCause: "disease",
      outcomeConditionId: "coccidiosis",
    });
    const undo = await keeper.inject({
      method: "POST",
      url: `/api/chickens/${hen.id}/outcome`,
      payload: { outcome: null },
    });
    expect(undo.json()).toMatchObject({
      outcome: null,
      outcomeCause: null,
      outcomeConditionId: null,
    });
  });

  it.each([
    [{ outcome: "sold", lossCause: "disease" }, "lossCause"],
    [{ outcome: "died", lossCause: "bad-luck" }, "lossCause"],
    [{ outcome: "died", conditionId: "no-such-condition" }, "conditionId"],
    [{ outcome: null, conditionId: "coccidiosis" }, "conditionId"],
  ])("refuses %o at %s, changing nothing", async (payload, field) => {
    const keeper = await buildKeeper(t);
    const hen = await soloHen(keeper);
    const res = await keeper.inject({
      method: "POST",
      url: `/api/chickens/${hen.id}/outcome`,
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
    const [row] = await t.db.select().from(chickens).where(eq(chickens.id, hen.id));
    expect(row).toMatchObject({ outcome: null, outcomeCause: null });
  });
});
