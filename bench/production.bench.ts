import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app";
import { createSession } from "../apps/server/src/auth/session-store";
import { loadConfig } from "../apps/server/src/config";
import { openDatabase, type DatabaseHandle } from "../apps/server/src/db/client";
import { users } from "../apps/server/src/db/schema/index";
import { createOwnFarm } from "../apps/server/src/access/access";
import { SESSION_COOKIE } from "../apps/server/src/plugins/auth";
import { median, sized, type BenchResult } from "./lib";

/*
 * Issue 6 budgets: GET /api/production/summary?period=90 for a keeper with 1,000 birds and 5 years
 * of daily egg, feed and weight records (1.8 M rows each) among other keepers — median under 50 ms
 * on PostgreSQL, under 100 ms on the embedded database — and prediction generation for 1,000 birds
 * under 2 s. Seeding is set-based SQL (generate_series), date-major like real daily entry.
 *
 * Sizes can be cut for a quick look: PRODUCTION_BENCH_BIRDS, PRODUCTION_BENCH_YEARS.
 * PostgreSQL runs when TEST_DATABASE_URL (or PRODUCTION_BENCH_PG_URL) is set; it uses a
 * throwaway database on that server.
 */
const BIRDS = Number(process.env.PRODUCTION_BENCH_BIRDS ?? sized(1000, 200));
const YEARS = Number(process.env.PRODUCTION_BENCH_YEARS ?? sized(5, 1));
const OTHER_KEEPERS = sized(20, 5);
const OTHER_BIRDS = 50;
const RUNS = 30;

type Db = DatabaseHandle["db"];

export async function seed(db: Db): Promise<{ keeperId: string; seconds: number }> {
  const t0 = performance.now();
  const days = Math.round(YEARS * 365.25);
  const makeKeeper = async (i: number) => {
    const [u] = await db
      .insert(users)
      .values({
        issuer: "bench",
        subject: `bench-${i}-${Date.now()}`,
        email: `bench-${i}-${Date.now()}@example.com`,
        firstName: "Bench",
      })
      .returning();
    // The keeper's own farm, whose id is their user id (as the API's first request would make it).
    await createOwnFarm(db, u!);
    return u!.id;
  };
  // Deterministic, increasing ids (gen_random_uuid is slow in the embedded engine and random keys
  // scatter the primary key); foreign-key triggers off while loading (replica role) - the rows are
  // consistent by construction.
  const hex = (v: string, width: number) => `lpad(to_hex(${v}), ${width}, '0')`;
  // Version-4 / variant-8 layout so the API's uuid checks accept them.
  const chickenId = (k: number) =>
    sql.raw(`(${hex(String(k), 8)} || '000040008000' || ${hex("g", 12)})::uuid`);
  const recordId = (tag: number, k: number) =>
    sql.raw(
      `(${hex(String(tag), 4)} || ${hex(String(k), 4)} || ${hex("(d::date - date '2000-01-01')", 4)} || '40008000' || ${hex("g", 12)})::uuid`,
    );
  const load = (query: ReturnType<typeof sql>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(query);
    });
  const fill = async (k: number, farmId: string, birds: number, dayCount: number) => {
    await load(sql`
      insert into chickens (id, farm_id, name, breed, sex, weight)
      select ${chickenId(k)}, ${farmId}, 'Hen ' || g, 'Sussex',
        case when g % 10 = 0 then 'rooster' else 'hen' end, 5
      from generate_series(1, ${birds}) g`);
    const days = sql`generate_series(current_date - ${dayCount - 1}::int, current_date, interval '1 day') d
      cross join generate_series(1, ${birds}) g`;
    await load(sql`
      insert into egg_records (id, farm_id, chicken_id, date, eggs_laid, list_json)
      select ${recordId(1, k)}, ${farmId}, ${chickenId(k)}, d::date, (random() < 0.75)::int, ''
      from ${days} order by d, g`);
    await load(sql`
      insert into feed_records (id, farm_id, chicken_id, date, feed_type, feed_amount, feed_cost)
      select ${recordId(2, k)}, ${farmId}, ${chickenId(k)}, d::date, 'Layer feed', 0.25, 0.11
      from ${days} order by d, g`);
    await load(sql`
      insert into weight_records (id, farm_id, chicken_id, date, weight, body_condition)
      select ${recordId(3, k)}, ${farmId}, ${chickenId(k)}, d::date, 5 + random(), 'normal'
      from ${days} order by d, g`);
  };
  const keeperId = await makeKeeper(0);
  await fill(0, keeperId, BIRDS, days);
  for (let i = 1; i <= OTHER_KEEPERS; i++) await fill(i, await makeKeeper(i), OTHER_BIRDS, 365);
  // Loading as a replica skipped the triggers that keep daily_production: build it the way the
  // migration that created it did.
  await db.execute(sql`
    insert into daily_production (farm_id, date, eggs_laid, feed_amount, feed_cost)
    select farm_id, date, sum(eggs), sum(lbs), sum(cost) from (
      select farm_id, date, eggs_laid as eggs, 0::float8 as lbs, 0::float8 as cost from egg_records
      union all
      select farm_id, date, 0, feed_amount, coalesce(feed_cost, 0) from feed_records
    ) r group by farm_id, date`);
  // Loading as a replica also skipped the trigger that writes each egg record's list text
  // (migration 0010); an update fires it.
  await db.execute(sql`update egg_records set list_json = null where list_json = ''`);
  await db.execute(sql`vacuum analyze`);
  return { keeperId, seconds: (performance.now() - t0) / 1000 };
}

async function measure(label: string, database: DatabaseHandle, summaryBudgetMs: number) {
  const results: BenchResult[] = [];
  const { keeperId, seconds } = await seed(database.db);
  process.stdout.write(`  ${label}: seeded in ${seconds.toFixed(1)} s\n`);
  const config = loadConfig({
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    // These budgets are about the database at this size: every request must reach it.
    READ_CACHE: "false",
  });
  const app = await buildApp({
    config: { ...config, webDist: "/nonexistent" },
    database,
    logger: false,
  });
  await app.ready();
  const { token } = await createSession(database.db, keeperId, "bench", app.sessionPolicy);
  const headers = { cookie: `${SESSION_COOKIE}=${token}` };
  const times: number[] = [];
  let totalEggs = 0;
  for (let i = 0; i < RUNS + 3; i++) {
    const t = performance.now();
    const res = await app.inject({
      method: "GET",
      url: "/api/production/summary?period=90",
      headers,
    });
    const ms = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`summary answered ${res.statusCode}`);
    totalEggs = res.json().totalEggs;
    if (i >= 3) times.push(ms); // the first calls warm caches and plans
  }
  const med = median(times);
  results.push({
    name: `summary 90 days, ${BIRDS} birds x ${YEARS} y daily (${label}; ${totalEggs} eggs)`,
    value: +med.toFixed(1),
    unit: "ms median",
    budget: `< ${summaryBudgetMs} ms`,
    pass: med < summaryBudgetMs,
  });
  const t = performance.now();
  const gen = await app.inject({
    method: "POST",
    url: "/api/health-predictions/generate",
    // A state change: the server wants to see it comes from its own site.
    headers: { ...headers, origin: "http://localhost:3000" },
  });
  const genMs = performance.now() - t;
  if (gen.statusCode !== 201)
    throw new Error(`generate answered ${gen.statusCode}: ${gen.body.slice(0, 300)}`);
  results.push({
    name: `prediction generation, ${gen.json().generated} birds (${label})`,
    value: Math.round(genMs),
    unit: "ms",
    budget: "< 2000 ms",
    pass: genMs < 2000,
  });
  await app.close();
  return results;
}

/** The sizes this run measures at (bench/run.ts prints them first). */
export const sizes = `${BIRDS} birds x ${YEARS} y of daily egg, feed and weight records + ${OTHER_KEEPERS} keepers x ${OTHER_BIRDS} (--full: 1000 x 5 y, 20 keepers)`;

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), "fk-prod-bench-"));
  // PRODUCTION_BENCH_EMBEDDED=memory measures the in-memory embedded engine (much faster to seed).
  const embedded = await openDatabase({
    url: process.env.PRODUCTION_BENCH_EMBEDDED === "memory" ? "memory://" : null,
    dataDir: dir,
  });
  try {
    results.push(...(await measure("embedded", embedded, 100)));
  } finally {
    await embedded.close();
    rmSync(dir, { recursive: true, force: true });
  }

  const base = process.env.PRODUCTION_BENCH_PG_URL ?? process.env.TEST_DATABASE_URL;
  if (base) {
    const name = `fk_prod_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const server = await openDatabase({ url: url.toString(), dataDir: "" });
    try {
      results.push(...(await measure("PostgreSQL", server, 50)));
    } finally {
      await server.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
  return results;
}
