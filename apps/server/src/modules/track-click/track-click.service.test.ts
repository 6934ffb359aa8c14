import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clickEvents } from "../../db/schema/index";
import { createTestApp, type TestApp } from "../../test/helpers";
import { ClickWriter, clickRow } from "./track-click.service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const click = (sessionId: string, userId: string | null = null) =>
  clickRow({ elementName: "Buy", elementType: "button", page: "/", sessionId }, userId);

describe("ClickWriter (group commit)", () => {
  it("stores every click of a burst, each acknowledged only once stored", async () => {
    const writer = new ClickWriter(t.db);
    const session = `burst-${randomUUID()}`;
    await Promise.all(Array.from({ length: 300 }, () => writer.record(click(session))));
    const rows = await t.db.select().from(clickEvents).where(eq(clickEvents.sessionId, session));
    expect(rows).toHaveLength(300);
  });

  it("a row that cannot be stored fails alone; the rest of its batch is kept", async () => {
    const writer = new ClickWriter(t.db);
    const session = `mixed-${randomUUID()}`;
    const results = await Promise.allSettled([
      writer.record(click(session)),
      writer.record(click(session)),
      // No such keeper: the foreign key refuses it.
      writer.record(click(session, randomUUID())),
      writer.record(click(session)),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    const rows = await t.db.select().from(clickEvents).where(eq(clickEvents.sessionId, session));
    expect(rows).toHaveLength(3);
  });
});
