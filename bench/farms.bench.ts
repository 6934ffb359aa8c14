import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { addDaysIso, todayIso } from "@flockkeeper/shared/schemas/common";
import {
  ensureServerBuilt,
  measureRps,
  root,
  keeperPoster,
  signInKeeper,
  throwawayPostgres,
  type BenchResult,
} from "./lib";

/*
 * Issue 18: the keeper read endpoints with the farm check (the member's farm and role looked up on
 * every request, not cached) cost at most 10 % more CPU per request than before farms, on
 * PostgreSQL. Side by side in one run: the current build and a build of the commit before farms
 * (`FARMS_BASELINE_ROOT`: a checkout of it with `npm ci && npm run build` done), each on its own
 * throwaway database with the same flock (12 birds, 30 days of eggs), each endpoint loaded with
 * autocannon for FARMS_BENCH_SECONDS (default 8), one server at a time. CPU per request is the
 * server process's user + system time (/proc/<pid>/stat) over the requests it answered.
 * Skipped without PostgreSQL (BENCH_PG_URL or TEST_DATABASE_URL) or without a baseline build.
 */
const SECONDS = Number(process.env.FARMS_BENCH_SECONDS ?? 8);
const BUDGET = 1.1;
const ENDPOINTS = ["/api/chickens", "/api/egg-records", "/api/egg-records/stats"];

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100;
}

async function startAt(treeRoot: string, databaseUrl: string) {
  const port = Number(process.env.BENCH_PORT) || 4800 + Math.floor(Math.random() * 150);
  const url = `http://localhost:${port}`;
  const proc: ChildProcess = spawn("node", ["apps/server/dist/server.mjs"], {
    cwd: treeRoot,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "fk-farms-bench-")),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const t0 = Date.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server in ${treeRoot} exited during start-up`);
    if (Date.now() - t0 > 120_000) throw new Error("server did not start within 120 s");
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    pid: proc.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}

/** Milliseconds of server CPU per request for each endpoint, with the same flock seeded. */
async function cpuPerRequest(treeRoot: string, tag: string): Promise<Map<string, number>> {
  const db = await throwawayPostgres(tag);
  if (!db) throw new Error("no PostgreSQL");
  const server = await startAt(treeRoot, db.url);
  const out = new Map<string, number>();
  try {
    const cookie = await signInKeeper(server.url, { email: `farms-bench-${tag}@example.com` });
    const send = keeperPoster(server.url, cookie);
    const birds: string[] = [];
    for (let i = 0; i < 12; i++) {
      birds.push((await send("/api/chickens", { name: `Hen ${i}`, breed: "Sussex" })).id);
    }
    const today = todayIso(new Date());
    for (let d = 0; d < 30; d++) {
      await send("/api/egg-records/batch", {
        date: addDaysIso(today, -d),
        records: birds.map((chickenId) => ({ chickenId, eggsLaid: 1 })),
      });
    }
    for (const endpoint of ENDPOINTS) {
      const url = `${server.url}${endpoint}`;
      await measureRps(url, { seconds: 2, connections: 10, headers: { cookie } }); // warm-up
      const before = cpuSeconds(server.pid);
      const r = await measureRps(url, { seconds: SECONDS, connections: 20, headers: { cookie } });
      const used = cpuSeconds(server.pid) - before;
      const requests = r.rps * SECONDS;
      if (r.errors + r.non2xx > 0) throw new Error(`${endpoint}: ${r.errors + r.non2xx} failed`);
      out.set(endpoint, (used * 1000) / requests);
    }
  } finally {
    await server.stop();
    await db.drop();
  }
  return out;
}

/** The sizes this run measures at (bench/run.ts prints them first). */
export const sizes = "12 birds, 30 days of eggs; skipped without FARMS_BASELINE_ROOT";

export async function run(): Promise<BenchResult[]> {
  const baseline = process.env.FARMS_BASELINE_ROOT;
  const pgUrl = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL;
  if (!baseline || !pgUrl) {
    return [
      {
        name: "farm check CPU (skipped: set FARMS_BASELINE_ROOT and BENCH_PG_URL)",
        value: NaN,
        unit: "",
        budget: `<= ${BUDGET}x`,
        pass: true,
      },
    ];
  }
  ensureServerBuilt();
  // Alternating order (before, after, before, after) evens out a machine that gets busier.
  const runs = [
    await cpuPerRequest(baseline, "before1"),
    await cpuPerRequest(root, "after1"),
    await cpuPerRequest(baseline, "before2"),
    await cpuPerRequest(root, "after2"),
  ];
  return ENDPOINTS.map((endpoint) => {
    const before = (runs[0]!.get(endpoint)! + runs[2]!.get(endpoint)!) / 2;
    const after = (runs[1]!.get(endpoint)! + runs[3]!.get(endpoint)!) / 2;
    const ratio = after / before;
    return {
      name: `GET ${endpoint} CPU per request with the farm check vs before farms (${after.toFixed(3)} vs ${before.toFixed(3)} ms)`,
      value: +ratio.toFixed(3),
      unit: "x",
      budget: `<= ${BUDGET}x`,
      pass: ratio <= BUDGET,
    };
  });
}
