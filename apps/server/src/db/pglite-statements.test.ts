import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite, types, type QueryOptions } from "@electric-sql/pglite";
import { EmscriptenBuiltinFilesystem } from "@electric-sql/pglite/basefs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PreparingPGlite } from "./pglite-statements";

/*
 * The embedded database's statement cache (pglite-statements.ts) must answer exactly what PGlite's
 * own `query` answers, the first time (unnamed), the second (parsed under a name) and after.
 * PGlite only: the server path is pg's own.
 */
let db: PreparingPGlite;

/** PGlite's own `query`, by-passing the cache. */
const plain = <T>(text: string, params?: unknown[], options?: QueryOptions) =>
  PGlite.prototype.query.call(db, text, params, options) as Promise<{ rows: T[] }>;

/** Drizzle's options on PGlite: rows as arrays, dates and times kept as text. */
const drizzleLike: QueryOptions = {
  rowMode: "array",
  parsers: {
    [types.TIMESTAMPTZ]: (v: string) => v,
    [types.DATE]: (v: string) => v,
  },
};

const SELECT_SOME = `select id, d, at, amount, tags, doc, flag, note from things
  where id = any($1::uuid[]) or d >= $2 or note = $3 order by id`;

beforeAll(async () => {
  db = await PreparingPGlite.open({ statementCapacity: 4 });
  await db.exec(`
    create table things (
      id uuid primary key, d date not null, at timestamptz not null, amount numeric(8,2),
      tags text[] not null default '{}', doc jsonb, flag boolean, note text unique
    );
    insert into things values
      ('00000000-0000-4000-8000-000000000001', '2026-01-02', '2026-01-02T03:04:05.678Z', 12.5,
       '{a,"b c"}', '{"k":[1,"x",null]}', true, 'first'),
      ('00000000-0000-4000-8000-000000000002', '2025-12-31', '2025-12-31T23:59:59Z', null,
       '{}', null, null, null);`);
}, 60_000);

afterAll(async () => {
  await db.close();
});

describe("PreparingPGlite", () => {
  it("answers what PGlite's query answers, unnamed, then prepared, for each row mode", async () => {
    const params = [["00000000-0000-4000-8000-000000000001"], "2026-01-01", null];
    for (const options of [undefined, drizzleLike, { rowMode: "array" } as QueryOptions]) {
      const expected = await plain(SELECT_SOME, params, options);
      for (let run = 0; run < 4; run++) {
        // Rows, fields, command, row count: the whole result.
        expect(await db.query(SELECT_SOME, params, options)).toStrictEqual(expected);
      }
    }
    // Writes: the affected rows and what RETURNING answers.
    const touch = "update things set flag = $1 where note = $2 returning id, flag";
    const touchAll = "update things set flag = flag where d > $1";
    for (let run = 0; run < 3; run++) {
      expect(await db.query(touch, [true, "first"])).toStrictEqual(
        await plain(touch, [true, "first"]),
      );
      expect(await db.query(touchAll, ["2000-01-01"])).toStrictEqual(
        await plain(touchAll, ["2000-01-01"]),
      );
    }
    expect(db.preparedCount).toBeGreaterThan(0);
    // A Date parameter is written by its type's serializer, as PGlite does.
    const at = new Date("2026-01-02T03:04:05.678Z");
    const text = "select count(*)::int as n from things where at = $1";
    for (let run = 0; run < 3; run++) {
      expect((await db.query<{ n: number }>(text, [at])).rows).toEqual([{ n: 1 }]);
    }
  });

  it("forgets the least recently used texts beyond its capacity, closing their statements", async () => {
    const texts = Array.from({ length: 6 }, (_, i) => `select ${i} + $1::int as n`);
    for (const text of texts) {
      for (let run = 0; run < 2; run++) {
        expect((await db.query<{ n: number }>(text, [1])).rows).toEqual([
          { n: texts.indexOf(text) + 1 },
        ]);
      }
    }
    expect(db.preparedCount).toBeLessThanOrEqual(4);
    // The closes go out with the next statement.
    const [row] = (
      await db.query<{ n: number }>(
        "select count(*)::int as n from pg_prepared_statements where name like 'fk_pglite_%'",
      )
    ).rows;
    expect(row!.n).toBeLessThanOrEqual(4);
    // A forgotten text still answers.
    expect((await db.query<{ n: number }>(texts[0]!, [5])).rows).toEqual([{ n: 5 }]);
  });

  it("never runs inside a transaction another caller has open", async () => {
    const count = "select count(*)::int as n from things where note = $1";
    for (let run = 0; run < 2; run++) await db.query(count, ["in a transaction"]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const tx = db.transaction(async (t) => {
      await t.query(
        `insert into things (id, d, at, note) values
          ('00000000-0000-4000-8000-000000000003', '2026-02-01', now(), 'in a transaction')`,
      );
      inserted();
      await held;
      await t.rollback();
    });
    await insertedYet;
    let answered = false;
    const read = db.query<{ n: number }>(count, ["in a transaction"]).then((r) => {
      answered = true;
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Waiting for the transaction, not reading its uncommitted row.
    expect(answered).toBe(false);
    release();
    await tx;
    expect((await read).rows).toEqual([{ n: 0 }]);
  });

  it("fails a bad parameter or a broken constraint as PGlite does, and keeps answering", async () => {
    const byId = "select note from things where id = $1";
    const insert = "insert into things (id, d, at, note) values ($1, $2, now(), $3)";
    for (let run = 0; run < 2; run++)
      await db.query(byId, ["00000000-0000-4000-8000-000000000001"]);
    await expect(db.query(byId, ["not a uuid"])).rejects.toMatchObject({
      code: "22P02",
      query: byId,
    });
    const values = ["00000000-0000-4000-8000-000000000009", "2026-03-01", "first"];
    await expect(plain(insert, values)).rejects.toMatchObject({ code: "23505" });
    await expect(db.query(insert, values)).rejects.toMatchObject({ code: "23505" });
    await expect(db.query(insert, values)).rejects.toMatchObject({ code: "23505" });
    expect((await db.query(byId, ["00000000-0000-4000-8000-000000000001"])).rows).toEqual([
      { note: "first" },
    ]);
  });

  // A prepared run reads the backend's bytes itself (`#rawResults`), not PGlite's messages.
  it("throws the error PGlite throws, field by field, from a prepared run", async () => {
    const insert = "insert into things (id, d, at, note) values ($1, $2, now(), $3)";
    const values = ["00000000-0000-4000-8000-00000000000a", "2026-03-01", "first"];
    const divide = "select 1 / $1::int as n";
    await db.query(insert, ["00000000-0000-4000-8000-00000000000b", "2026-03-01", "once"]);
    for (const [text, params] of [
      [insert, values],
      [divide, [0]],
    ] as const) {
      await db.query(text, [...params]).catch(() => undefined);
      const expected = await plain(text, [...params]).catch((e: unknown) => e as Error);
      const got = await db.query(text, [...params]).catch((e: unknown) => e as Error);
      expect(db.preparedCount).toBeGreaterThan(0);
      expect(got).toBeInstanceOf(Error);
      const fields = [
        "message",
        "name",
        "severity",
        "code",
        "detail",
        "hint",
        "position",
        "where",
        "schema",
        "table",
        "column",
        "dataType",
        "constraint",
        "file",
        "routine",
      ] as const;
      const pick = (e: Error) =>
        Object.fromEntries(fields.map((f) => [f, (e as unknown as Record<string, unknown>)[f]]));
      expect(pick(got as Error)).toEqual(pick(expected as Error));
      expect((got as unknown as { code: string }).code).toMatch(/^(23505|22012)$/);
    }
    expect((await db.query("select 1 / $1::int as n", [1])).rows).toEqual([{ n: 1 }]);
  });

  it("reads an answer of many rows and megabytes, in any script, as PGlite does", async () => {
    const text = `select i, repeat($1::text, i % 50) as t, case when i % 7 = 0 then null else i * 1.5 end as x
      from generate_series(1, $2::int) i`;
    const params = ["ünï, 鸡, 🐔; ", 6000];
    const expected = await plain(text, params);
    // The answer comes in several pieces: each must be copied before the next arrives.
    let pieces = 0;
    const stream = db.execProtocolRawStream.bind(db);
    const spy = vi
      .spyOn(db, "execProtocolRawStream")
      .mockImplementation((message, options) =>
        stream(message, { ...options, onRawData: (b) => (pieces++, options.onRawData(b)) }),
      );
    try {
      for (let run = 0; run < 3; run++) {
        const got = await db.query(text, params);
        expect(got).toStrictEqual(expected);
      }
    } finally {
      spy.mockRestore();
    }
    expect(pieces).toBeGreaterThan(3);
    expect(JSON.stringify(expected.rows).length).toBeGreaterThan(1_500_000);
  });

  it("hands notices to a caller that asks for them, and notifications to listeners", async () => {
    await db.exec(`create function speak(t text) returns int language plpgsql as $$
      begin raise notice 'said %', t; return 1; end $$`);
    const speak = "select speak($1) as n";
    for (let run = 0; run < 2; run++) {
      expect((await db.query<{ n: number }>(speak, ["quietly"])).rows).toEqual([{ n: 1 }]);
    }
    const heard: string[] = [];
    await db.query(speak, ["aloud"], { onNotice: (n) => heard.push(n.message ?? "") });
    expect(heard).toEqual(["said aloud"]);

    const payloads: string[] = [];
    const notify = "select pg_notify($1, $2)";
    for (let run = 0; run < 2; run++) await db.query(notify, ["nobody", "x"]);
    await db.listen("coop", (payload) => payloads.push(payload));
    for (const word of ["one", "two", "three"]) await db.query(notify, ["coop", word]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(payloads).toEqual(["one", "two", "three"]);
  });

  it("has nothing to sync on Emscripten's own file systems (memory, a folder on disk)", async () => {
    expect(db.fs).toBeInstanceOf(EmscriptenBuiltinFilesystem);
    const dir = mkdtempSync(path.join(os.tmpdir(), "fk-pglite-fs-"));
    const onDisk = await PreparingPGlite.open({ dataDir: dir });
    try {
      expect(onDisk.fs).toBeInstanceOf(EmscriptenBuiltinFilesystem);
      await onDisk.exec("create table t (n int)");
      const insert = "insert into t values ($1)";
      for (let n = 0; n < 3; n++) await onDisk.query(insert, [n]);
    } finally {
      await onDisk.close();
    }
    const reopened = await PreparingPGlite.open({ dataDir: dir });
    try {
      expect((await reopened.query("select count(*)::int as n from t")).rows).toEqual([{ n: 3 }]);
    } finally {
      await reopened.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("prepares again after DEALLOCATE ALL and after a table it reads changes shape", async () => {
    const all = "select * from things where id = $1";
    const id = ["00000000-0000-4000-8000-000000000002"];
    for (let run = 0; run < 3; run++) await db.query(all, id);
    await db.exec("deallocate all");
    expect((await db.query<{ d: string }>(all, id, drizzleLike)).rows).toEqual(
      (await plain(all, id, drizzleLike)).rows,
    );
    for (let run = 0; run < 3; run++) await db.query(all, id);
    await db.exec("alter table things add column extra int not null default 7");
    const after = await db.query<{ extra: number }>(all, id);
    expect(after.rows[0]!.extra).toBe(7);
    expect(after.rows).toEqual((await plain(all, id)).rows);
  });
});
