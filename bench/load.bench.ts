import { rmSync } from "node:fs";
import autocannon from "autocannon";
import {
  keeperClients,
  listEggRecordIds,
  prepareKeepers,
  RouteStats,
  type Keeper,
} from "./keepers";
import { mapLimit, signInKeeper, startServer, throwawayPostgres, type BenchResult } from "./lib";

/*
 * Quality gate, item 4: 200 keepers at once, each signed in over HTTP with 3 birds, doing the
 * everyday mix (list birds, add an egg record, look up a food, production summary) for 60 s, on
 * the embedded database and on PostgreSQL. Budgets: no errors or non-2xx answers, p99 under
 * 100 ms on PostgreSQL (embedded p99 is reported), and no lost write: every egg record the server
 * acknowledged is listed by the API afterwards.
 *
 * Each keeper pauses 0..2 x LOAD_THINK_MS (mean 250 ms) between requests: about 4 requests a
 * second per keeper, far busier than a person, yet not 200 requests queued at every instant.
 * The server runs with TRUST_PROXY=loopback and each keeper sends its own X-Forwarded-For, since the
 * routes' rate limits are per address and these are 200 different people; one extra figure shows
 * what the limits allow when everyone shares one address (no trusted proxy in front).
 *
 * Knobs: LOAD_SECONDS (60), LOAD_KEEPERS (200), LOAD_THINK_MS (250), LOAD_SIGNIN_CONCURRENCY (10),
 * LOAD_BACKENDS ("embedded,postgres"). PostgreSQL uses a throwaway database on the server of
 * BENCH_PG_URL or TEST_DATABASE_URL.
 */
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const KEEPERS = Number(process.env.LOAD_KEEPERS ?? 200);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 250);
const SIGNIN_CONCURRENCY = Number(process.env.LOAD_SIGNIN_CONCURRENCY ?? 10);
const BACKENDS = (process.env.LOAD_BACKENDS ?? "embedded,postgres").split(",");

type Backend = "embedded" | "PostgreSQL";

async function loadRun(
  backend: Backend,
  env: Record<string, string>,
  probeLimits: boolean,
): Promise<BenchResult[]> {
  const server = await startServer({ TRUST_PROXY: "loopback", ...env });
  const results: BenchResult[] = [];
  try {
    const tag = `${Date.now().toString(36)}`;
    const t0 = performance.now();
    const keepers = await prepareKeepers(server.url, KEEPERS, {
      tag,
      concurrency: SIGNIN_CONCURRENCY,
    });
    const setupS = (performance.now() - t0) / 1000;
    results.push({
      name: `${backend}: sign in ${KEEPERS} keepers over HTTP and add 3 birds each`,
      value: +setupS.toFixed(1),
      unit: "s",
      budget: "reported",
      pass: true,
    });

    const stats = new RouteStats();
    const result = await autocannon({
      url: server.url,
      connections: KEEPERS,
      duration: SECONDS,
      setupClient: keeperClients(keepers, stats, THINK_MS),
    });
    const failures = result.errors + result.timeouts + result.non2xx;
    if (failures > 0) {
      console.error(
        `${backend}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx\n  ${stats.statusText()}`,
      );
    }
    results.push(
      {
        name: `${backend}: requests in ${SECONDS} s, ${KEEPERS} keepers (${Math.round(result.requests.average)} req/s)`,
        value: result.requests.total,
        unit: "requests",
        budget: "reported",
        pass: true,
      },
      {
        name: `${backend}: errors + timeouts + non-2xx answers`,
        value: failures,
        unit: "",
        budget: "0",
        pass: failures === 0,
      },
      {
        name: `${backend}: p99 latency (p50 ${result.latency.p50} ms; p99 by route, ms: ${stats.summary()})`,
        value: result.latency.p99,
        unit: "ms",
        budget: backend === "PostgreSQL" ? "< 100 ms" : "reported",
        pass: backend === "PostgreSQL" ? result.latency.p99 < 100 : true,
      },
    );
    results.push(...(await lostWrites(backend, server.url, keepers)));
    if (probeLimits) results.push(...(await oneAddressLimits(server.url, keepers[0]!, tag)));
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  return results;
}

/** Every acknowledged egg record must be listed; records without a counted 201 were in flight at the end. */
async function lostWrites(backend: Backend, base: string, keepers: Keeper[]) {
  let acked = 0;
  let lost = 0;
  let listed = 0;
  await mapLimit(keepers, 10, async (k) => {
    const ids = await listEggRecordIds(base, k);
    acked += k.acked.length;
    listed += ids.size;
    lost += k.acked.filter((id) => !ids.has(id)).length;
  });
  return [
    {
      name: `${backend}: acknowledged egg records missing afterwards (of ${acked} acknowledged; ${listed} listed, ${listed - acked + lost} in flight at the stop)`,
      value: lost,
      unit: "",
      budget: "0",
      pass: lost === 0 && acked > 0,
    },
  ];
}

/**
 * What the per-address limits allow when keepers share one address (server not behind a trusted
 * proxy, or many keepers behind one NAT): sign-ins, and egg records of one burst, before a 429.
 */
async function oneAddressLimits(base: string, k: Keeper, tag: string): Promise<BenchResult[]> {
  let signIns = 0;
  for (let i = 0; i < 40; i++) {
    try {
      await signInKeeper(base, { email: `shared-${tag}-${i}@example.com` });
      signIns++;
    } catch {
      break;
    }
  }
  let eggs = 0;
  for (let i = 0; i < 400; i++) {
    const res = await fetch(`${base}/api/egg-records`, {
      method: "POST",
      headers: { cookie: k.cookie, origin: k.origin, "content-type": "application/json" },
      body: JSON.stringify({ chickenId: k.birds[i % 3], date: "2024-01-01", eggsLaid: 1 }),
    });
    await res.arrayBuffer();
    if (res.status === 429) break;
    eggs++;
  }
  return [
    {
      name: "one shared address: sign-ins accepted in a minute before 429 (per-address limit)",
      value: signIns,
      unit: "sign-ins",
      budget: "reported",
      pass: true,
    },
    {
      name: "one shared address: egg records accepted in a minute before 429 (per-address limit)",
      value: eggs,
      unit: "records",
      budget: "reported",
      pass: true,
    },
  ];
}

/** The sizes this run measures at (bench/run.ts prints them first). */
export const sizes = `${KEEPERS} keepers for ${SECONDS} s on ${BACKENDS.join(" and ")} (--full only)`;

/** A long run: only with `npm run bench -- --full` (or when named). */
export const fullOnly = true;

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  if (BACKENDS.includes("embedded")) {
    results.push(...(await loadRun("embedded", {}, true)));
  }
  if (BACKENDS.includes("postgres")) {
    const pg = await throwawayPostgres("load");
    if (!pg) {
      results.push({
        name: "PostgreSQL load run: set TEST_DATABASE_URL (or BENCH_PG_URL) to run it",
        value: NaN,
        unit: "",
        budget: "run",
        pass: false,
      });
    } else {
      try {
        results.push(...(await loadRun("PostgreSQL", { DATABASE_URL: pg.url }, false)));
      } finally {
        await pg.drop();
      }
    }
  }
  return results;
}
