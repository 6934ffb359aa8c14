import autocannon from "autocannon";
import pg from "pg";
import { ENDPOINTS, seedBenchKeeper } from "./limit.bench";
import {
  measureCpu,
  meanOf,
  sized,
  startServer,
  throwawayPostgres,
  type BenchResult,
  type CpuMeasure,
} from "./lib";

/*
 * Issue 26 item 3: the embedded database's cold reads cost at most 2x the CPU per request of the
 * same endpoint on PostgreSQL, with the read cache off on both (the cache is a bonus, not what
 * makes the budget).
 *
 * Sizes: the limit bench's keeper (bench/limit.bench.ts `seedBenchKeeper`: 12 birds, 30 days of egg
 * records, 2 flocks), entered through the API into a fresh embedded data folder and into a
 * throwaway PostgreSQL database (BENCH_PG_URL or TEST_DATABASE_URL), the endpoints of the limit
 * bench, EMBEDDED_BENCH_SECONDS (2 quick, 6 with --full) of autocannon per server and endpoint,
 * 1 round quick, 2 with --full (the two servers alternate). CPU per request: the app process's
 * user + system time (PGlite runs inside it), against the app process plus the database's
 * PostgreSQL backends (/proc; PostgreSQL runs on this machine).
 */
const BUDGET = 2;
const seconds = Number(process.env.EMBEDDED_BENCH_SECONDS ?? sized(6, 2));
const rounds = sized(2, 1);

/** The sizes this run measures at (bench/run.ts prints them first). */
export const sizes = `1 keeper, 12 birds, 30 days of eggs, 2 flocks; 2 s warm-up, then ${seconds} s per server and endpoint, ${rounds} round(s) (--full: 6 s, 2 rounds)`;

export async function run(): Promise<BenchResult[]> {
  const db = await throwawayPostgres("embedded");
  if (!db) {
    return [
      {
        name: "embedded vs PostgreSQL: set BENCH_PG_URL or TEST_DATABASE_URL to run it",
        value: NaN,
        unit: "",
        budget: `<= ${BUDGET}`,
        pass: false,
      },
    ];
  }
  const database = new URL(db.url).pathname.slice(1);
  // Two servers at once: BENCH_PORT (a session's own range) gives them that port and the next.
  const base = Number(process.env.BENCH_PORT) || 0;
  const onPg = await startServer(
    { DATABASE_URL: db.url, READ_CACHE: "false" },
    base ? { port: base } : {},
  );
  const embedded = await startServer({ READ_CACHE: "false" }, base ? { port: base + 1 } : {});
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  const results: BenchResult[] = [];
  try {
    const pgHeaders = { cookie: await seedBenchKeeper(onPg.url) };
    const embeddedHeaders = { cookie: await seedBenchKeeper(embedded.url) };
    // Both servers run every endpoint before any is measured: V8 compiles PGlite's WebAssembly
    // with its optimising tier only once it has run a while, so the endpoints measured first
    // were measured half-warm (birds 2.5x in a quick run against 1.9x with --full).
    for (const endpoint of ENDPOINTS) {
      for (const [server, headers] of [
        [onPg, pgHeaders],
        [embedded, embeddedHeaders],
      ] as const) {
        await autocannon({
          url: `${server.url}${endpoint}`,
          connections: 10,
          duration: 2,
          headers,
        });
      }
    }
    for (const endpoint of ENDPOINTS) {
      const pgRuns: CpuMeasure[] = [];
      const embeddedRuns: CpuMeasure[] = [];
      for (let i = 0; i < rounds; i++) {
        pgRuns.push(
          await measureCpu(
            `${onPg.url}${endpoint}`,
            onPg.proc.pid!,
            admin,
            database,
            seconds,
            pgHeaders,
          ),
        );
        embeddedRuns.push(
          await measureCpu(
            `${embedded.url}${endpoint}`,
            embedded.proc.pid!,
            null,
            database,
            seconds,
            embeddedHeaders,
          ),
        );
      }
      const pgCpu = meanOf(pgRuns, "cpuMs");
      const embeddedCpu = meanOf(embeddedRuns, "cpuMs");
      const failed = [...pgRuns, ...embeddedRuns].reduce((a, x) => a + x.failed, 0);
      const ratio = embeddedCpu / pgCpu;
      results.push({
        name:
          `GET ${endpoint}, cold: embedded vs PostgreSQL, CPU per request ` +
          `(${embeddedCpu.toFixed(2)} vs ${pgCpu.toFixed(2)} ms; ` +
          `${Math.round(meanOf(embeddedRuns, "rps"))} vs ${Math.round(meanOf(pgRuns, "rps"))} req/s; ${failed} failed)`,
        value: +ratio.toFixed(2),
        unit: "x",
        budget: `<= ${BUDGET}`,
        pass: ratio <= BUDGET && failed === 0,
      });
    }
  } finally {
    await admin.end();
    await onPg.stop();
    await embedded.stop();
    await db.drop();
  }
  return results;
}
