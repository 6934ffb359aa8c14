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
 * Issue 20 budget: the money view (`GET /api/money/summary`) of the commercial bench farm (the
 * Flocks issue's: 10 flocks x 5,000 layers, 5 years of daily baskets and monthly losses) over 5
 * years answers in < 50 ms on PostgreSQL (median of 30 requests, each with a different period so
 * nothing is reused). On top of the flocks bench's farm, the money it would have: a feed record
 * with a cost per flock and day, a weekly egg sale and a monthly feed purchase per flock, and a
 * monthly sale of birds with a price on a flock event.
 *
 * Runs on a throwaway PostgreSQL database (TEST_DATABASE_URL or BENCH_PG_URL); without one it
 * reports that it was skipped. Sizes: MONEY_BENCH_FLOCKS, MONEY_BENCH_BIRDS, MONEY_BENCH_YEARS.
 */
const FLOCKS = Number(process.env.MONEY_BENCH_FLOCKS ?? 10);
const BIRDS = Number(process.env.MONEY_BENCH_BIRDS ?? 5000);
const YEARS = Number(process.env.MONEY_BENCH_YEARS ?? sized(5, 1));
const RUNS = 30;

type Db = DatabaseHandle["db"];

/** The commercial bench farm with its money (the Today bench uses it too). */
export async function seed(db: Db) {
  const t0 = performance.now();
  const days = Math.round(YEARS * 365.25);
  const stamp = Date.now();
  const [u] = await db
    .insert(users)
    .values({
      issuer: "bench",
      subject: `money-bench-${stamp}`,
      email: `money-bench-${stamp}@example.com`,
      firstName: "Bench",
    })
    .returning();
  await createOwnFarm(db, u!);
  const farmId = u!.id;
  const loss = Math.max(1, Math.round(BIRDS * 0.005));
  // The flocks bench's commercial farm.
  await db.execute(sql`
    insert into flocks (farm_id, name, species, purpose, start_date)
    select ${farmId}, 'House ' || f, 'chicken', 'layers', current_date - ${days}::int
    from generate_series(1, ${FLOCKS}) f`);
  await db.execute(sql`
    insert into flock_events (farm_id, flock_id, type, date, count, age_weeks)
    select farm_id, id, 'acquired', start_date, ${BIRDS}, 18 from flocks where farm_id = ${farmId}`);
  await db.execute(sql`
    insert into flock_events (farm_id, flock_id, type, date, count, cause)
    select f.farm_id, f.id, 'died', m::date, ${loss}, 'Bench'
    from flocks f
    cross join generate_series(current_date - ${days - 30}::int, current_date, interval '1 month') m
    where f.farm_id = ${farmId}`);
  await db.execute(sql`
    insert into egg_collections (farm_id, flock_id, date, eggs, cracked)
    select f.farm_id, f.id, d::date, (${BIRDS} * (0.75 + random() * 0.1))::int, (random() * 20)::int
    from flocks f
    cross join generate_series(current_date - ${days - 1}::int, current_date, interval '1 day') d
    where f.farm_id = ${farmId}`);
  // Its money: daily feed with a cost, weekly egg sales, monthly feed bags and bird sales.
  await db.execute(sql`
    insert into feed_records (farm_id, flock_id, date, feed_type, feed_amount, feed_cost)
    select f.farm_id, f.id, d::date, 'Layer pellets', ${BIRDS} * 0.25, ${BIRDS} * 0.25 * 0.2
    from flocks f
    cross join generate_series(current_date - ${days - 1}::int, current_date, interval '1 day') d
    where f.farm_id = ${farmId}`);
  await db.execute(sql`
    insert into transactions (farm_id, flock_id, type, category, date, amount, currency, quantity, unit)
    select f.farm_id, f.id, 'income', 'eggs', d::date, ${BIRDS} * 5 * 0.25, 'USD', ${BIRDS} * 5 / 12, 'dozen'
    from flocks f
    cross join generate_series(current_date - ${days - 1}::int, current_date, interval '1 week') d
    where f.farm_id = ${farmId}`);
  await db.execute(sql`
    insert into transactions (farm_id, flock_id, type, category, date, amount, currency, quantity, unit)
    select f.farm_id, f.id, 'expense', 'feed', m::date, 30 * ${BIRDS} * 0.25 * 0.2, 'USD',
      ceil(30 * ${BIRDS} * 0.25 / 55.1), 'bag_25kg'
    from flocks f
    cross join generate_series(current_date - ${days - 1}::int, current_date, interval '1 month') m
    where f.farm_id = ${farmId}`);
  await db.execute(sql`
    insert into flock_events (farm_id, flock_id, type, date, count, price)
    select f.farm_id, f.id, 'sold', m::date + 14, 10, 40
    from flocks f
    cross join generate_series(current_date - ${days - 30}::int, current_date - 15, interval '1 month') m
    where f.farm_id = ${farmId}`);
  await db.execute(sql`vacuum analyze`);
  const [flock] = (
    (await db.execute(sql`select id from flocks where farm_id = ${farmId} limit 1`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  return { keeperId: farmId, flockId: flock!.id, days, seconds: (performance.now() - t0) / 1000 };
}

async function measure(label: string, database: DatabaseHandle, budgetMs: number) {
  const { keeperId, flockId, days, seconds } = await seed(database.db);
  process.stdout.write(`  ${label}: seeded in ${seconds.toFixed(1)} s\n`);
  if (process.env.MONEY_BENCH_KEEP) process.stdout.write(`  farm ${keeperId} flock ${flockId}\n`);
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
  const today = new Date().toISOString().slice(0, 10);
  const daysBack = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  // 5 years back, a day less on each request: no answer can be reused.
  const period = (i: number) => `from=${daysBack(days - 1 - (i % 7))}&to=${today}`;
  const results: BenchResult[] = [];
  const probes: [string, (i: number) => string][] = [
    ["money summary of the farm", (i) => `/api/money/summary?${period(i)}`],
    ["money summary of one flock", (i) => `/api/money/summary?${period(i)}&flockId=${flockId}`],
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
      const body = res.json<{ costPerDozen: number; months: unknown[]; eggsLaid: number }>();
      check = `${body.months.length} months, ${body.eggsLaid} eggs, ${body.costPerDozen}/dozen`;
      if (i >= 3) times.push(ms);
    }
    const med = median(times);
    results.push({
      name: `${name}, ${YEARS} y, ${FLOCKS} flocks x ${BIRDS} birds (${label}; ${check})`,
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
export const sizes = `${FLOCKS} flocks x ${BIRDS} birds, ${YEARS} y of money (--full: 10 x 5000 x 5 y)`;

export async function run(): Promise<BenchResult[]> {
  // The shared throwaway database (bench/lib.ts); skipped without BENCH_PG_URL/TEST_DATABASE_URL.
  const pgDb = await throwawayPostgres("money");
  if (!pgDb) {
    return [
      {
        name: "money summary: skipped (set TEST_DATABASE_URL or BENCH_PG_URL for PostgreSQL)",
        value: NaN,
        unit: "",
        budget: "< 50 ms",
        pass: true,
      },
    ];
  }
  const server = await openDatabase({ url: pgDb.url, dataDir: "" });
  try {
    return await measure("PostgreSQL", server, 50);
  } finally {
    await server.close();
    // MONEY_BENCH_KEEP: the database stays, to look at the queries' plans (drop it by hand).
    if (process.env.MONEY_BENCH_KEEP) process.stdout.write(`  kept ${pgDb.url}\n`);
    else await pgDb.drop();
  }
}
