import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { addDaysIso, todayIso } from "@flockkeeper/shared/schemas/common";
import {
  keeperPoster,
  measureCpu,
  meanOf,
  type CpuMeasure,
  signInKeeper,
  sized,
  startServer,
  throwawayPostgres,
  type BenchResult,
} from "./lib";

/*
 * Issue 26 item 1, the limit. Sizes: one keeper with 12 birds, 30 days of egg records (360) and
 * 2 flocks with 30 days of baskets, on a throwaway PostgreSQL database (BENCH_PG_URL or
 * TEST_DATABASE_URL), read cache off (cold). For each main keeper read, beside the app, a bare
 * `node:http` + `pg` server runs the app's own SQL for that answer (recorded from the app's process
 * by limit/sql-capture.mjs: same text, values and row mode, in the same order) on a pool of the
 * same size, turns the rows into JSON, and sends the app's exact bytes. Each server is loaded in
 * turn with autocannon (20 connections, LIMIT_BENCH_SECONDS each: 2 quick, 8 with --full; two
 * rounds, app and limit then limit and app, either way: one 3 s run each swung by +-0.2 between
 * runs on this shared host, as a neighbour's burst fell on one server and not the other). CPU per request is the server process's user +
 * system time plus that of every PostgreSQL backend of the database (/proc/<pid>/stat; PostgreSQL
 * runs on this machine), over the requests answered: robust on a shared machine, where requests
 * per second (also printed) swing with the neighbours.
 *
 * Budget: the app's CPU per request is at most 1/0.7 of the limit's (app >= 0.7 of the limit).
 */
const BUDGET = 0.7;
const seconds = Number(process.env.LIMIT_BENCH_SECONDS ?? sized(8, 2));
const rounds = 2;
// LIMIT_ENDPOINTS=/api/chickens,/api/flocks looks at some of them only.
export const ENDPOINTS = process.env.LIMIT_ENDPOINTS?.split(",") ?? [
  "/api/chickens",
  "/api/flocks",
  "/api/egg-records",
  "/api/egg-records/stats",
  "/api/production/summary?period=30",
  "/api/tasks",
];

/**
 * The bench keeper, through the API as a keeper would enter it: 12 birds, 30 days of egg records
 * (one batch a day) and 2 flocks of 40 started 60 days ago. Returns the session cookie.
 */
export async function seedBenchKeeper(serverUrl: string): Promise<string> {
  const cookie = await signInKeeper(serverUrl, { email: "limit-bench@example.com" });
  const send = keeperPoster(serverUrl, cookie);
  const birds: string[] = [];
  for (let i = 0; i < 12; i++) {
    birds.push((await send("/api/chickens", { name: `Hen ${i}`, breed: "Sussex" })).id);
  }
  const today = todayIso(new Date());
  for (let d = 0; d < 30; d++) {
    await send("/api/egg-records/batch", {
      date: addDaysIso(today, -d),
      records: birds.map((chickenId, i) => ({ chickenId, eggsLaid: (i + d) % 4 === 0 ? 0 : 1 })),
    });
  }
  for (let f = 0; f < 2; f++) {
    await send("/api/flocks", {
      name: `Layers ${f}`,
      headcount: 40,
      startDate: addDaysIso(today, -60),
    });
  }
  return cookie;
}

/** Turns the app's SQL capture on or off (limit/sql-capture.mjs) and waits until it has. */
async function switchCapture(pid: number, captureFile: string, to: "on" | "off") {
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 500; i++) {
    if (readStateOf(captureFile) === to) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`the app's SQL capture did not switch ${to}`);
}
const readStateOf = (captureFile: string) => {
  try {
    return readFileSync(`${captureFile}.state`, "utf8");
  } catch {
    return undefined;
  }
};

type Captured = { text: string; values?: unknown[]; rowMode?: "array"; name?: string };

/** The limit for one answer, in a process of its own (limit/limit-server.mjs). */
async function startLimit(databaseUrl: string, queries: Captured[], body: Buffer) {
  const jobFile = path.join(os.tmpdir(), `fk-limit-job-${process.pid}.json`);
  writeFileSync(jobFile, JSON.stringify({ databaseUrl, queries, body: body.toString("base64") }));
  const proc = spawn("node", [path.join(import.meta.dirname, "limit/limit-server.mjs"), jobFile], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    proc.stdout.once("data", (d: Buffer) => resolve(Number(d.toString().trim())));
    proc.once("exit", () => reject(new Error("the limit server exited during start-up")));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: proc.pid!,
    close: () =>
      new Promise<void>((resolve) => {
        rmSync(jobFile, { force: true });
        if (proc.exitCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}

/** The sizes this run measures at (bench/run.ts prints them first). */
export const sizes = `1 keeper, 12 birds, 30 days of eggs, 2 flocks; the app warmed 2 s per endpoint, then ${seconds} s per server and endpoint, ${rounds} round(s) (--full: 8 s, 2 rounds)`;

export async function run(): Promise<BenchResult[]> {
  const db = await throwawayPostgres("limit");
  if (!db) {
    return [
      {
        name: "the limit: set BENCH_PG_URL or TEST_DATABASE_URL to run it",
        value: NaN,
        unit: "",
        budget: `>= ${BUDGET}`,
        pass: false,
      },
    ];
  }
  const database = new URL(db.url).pathname.slice(1);
  const captureFile = path.join(os.tmpdir(), `fk-sql-capture-${process.pid}.jsonl`);
  const server = await startServer({
    DATABASE_URL: db.url,
    READ_CACHE: "false",
    FK_SQL_CAPTURE: captureFile,
    NODE_OPTIONS: `--import=${path.join(import.meta.dirname, "limit/sql-capture.mjs")}`,
  });
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  const results: BenchResult[] = [];
  try {
    const cookie = await seedBenchKeeper(server.url);
    const headers = { cookie };
    // The app runs every endpoint for 2 s before any is measured, so the first one measured is
    // not also the one that warms the JIT for the code all of them share (birds, measured first,
    // read 0.59 quick against 0.73 with --full). Each limit server is warmed by measureCpu.
    for (const endpoint of ENDPOINTS) {
      await autocannon({ url: `${server.url}${endpoint}`, connections: 10, duration: 2, headers });
    }

    for (const endpoint of ENDPOINTS) {
      const url = `${server.url}${endpoint}`;
      // Two requests in a row: the second finds the session and farm in their caches, so what it
      // sends is the SQL of the answer itself. That one is recorded.
      const warm = await fetch(url, { headers });
      if (warm.status !== 200) throw new Error(`GET ${endpoint} answered ${warm.status}`);
      await warm.arrayBuffer();
      writeFileSync(captureFile, "");
      await switchCapture(server.proc.pid!, captureFile, "on");
      const answer = await fetch(url, { headers });
      const body = Buffer.from(await answer.arrayBuffer());
      await switchCapture(server.proc.pid!, captureFile, "off");
      const queries = readFileSync(captureFile, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Captured);
      const limit = await startLimit(db.url, queries, body);
      const app: CpuMeasure[] = [];
      const bare: CpuMeasure[] = [];
      try {
        const check = await fetch(limit.url);
        if (!Buffer.from(await check.arrayBuffer()).equals(body)) {
          throw new Error(`${endpoint}: the limit's bytes differ from the app's`);
        }
        // App, limit, then limit, app: a drift in the host's load over the four runs falls on both.
        const measureApp = async () =>
          app.push(await measureCpu(url, server.proc.pid!, admin, database, seconds, headers));
        const measureLimit = async () =>
          bare.push(await measureCpu(limit.url, limit.pid, admin, database, seconds, {}));
        for (let i = 0; i < rounds; i++) {
          for (const measure of i % 2 ? [measureLimit, measureApp] : [measureApp, measureLimit]) {
            await measure();
          }
        }
      } finally {
        await limit.close();
      }
      const mean = meanOf;
      const appCpu = mean(app, "cpuMs");
      const limitCpu = mean(bare, "cpuMs");
      const failed = app.reduce((a, x) => a + x.failed, 0) + bare.reduce((a, x) => a + x.failed, 0);
      const ratio = limitCpu / appCpu;
      results.push({
        name:
          `GET ${endpoint} on PostgreSQL, cold: app vs the limit, CPU per request ` +
          `(${appCpu.toFixed(2)} vs ${limitCpu.toFixed(2)} ms, of which PostgreSQL ` +
          `${mean(app, "dbMs").toFixed(2)} vs ${mean(bare, "dbMs").toFixed(2)}; ${queries.length} queries; ` +
          `${Math.round(mean(app, "rps"))} vs ${Math.round(mean(bare, "rps"))} req/s; ${failed} failed)`,
        value: +ratio.toFixed(2),
        unit: "x",
        budget: `>= ${BUDGET}`,
        pass: ratio >= BUDGET && failed === 0,
      });
    }
  } finally {
    await admin.end();
    await server.stop();
    await db.drop();
    rmSync(captureFile, { force: true });
    rmSync(`${captureFile}.state`, { force: true });
  }
  return results;
}
