import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clickEvents } from "../../db/schema/index";
import { buildUser, createTestApp, type TestApp } from "../../test/helpers";
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
  it("stores every field as sent, including metadata and a signed-in keeper", async () => {
    const writer = new ClickWriter(t.db);
    const session = `fields-${randomUUID()}`;
    const keeper = (await buildUser(t)).user;
    const full = clickRow(
      {
        elementName: 'Layer "pellets" \u{1F414}',
        elementType: "advertisement",
        elementId: "ad-7",
        page: "/food-safety",
        sessionId: session,
        metadata: { variant: "b", count: 2, ok: true, none: null },
      },
      keeper.id,
    );
    await writer.record(full);
    await writer.record(click(session));
    const rows = await t.db.select().from(clickEvents).where(eq(clickEvents.sessionId, session));
    const stored = rows.find((r) => r.elementId === "ad-7")!;
    expect(stored).toMatchObject({
      userId: keeper.id,
      elementName: 'Layer "pellets" \u{1F414}',
      elementType: "advertisement",
      page: "/food-safety",
      metadata: { variant: "b", count: 2, ok: true, none: null },
    });
    expect(stored.createdAt).toBeInstanceOf(Date);
    expect(rows.find((r) => r.elementId === null)).toMatchObject({ userId: null, metadata: null });
  });

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
