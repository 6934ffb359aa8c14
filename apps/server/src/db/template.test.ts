import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, writeTemplate } from "./client";

// The embedded database a first start loads from the build's dump instead of running initdb.
describe.skipIf(process.env.TEST_DATABASE_URL)("embedded database template", () => {
  let dir: string;
  let template: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "fk-template-test-"));
    template = path.join(dir, "template.tar.gz");
    await writeTemplate(template);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  type Rows<T> = { rows: T[] };
  const tables = async (db: Awaited<ReturnType<typeof openDatabase>>["db"]) =>
    (
      (await db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
      )) as unknown as Rows<{ n: number }>
    ).rows[0]!.n;

  it("starts a new data folder from the dump, migrated, and keeps what is written", async () => {
    const dataDir = path.join(dir, "data");
    const first = await openDatabase({ url: null, dataDir, template });
    expect(await tables(first.db)).toBeGreaterThan(20);
    await first.db.execute(
      sql`insert into app_secrets (name, value) values ('t', '"kept"'::jsonb)`,
    );
    await first.close();

    // A second open finds the database and resumes it: the template is not loaded over it.
    const again = await openDatabase({ url: null, dataDir, template });
    const rows = (await again.db.execute(
      sql`select value from app_secrets where name = 't'`,
    )) as unknown as Rows<{ value: string }>;
    expect(rows.rows).toEqual([{ value: "kept" }]);
    await again.close();
  });

  it("starts a new data folder by copying a template folder (what the build writes)", async () => {
    const folder = path.join(dir, "template-folder");
    await writeTemplate(folder);
    expect(fs.existsSync(path.join(folder, "PG_VERSION"))).toBe(true);
    const dataDir = path.join(dir, "data-from-folder");
    const db = await openDatabase({ url: null, dataDir, template: folder });
    expect(await tables(db.db)).toBeGreaterThan(20);
    await db.db.execute(sql`insert into app_secrets (name, value) values ('t', '"mine"'::jsonb)`);
    await db.close();
    // The copy is the new database's own: the template folder is untouched, nothing staged is left
    // (pglite.lock is the data folder's OS lock file, issue 16 item 4; it stays between runs).
    expect(fs.readdirSync(dataDir).sort()).toEqual(["pglite", "pglite.lock"]);
    const fresh = await openDatabase({
      url: null,
      dataDir: path.join(dir, "data-2"),
      template: folder,
    });
    const rows = (await fresh.db.execute(
      sql`select count(*)::int as n from app_secrets where name = 't'`,
    )) as unknown as Rows<{ n: number }>;
    expect(rows.rows[0]!.n).toBe(0);
    await fresh.close();
  });

  it("ignores a template that does not exist", async () => {
    const db = await openDatabase({
      url: "memory://",
      dataDir: "",
      template: path.join(dir, "missing.tar.gz"),
    });
    expect(await tables(db.db)).toBeGreaterThan(20);
    await db.close();
  });
});
