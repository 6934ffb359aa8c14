import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/*
 * Migration 0015 (farms, issue 18) on a database filled by the schema before it: every keeper's
 * records move into a farm of their own, nothing lost. The old schema is the migrations up to 0014
 * (a copy of the folder whose journal stops there); then the real folder is applied on top.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const migrations = path.resolve(here, "../../drizzle");
const BEFORE_FARMS = 15; // entries 0000..0014

let dir: string;
let pg: PGlite;
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await pg.query<T>(text, params)).rows;

const A = "0b6a4a1e-0000-4000-8000-00000000000a";
const B = "0b6a4a1e-0000-4000-8000-00000000000b";
const HEN = "0b6a4a1e-0000-4000-8000-0000000000a1";
const HATCH = "0b6a4a1e-0000-4000-8000-0000000000a2";

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "fk-farms-migration-"));
  const old = path.join(dir, "drizzle");
  fs.cpSync(migrations, old, { recursive: true });
  const journalPath = path.join(old, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, BEFORE_FARMS);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  pg = new PGlite();
  await migrate(drizzle(pg), { migrationsFolder: old });

  // Two keepers, as the old schema stored them: every record by user_id.
  await q(
    `insert into users (id, issuer, subject, email, first_name) values
      ($1, 'test', 'a', 'ann@example.com', 'Ann'), ($2, 'test', 'b', 'bo@example.com', null)`,
    [A, B],
  );
  await q(`insert into chickens (id, user_id, name, breed) values ($1, $2, 'Mabel', 'Sussex')`, [
    HEN,
    A,
  ]);
  await q(
    `insert into egg_records (user_id, chicken_id, date, eggs_laid, notes) values
      ($1, $2, '2025-05-01', 2, 'first'), ($1, $2, '2025-05-02', 1, null)`,
    [A, HEN],
  );
  await q(
    `insert into feed_records (user_id, chicken_id, date, feed_type, feed_amount, feed_cost)
     values ($1, $2, '2025-05-01', 'layer', 0.5, 1.25)`,
    [A, HEN],
  );
  await q(
    `insert into weight_records (user_id, chicken_id, date, weight) values ($1, $2, '2025-05-01', 6)`,
    [A, HEN],
  );
  await q(
    `insert into environmental_records (user_id, date, temperature) values ($1, '2025-05-01', 61)`,
    [A],
  );
  await q(
    `insert into hatch_records (id, user_id, egg_source, incubation_start_date, expected_hatch_date)
     values ($1, $2, 'own', '2025-04-01', '2025-04-22')`,
    [HATCH, A],
  );
  await q(
    `insert into hatch_candlings (user_id, hatch_record_id, date, day, fertile, clear, quitters)
     values ($1, $2, '2025-04-08', 7, 10, 2, 0)`,
    [A, HATCH],
  );
  await q(
    `insert into vaccinations (user_id, vaccine, bird_name, date, next_due)
     values ($1, 'Newcastle Disease', 'Mabel', '2025-01-01', '2025-04-01')`,
    [A],
  );
  await q(
    `insert into health_predictions (user_id, chicken_id, risk_level, risk_score, confidence_score,
       predicted_conditions, recommended_actions, reasons)
     values ($1, $2, 'low', 5, 0.6, '[]', '[]', '[]')`,
    [A, HEN],
  );
  await q(
    `insert into images (hash, mime, width, height, bytes) values ('h1', 'image/jpeg', 1, 1, '\\x00')`,
  );
  await q(`insert into image_owners (hash, user_id) values ('h1', $1)`, [A]);
  await q(
    `insert into analyses (user_id, kind, status, method, result, image_hash, bird_id)
     values ($1, 'droppings', 'Normal', 'offline', '{}', 'h1', $2)`,
    [A, HEN],
  );
  await q(
    `insert into keeper_places (user_id, name, latitude, longitude) values ($1, 'Home', 51.5, -0.1)`,
    [A],
  );
  await q(`insert into keeper_settings (user_id, egg_price) values ($1, 0.4)`, [A]);

  await migrate(drizzle(pg), { migrationsFolder: migrations });
}, 120_000);

afterAll(async () => {
  await pg?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("migration 0015: farms", () => {
  it("gives every keeper a farm of their own (same id), which they own and use", async () => {
    expect(await q(`select id, name from farms order by id`)).toEqual([
      { id: A, name: "Ann's farm" },
      { id: B, name: "My farm" },
    ]);
    expect(await q(`select farm_id, user_id, role from farm_members order by user_id`)).toEqual([
      { farm_id: A, user_id: A, role: "owner" },
      { farm_id: B, user_id: B, role: "owner" },
    ]);
  });

  it("moves every record into its keeper's farm, added and last changed by that keeper", async () => {
    const tables = {
      chickens: 1,
      egg_records: 2,
      feed_records: 1,
      weight_records: 1,
      environmental_records: 1,
      hatch_records: 1,
      hatch_candlings: 1,
      vaccinations: 1,
      health_predictions: 1,
      analyses: 1,
    };
    for (const [table, n] of Object.entries(tables)) {
      const rows = await q<{ farm_id: string; created_by: string; updated_by: string }>(
        `select farm_id, created_by, updated_by from ${table}`,
      );
      expect(rows, table).toHaveLength(n);
      for (const r of rows) expect(r, table).toEqual({ farm_id: A, created_by: A, updated_by: A });
    }
    expect(await q(`select farm_id, hash from image_owners`)).toEqual([{ farm_id: A, hash: "h1" }]);
    expect(await q(`select farm_id, name from keeper_places`)).toEqual([
      { farm_id: A, name: "Home" },
    ]);
    // Settings stay the person's own.
    expect(await q(`select user_id, egg_price from keeper_settings`)).toEqual([
      { user_id: A, egg_price: 0.4 },
    ]);
  });

  it("keeps the daily totals and rewrites the egg list text with its author", async () => {
    expect(
      await q(`select farm_id, date::text, eggs_laid, feed_amount, feed_cost from daily_production
               order by date`),
    ).toEqual([
      { farm_id: A, date: "2025-05-01", eggs_laid: 2, feed_amount: 0.5, feed_cost: 1.25 },
      { farm_id: A, date: "2025-05-02", eggs_laid: 1, feed_amount: 0, feed_cost: 0 },
    ]);
    const [row] = await q<{ list_json: string }>(
      `select list_json from egg_records where date = '2025-05-01'`,
    );
    // Migration 0017: the list's text has who added the record, not the farm nor the last author.
    const listed = JSON.parse(row!.list_json) as Record<string, unknown>;
    expect(listed).toMatchObject({ createdBy: A, chickenId: HEN, eggsLaid: 2, notes: "first" });
    expect(listed).not.toHaveProperty("farmId");
    expect(listed).not.toHaveProperty("updatedBy");
    // The triggers follow the renamed column: a new record adds to the farm's day.
    await q(
      `insert into egg_records (farm_id, chicken_id, date, eggs_laid) values ($1, $2, '2025-05-02', 3)`,
      [A, HEN],
    );
    const [day] = await q<{ eggs_laid: number }>(
      `select eggs_laid from daily_production where farm_id = $1 and date = '2025-05-02'`,
      [A],
    );
    expect(day!.eggs_laid).toBe(4);
  });

  it("deleting a farm takes its records with it (foreign keys now point at farms)", async () => {
    await q(`delete from farms where id = $1`, [A]);
    for (const table of [
      "chickens",
      "egg_records",
      "analyses",
      "image_owners",
      "daily_production",
    ]) {
      expect(await q(`select 1 from ${table}`), table).toEqual([]);
    }
    expect(await q(`select id from users order by id`)).toEqual([{ id: A }, { id: B }]);
  });
});
