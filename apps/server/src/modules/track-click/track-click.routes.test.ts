import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clickEvents } from "../../db/schema/index";
import { buildUser, createTestApp, type TestApp } from "../../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = {
  elementName: "Flock Manager",
  elementType: "button",
  elementId: "home-flock",
  page: "/",
  sessionId: "s3ss10n1dXYZ",
  metadata: { position: 1 },
};

describe("POST /api/track-click", () => {
  it("stores a click, with the keeper's id when signed in", async () => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({
      method: "POST",
      url: "/api/track-click",
      payload: { ...valid, sessionId: "keeperSession1" },
    });
    expect(res.statusCode).toBe(204);
    const rows = await t.db
      .select()
      .from(clickEvents)
      .where(eq(clickEvents.sessionId, "keeperSession1"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      elementName: "Flock Manager",
      page: "/",
      userId: keeper.user.id,
    });
  });

  it("accepts anonymous clicks", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/track-click",
      payload: { ...valid, sessionId: "anonSession1" },
    });
    expect(res.statusCode).toBe(204);
    const rows = await t.db
      .select()
      .from(clickEvents)
      .where(eq(clickEvents.sessionId, "anonSession1"));
    expect(rows[0]?.userId).toBeNull();
  });

  it.each([
    ["missing fields", { elementName: "x" }],
    ["unknown field", { ...valid, sessionId: "bad1bad1bad1", extra: 1 }],
    ["a 10 KB name", { ...valid, sessionId: "bad2bad2bad2", elementName: "x".repeat(5000) }],
    ["a bad session id", { ...valid, sessionId: "<script>" }],
    [
      "too many metadata keys",
      {
        ...valid,
        sessionId: "bad3bad3bad3",
        metadata: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i])),
      },
    ],
    [
      "a nested metadata object",
      { ...valid, sessionId: "bad4bad4bad4", metadata: { a: { b: 1 } } },
    ],
  ])("rejects %s with a 400 and stores nothing", async (_name, payload) => {
    const res = await t.app.inject({ method: "POST", url: "/api/track-click", payload });
    expect([400, 413]).toContain(res.statusCode);
    const sid = (payload as { sessionId?: string }).sessionId;
    if (sid)
      expect(
        await t.db.select().from(clickEvents).where(eq(clickEvents.sessionId, sid)),
      ).toHaveLength(0);
  });

  it("rate limits a flood from one address", async () => {
    let limited = 0;
    for (let i = 0; i < 130; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/track-click",
        remoteAddress: "10.9.9.9",
        payload: { ...valid, sessionId: "floodSession" },
      });
      if (res.statusCode === 429) limited++;
    }
    expect(limited).toBeGreaterThan(0);
  });
});
