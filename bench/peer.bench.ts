import { spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import {
  keeperPoster,
  meanOf,
  measureCpu,
  root,
  signInKeeper,
  sized,
  startServer,
  throwawayPostgres,
  BENCH_PASSWORD,
  type BenchResult,
  type CpuMeasure,
} from "./lib";

/*
 * Issue 26 item 2, the peer. Sizes: one keeper with PEER_BENCH_BIRDS birds (12), on a throwaway
 * PostgreSQL database (BENCH_PG_URL or TEST_DATABASE_URL), the app's read cache off (cold). Beside
 * the app, the prototype's stack (bench/peers/prototype-server.mjs: Express 5, express-session in
 * PostgreSQL through connect-pg-simple, passport-local, Drizzle on node-postgres) signs the same
 * keeper in and serves `GET /api/chickens` from the same database. Each is loaded in turn with
 * autocannon (20 connections, PEER_BENCH_SECONDS each: 3 quick, 8 with --full; 1 round quick, 2
 * alternating with --full). CPU per request as in limit.bench.ts: the server process's user +
 * system time plus every PostgreSQL backend of the database (/proc), over the requests answered.
 *
 * Budgets: the app answers >= 3x the peer's requests per second, and spends <= 1/3 of its CPU per
 * request. Requests per second swing with the neighbours on a shared machine; both servers are
 * measured in the same run, one after the other, so read the ratio, not the rates.
 */
const BUDGET = 3;
const birds = Number(process.env.PEER_BENCH_BIRDS ?? 12);
const seconds = Number(process.env.PEER_BENCH_SECONDS ?? sized(8, 3));
const rounds = sized(2, 1);

export const sizes = `1 keeper, ${birds} birds; ${seconds} s per server, ${rounds} round(s) (--full: 8 s, 2 rounds)`;

/** The peer in a process of its own, so that its CPU time is its own. */
async function startPeer(databaseUrl: string) {
  const proc = spawn(
    "node",
    ["--import", "tsx", path.join(import.meta.dirname, "peers/prototype-server.mjs")],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    proc.stdout.once("data", (d: Buffer) => resolve(Number(d.toString().trim())));
    proc.once("exit", () => reject(new Error("the peer exited during start-up")));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: proc.pid!,
    close: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}

export async function run(): Promise<BenchResult[]> {
  const db = await throwawayPostgres("peer");
  if (!db) {
    return [
      {
        name: "the peer: set BENCH_PG_URL or TEST_DATABASE_URL to run it",
        value: NaN,
        unit: "",
        budget: `>= ${BUDGET}x`,
        pass: false,
      },
    ];
  }
  const database = new URL(db.url).pathname.slice(1);
  const server = await startServer({ DATABASE_URL: db.url, READ_CACHE: "false" });
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  let peer: Awaited<ReturnType<typeof startPeer>> | null = null;
  try {
    const email = "peer-bench@example.com";
    const cookie = await signInKeeper(server.url, { email });
    const send = keeperPoster(server.url, cookie);
    for (let i = 0; i < birds; i++) {
      await send("/api/chickens", { name: `Hen ${i}`, breed: "Sussex" });
    }

    peer = await startPeer(db.url);
    const login = await fetch(`${peer.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: BENCH_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`the peer's sign-in answered ${login.status}`);
    const peerCookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    if (!peerCookie.startsWith("connect.sid=")) throw new Error("the peer set no session cookie");

    // Both answer the same birds, in the same order.
    const appUrl = `${server.url}/api/chickens`;
    const peerUrl = `${peer.url}/api/chickens`;
    const ids = async (url: string, c: string) => {
      const res = await fetch(url, { headers: { cookie: c } });
      if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
      return ((await res.json()) as { id: string }[]).map((b) => b.id).join();
    };
    const appIds = await ids(appUrl, cookie);
    if (appIds.split(",").length !== birds || appIds !== (await ids(peerUrl, peerCookie))) {
      throw new Error("the peer and the app answer different birds");
    }

    const app: CpuMeasure[] = [];
    const prototype: CpuMeasure[] = [];
    for (let i = 0; i < rounds; i++) {
      app.push(await measureCpu(appUrl, server.proc.pid!, admin, database, seconds, { cookie }));
      prototype.push(
        await measureCpu(peerUrl, peer.pid, admin, database, seconds, { cookie: peerCookie }),
      );
    }
    const failed = [...app, ...prototype].reduce((a, x) => a + x.failed, 0);
    const appCpu = meanOf(app, "cpuMs");
    const peerCpu = meanOf(prototype, "cpuMs");
    const appRps = meanOf(app, "rps");
    const peerRps = meanOf(prototype, "rps");
    const detail =
      `app ${appCpu.toFixed(2)} ms (PostgreSQL ${meanOf(app, "dbMs").toFixed(2)}) vs peer ` +
      `${peerCpu.toFixed(2)} ms (PostgreSQL ${meanOf(prototype, "dbMs").toFixed(2)}) CPU per request; ` +
      `${Math.round(appRps)} vs ${Math.round(peerRps)} req/s; ${birds} birds; ${failed} failed`;
    return [
      {
        name: `GET /api/chickens on PostgreSQL, cold: app vs the prototype's stack, requests per second (${detail})`,
        value: +(appRps / peerRps).toFixed(2),
        unit: "x",
        budget: `>= ${BUDGET}x`,
        pass: appRps / peerRps >= BUDGET && failed === 0,
      },
      {
        name: `GET /api/chickens on PostgreSQL, cold: the prototype's stack's CPU per request over the app's (${detail})`,
        value: +(peerCpu / appCpu).toFixed(2),
        unit: "x",
        budget: `>= ${BUDGET}x (app <= 1/${BUDGET})`,
        pass: peerCpu / appCpu >= BUDGET && failed === 0,
      },
    ];
  } finally {
    await peer?.close();
    await admin.end();
    await server.stop();
    await db.drop();
  }
}
