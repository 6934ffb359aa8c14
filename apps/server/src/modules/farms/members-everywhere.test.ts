import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, createTestApp, createSecondInstance, type TestApp } from "../../test/helpers";
import { postChicken } from "../../test/factories";

/*
 * Issue 18: a removed member loses access at once on every instance. Each instance keeps the
 * members' farm and role in memory for a few seconds; a membership change on one instance reaches
 * the other through the invalidation channel (LISTEN/NOTIFY on PostgreSQL, in-process on the
 * embedded database, where the second instance shares the handle).
 */

let t: TestApp;
let other: FastifyInstance;
let second: Awaited<ReturnType<typeof createSecondInstance>>;

beforeAll(async () => {
  t = await createTestApp();
  second = await createSecondInstance(t);
  other = second.app;
});

afterAll(async () => {
  await second.close();
  await t.close();
});

describe("membership changes reach every instance", () => {
  it("a member removed on one instance is refused on the other within 1 s", async () => {
    const owner = await buildUser(t);
    const hen = await postChicken(owner);
    const inv = await owner.inject({
      method: "POST",
      url: `/api/farms/${owner.user.id}/invitations`,
      payload: { role: "helper" },
    });
    const helper = await buildUser(t);
    const joined = await helper.inject({
      method: "POST",
      url: `/api/invitations/${inv.json<{ token: string }>().token}/accept`,
    });
    expect(joined.statusCode).toBe(200);
    const onOther = () =>
      other.inject({ url: `/api/chickens/${hen.id}`, headers: { cookie: helper.cookie } });
    // The other instance now holds the helper's membership in memory.
    expect((await onOther()).statusCode).toBe(200);

    const removed = await owner.inject({
      method: "DELETE",
      url: `/api/farms/${owner.user.id}/members/${helper.user.id}`,
    });
    expect(removed.statusCode).toBe(204);
    const started = Date.now();
    for (;;) {
      const res = await onOther();
      if (res.statusCode === 404) break;
      expect(res.statusCode).toBe(200);
      if (Date.now() - started > 1000) throw new Error("the other instance still lets them in");
      await new Promise((r) => setTimeout(r, 25));
    }
  });
});
