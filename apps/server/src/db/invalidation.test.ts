import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./client";
import { inProcessChannel, invalidationFor, type InvalidationTopics } from "./invalidation";

type SessionNotice = InvalidationTopics["sessions"];

/** Waits until `check` holds, up to `ms`; returns how long it took. */
async function within(ms: number, check: () => boolean | Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("in-process invalidation (embedded database)", () => {
  it("delivers a notice to the topic's subscribers at once, until they unsubscribe", async () => {
    const channel = inProcessChannel();
    const seen: SessionNotice[] = [];
    const stop = channel.subscribe(
      "sessions",
      (p) => seen.push(p),
      () => {},
    );
    await channel.publish("sessions", { userId: "u1" });
    expect(seen).toEqual([{ userId: "u1" }]);
    expect(channel.live).toBe(true);
    stop();
    await channel.publish("sessions", { userId: "u2" });
    expect(seen).toHaveLength(1);
  });

  // (On a PostgreSQL run there is no migrated template for PGlite: its initdb alone takes seconds.)
  it.skipIf(process.env.TEST_DATABASE_URL)(
    "is registered with an embedded database, and found from its Drizzle handle",
    async () => {
      const database = await openDatabase({
        url: "memory://",
        dataDir: "",
        template: process.env.FK_TEST_PGLITE_TEMPLATE ?? null,
      });
      try {
        expect(database.invalidation.kind).toBe("in-process");
        expect(invalidationFor(database.db)).toBe(database.invalidation);
      } finally {
        await database.close();
      }
    },
  );
});

describe.runIf(process.env.TEST_DATABASE_URL)("LISTEN/NOTIFY invalidation (PostgreSQL)", () => {
  const url = process.env.TEST_DATABASE_URL!;
  const opened: DatabaseHandle[] = [];
  const open = async () => {
    const d = await openDatabase({ url, dataDir: "" });
    opened.push(d);
    return d;
  };
  afterAll(async () => {
    for (const d of opened) await d.close();
  });

  it("a notice published on one instance reaches another within 1 s, once", async () => {
    const [a, b] = [await open(), await open()];
    expect(a.invalidation.kind).toBe("postgres");
    const onA: SessionNotice[] = [];
    const onB: SessionNotice[] = [];
    a.invalidation.subscribe(
      "sessions",
      (p) => onA.push(p),
      () => {},
    );
    b.invalidation.subscribe(
      "sessions",
      (p) => onB.push(p),
      () => {},
    );
    const userId = `user-${Date.now()}`;
    await a.invalidation.publish("sessions", { userId });
    // The publisher's own subscribers hear it before publish returns.
    expect(onA.filter((p) => p.userId === userId)).toHaveLength(1);
    const ms = await within(1000, () => onB.some((p) => p.userId === userId));
    expect(ms).toBeLessThan(1000);
    // PostgreSQL also tells the publisher's listening connection; that copy is not delivered again.
    await new Promise((r) => setTimeout(r, 100));
    expect(onA.filter((p) => p.userId === userId)).toHaveLength(1);
  });

  it("after its connection is terminated, the listener resets its subscribers and reconnects", async () => {
    const [a, b] = [await open(), await open()];
    let resets = 0;
    const onB: SessionNotice[] = [];
    b.invalidation.subscribe(
      "sessions",
      (p) => onB.push(p),
      () => resets++,
    );
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
        [`fk-invalidation-${b.invalidation.id}`],
      );
      expect(rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    // The drop is noticed (caches dropped, nothing answered from memory meanwhile) ...
    await within(2000, () => !b.invalidation.live && resets >= 1);
    // ... and the connection comes back, dropping them again for what was missed in between.
    await within(5000, () => b.invalidation.live && resets >= 2);
    const userId = `user-${Date.now()}`;
    await a.invalidation.publish("sessions", { userId });
    await within(1000, () => onB.some((p) => p.userId === userId));
  });
});
