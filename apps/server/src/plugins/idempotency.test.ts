import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eggCollections, idempotencyKeys } from "../db/schema/index";
import {
  buildUser,
  createSecondInstance,
  createTestApp,
  type TestApp,
  type TestUser,
} from "../test/helpers";
import { daysAgo } from "../test/factories";

/*
 * Issue 23 item 2: a write sent twice with one Idempotency-Key makes one record and gets the first
 * answer again, on this instance or another one on the same database; a key is one keeper's.
 */

let t: TestApp;
let second: Awaited<ReturnType<typeof createSecondInstance>>;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  second = await createSecondInstance(t);
  other = second.app;
});
afterAll(async () => {
  await second.close();
  await t.close();
});

async function flockOf(keeper: TestUser) {
  const res = await keeper.inject({
    method: "POST",
    url: "/api/flocks",
    payload: { name: "Coop A", startDate: daysAgo(30), headcount: 12 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

const basket = (keeper: TestUser, key: string, payload: Record<string, unknown>) =>
  keeper.inject({
    method: "POST",
    url: "/api/egg-collections",
    headers: { "idempotency-key": key },
    payload,
  });

const baskets = async (flockId: string) =>
  t.db.select().from(eggCollections).where(eq(eggCollections.flockId, flockId));

describe("Idempotency-Key", () => {
  it("answers a repeated write with the first answer and makes one record", async () => {
    const keeper = await buildUser(t);
    const flockId = await flockOf(keeper);
    const key = randomUUID();
    const payload = { flockId, date: daysAgo(0), eggs: 9 };
    const first = await basket(keeper, key, payload);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await basket(keeper, key, payload);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.headers["content-type"]).toMatch(/application\/json/);
    expect(again.json()).toEqual(first.json());
    expect(await baskets(flockId)).toHaveLength(1);
    // Without the key the same body is a new request (here: the day already has its basket).
    const plain = await keeper.inject({
      method: "POST",
      url: "/api/egg-collections",
      payload,
    });
    expect(plain.statusCode).toBe(409);
  });

  it("gives the same answer on another instance of the same database", async () => {
    const keeper = await buildUser(t);
    const flockId = await flockOf(keeper);
    const key = randomUUID();
    const payload = { flockId, date: daysAgo(1), eggs: 7 };
    const first = await basket(keeper, key, payload);
    expect(first.statusCode).toBe(201);
    const onOther = await other.inject({
      method: "POST",
      url: "/api/egg-collections",
      headers: { cookie: keeper.cookie, origin: t.config.publicUrl, "idempotency-key": key },
      payload,
    });
    expect(onOther.statusCode).toBe(201);
    expect(onOther.headers["idempotent-replayed"]).toBe("true");
    expect(onOther.json()).toEqual(first.json());
    expect(await baskets(flockId)).toHaveLength(1);
  });

  it("keeps a refusal too, and sends the same refusal again", async () => {
    const keeper = await buildUser(t);
    const flockId = await flockOf(keeper);
    const key = randomUUID();
    // A loss larger than the flock: 422 naming the count there was.
    const send = () =>
      keeper.inject({
        method: "POST",
        url: `/api/flocks/${flockId}/events`,
        headers: { "idempotency-key": key },
        payload: { type: "died", date: daysAgo(0), count: 50 },
      });
    const first = await send();
    expect(first.statusCode).toBeGreaterThanOrEqual(400);
    expect(first.statusCode).toBeLessThan(500);
    const again = await send();
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
  });

  it("refuses a key used for a different request, or by another keeper, and never shows their answer", async () => {
    const keeper = await buildUser(t);
    const flockId = await flockOf(keeper);
    const key = randomUUID();
    expect((await basket(keeper, key, { flockId, date: daysAgo(2), eggs: 5 })).statusCode).toBe(
      201,
    );
    const changed = await basket(keeper, key, { flockId, date: daysAgo(2), eggs: 6 });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().message).toMatch(/already used for a different request/);

    const stranger = await buildUser(t);
    const strangerFlock = await flockOf(stranger);
    const stolen = await basket(stranger, key, { flockId, date: daysAgo(2), eggs: 5 });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.body).not.toContain(flockId);
    const own = await basket(stranger, key, { flockId: strangerFlock, date: daysAgo(2), eggs: 5 });
    expect(own.statusCode).toBe(422);
    expect(await baskets(strangerFlock)).toHaveLength(0);
    const [row] = await t.db
      .select({ eggs: eggCollections.eggs })
      .from(eggCollections)
      .where(eq(eggCollections.flockId, flockId));
    expect(row!.eggs).toBe(5);
  });

  it("refuses a malformed key with a clear 400 and writes nothing", async () => {
    const keeper = await buildUser(t);
    const flockId = await flockOf(keeper);
    for (const key of ["short", "x".repeat(256), "has space inside"]) {
      const res = await basket(keeper, key, { flockId, date: daysAgo(3), eggs: 4 });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message).toMatch(/Idempotency-Key must be 8 to 255 printable characters/);
    }
    expect(await baskets(flockId)).toHaveLength(0);
  });

  it("answers one of two simultaneous sends and refuses or replays the other: one record", async () => {
    const keeper = await buildUser(t);
    const flockId = await flockOf(keeper);
    const key = randomUUID();
    const payload = { flockId, date: daysAgo(4), eggs: 11 };
    const [a, b] = await Promise.all([basket(keeper, key, payload), basket(keeper, key, payload)]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(codes);
    expect(await baskets(flockId)).toHaveLength(1);
  });

  it("leaves reads, signed-out requests and requests without the header alone", async () => {
    const keeper = await buildUser(t);
    const key = randomUUID();
    const read = await keeper.inject({ url: "/api/flocks", headers: { "idempotency-key": key } });
    expect(read.statusCode).toBe(200);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/flocks",
      headers: { origin: t.config.publicUrl, "idempotency-key": key },
      payload: { name: "X", startDate: daysAgo(1), headcount: 1 },
    });
    expect(out.statusCode).toBe(401);
    const rows = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(rows).toHaveLength(0);
  });
});
