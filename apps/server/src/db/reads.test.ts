import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, createTestApp, type TestApp } from "../test/helpers";
import { readTogether } from "./reads";

describe("readTogether", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const reader =
    (db: { execute: TestApp["db"]["execute"] }, log: string[]) => (name: string) => async () => {
      log.push(`start ${name}`);
      await db.execute(sql`select 1`);
      log.push(`end ${name}`);
      return name;
    };

  it("starts every read at once on the pool", async () => {
    const log: string[] = [];
    const read = reader(t.db, log);
    expect(await readTogether(t.db, [read("a"), read("b")])).toEqual(["a", "b"]);
    expect(log.slice(0, 2)).toEqual(["start a", "start b"]);
  });

  it("runs one read after another inside a transaction, in order", async () => {
    const log: string[] = [];
    await t.db.transaction(async (tx) => {
      const read = reader(tx, log);
      expect(await readTogether(tx, [read("a"), read("b"), read("c")])).toEqual(["a", "b", "c"]);
    });
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
  });

  // node-postgres warns (and from pg 9 refuses) when a query is sent on a client that is running
  // one: a transaction's reads side by side did that when a flock was created or edited.
  it("creates and edits a flock without sending a query while another runs on its client", async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on("warning", onWarning);
    try {
      const keeper = await buildUser(t);
      const created = await keeper.inject({
        method: "POST",
        url: "/api/flocks",
        payload: { name: "Layers", startDate: "2026-01-05", headcount: 12 },
      });
      expect(created.statusCode, created.body).toBe(201);
      const edited = await keeper.inject({
        method: "PATCH",
        url: `/api/flocks/${created.json<{ id: string }>().id}`,
        payload: { name: "Layers by the orchard" },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => /already executing a query/.test(w))).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });
});
