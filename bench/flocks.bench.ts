import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app";
import { createSession } from "../apps/server/src/auth/session-store";
import { loadConfig } from "../apps/server/src/config";
import { openDatabase, type DatabaseHandle } from "../apps/server/src/db/client";
import { users } from "../apps/server/src/db/schema/index";
import { createOwnFarm } from "../apps/server/src/access/access";
import { SESSION_COOKIE } from "../apps/server/src/plugins/auth";
import { median, sized, throwawayPostgres, type BenchResult } from "./lib";

/*
 * Issue 19 budgets: a commercial farm of 10 flocks x 5,000 birds (headcounts, no profiles) with
 * 5 years of daily baskets and monthly losses. The 90-day production summary, the farm's lay-rate
 * chart data (/api/flocks/production) and one flock's (/api/flocks/{id}/production) answer in
 * < 50 ms on PostgreSQL and < 100 ms embedded (median of 30 requests, each with its own query so no
 * answer is reused; the read cache is off).
 *
 * Sizes: FLOCKS_BENCH_FLOCKS, FLOCKS_BENCH_BIRDS, FLOCKS_BENCH_YEARS. PostgreSQL runs when
 * TEST_DATABASE_URL (or BENCH_PG_URL) is set, on a throwaway database.
 */
const FLOCKS = Number(process.env.FLOCKS_BENCH_FLOCKS ?? 10);
const BIRDS = Number(process.env.FLOCKS_BENCH_BIRDS ?? 5000);
const YEARS = Number(process.env.FLOCKS_BENCH_YEARS ?? sized(5, 1));
const RUNS = 30;

type Db = DatabaseHandle["db"];

async function seed(db: Db) {
  const t0 = performance.now();
  const days = Math.round(YEARS * 365.25);
  const [u] = await db
    .insert(users)
    .values({
      issuer: "bench",
      subject: `flocks-bench-${Date.now()}`,
      email: `flocks-bench-${Date.now()}@example.com`,
      firstName: "Bench",
    })
    .returning();
  await createOwnFarm(db, u!);
  const farmId = u!.id;
  const loss = Math.max(1, Math.round(BIRDS * 0.005));
  await db.execute(sql`
    insert into flocks (farm_id, name, species, purpose, start_date)
    select ${farmId}, 'House ' || f, 'chicken', 'layers', current_date - ${days}::int
    from generate_series(1, ${FLOCKS}) f`);
  // The delivery, then on the 1st of each month a loss of 0.5 % of the flock.
  await db.execute(sql`
    insert into flock_events (farm_id, flock_id, type, date, count, age_weeks)
    select farm_id, id, 'acquired', start_date, ${BIRDS}, 18 from flocks where farm_id = ${farmId}`);
  await db.execute(sql`
    insert into flock_events (farm_id, flock_id, type, date, count, cause)
    select f.farm_id, f.id, 'died', m::date, ${loss}, 'Bench'
    from flocks f
    cross join generate_series(current_date - ${days - 30}::int, current_date, interval '1 month') m
    where f.farm_id = ${farmId}`);
  // A basket a day per flock: about 80 % lay.
  await db.execute(sql`
    insert into egg_collections (farm_id, flock_id, date, eggs, cracked)
    select f.farm_id, f.id, d::date,
      ((${BIRDS} - ${loss} * greatest(0, floor((d::date - (current_date - ${days - 30}::int)) / 30.44) + 1))
        * (0.75 + random() * 0.1))::int,
      (random() * 20)::int
    from flocks f
    cross join generate_series(current_date - ${days - 1}::int, current_date, interval '1 day') d
    where f.farm_id = ${farmId}`);
  await db.execute(sql`vacuum analyze`);
  const [flock] = (
    (await db.execute(sql`select id from flocks where farm_id = ${farmId} limit 1`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  return { keeperId: farmId, flockId: flock!.id, seconds: (performance.now() - t0) / 1000 };
}

async function measure(label: string, database: DatabaseHandle, budgetMs: number) {
  const { keeperId, flockId, seconds } = await seed(database.db);
  process.stdout.write(`  ${label}: seeded in ${seconds.toFixed(1)} s\n`);
  const config = loadConfig({
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
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
  const results: BenchResult[] = [];
  const probes: [string, (i: number) => string][] = [
    [
      "production summary 90 days",
      (i) => `/api/production/summary?period=90&eggPrice=0.${300 + i}`,
    ],
    // Each request a different window length (90 +/- a few days): nothing can be reused.
    ["farm lay-rate chart 90 days", (i) => `/api/flocks/production?days=${88 + (i % 5)}`],
    [
      "one flock's lay-rate chart 90 days",
      (i) => `/api/flocks/${flockId}/production?days=${88 + (i % 5)}`,
    ],
  ];
  for (const [name, url] of probes) {
    const times: number[] = [];
    let check = "";
    for (let i = 0; i < RUNS + 3; i++) {
      const t = performance.now();
      const res = await app.inject({ method: "GET", url: url(i), headers });
      const ms = performance.now() - t;
      if (res.statusCode !== 200)
        throw new Error(`${url(i)} answered ${res.statusCode}: ${res.body}`);
      const body = res.json();
      check = `lay rate ${body.layRate} %`;
      if (i >= 3) times.push(ms);
    }
    const med = median(times);
    results.push({
      name: `${name}, ${FLOCKS} flocks x ${BIRDS} birds, ${YEARS} y of baskets (${label}; ${check})`,
      value: +med.toFixed(1),
      unit: "ms median",
      budget: `< ${budgetMs} ms`,
      pass: med < budgetMs,
    });
  }
  await app.close();
  return results;
}

/** The sizes this run measures at (bench/run.ts prints them first). */
export const sizes = `${FLOCKS} flocks x ${BIRDS} birds, ${YEARS} y of baskets (--full: 10 x 5000 x 5 y)`;

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), "fk-flocks-bench-"));
  const embedded = await openDatabase({ url: null, dataDir: dir });
  try {
    results.push(...(await measure("embedded", embedded, 100)));
  } finally {
    await embedded.close();
    rmSync(dir, { recursive: true, force: true });
  }
  // The shared throwaway database (bench/lib.ts); skipped without BENCH_PG_URL/TEST_DATABASE_URL.
  const pgDb = await throwawayPostgres("flocks");
  if (pgDb) {
    const server = await openDatabase({ url: pgDb.url, dataDir: "" });
    try {
      results.push(...(await measure("PostgreSQL", server, 50)));
    } finally {
      await server.close();
      await pgDb.drop();
    }
  }
  return results;
}
