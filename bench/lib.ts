import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";

export type BenchResult = {
  name: string;
  value: number;
  unit: string;
  budget: string;
  pass: boolean;
};

export const root = path.resolve(import.meta.dirname, "..");

/**
 * A size for this run: `full` with `npm run bench -- --full` (bench/run.ts sets BENCH_FULL=1
 * before loading the benches), otherwise `quick`, so that the whole run finishes in 10 minutes.
 */
export function sized(full: number, quick: number): number {
  return process.env.BENCH_FULL === "1" ? full : quick;
}

/** What bench/run.ts passes to every bench's `run`. */
export type BenchOptions = {
  /**
   * `npm run bench -- --full`: the sizes each budget is stated for. Without it a bench runs at
   * quick sizes (named in its figures), so that the whole run finishes within 10 minutes.
   */
  full: boolean;
};

let serverBuilt = false;

/**
 * Benchmarks run what `npm start` runs: the bundled server. It is rebuilt from the current source
 * once per bench run (a fraction of a second); the embedded-database template when missing or
 * older than the newest migration (it would still work, only start slower).
 */
export function ensureServerBuilt(): void {
  if (serverBuilt) return;
  const run = (script: string) =>
    execFileSync("node", ["--import", "tsx", script], { cwd: root, stdio: "ignore" });
  run("apps/server/scripts/build-server.ts");
  const template = path.join(root, "apps/server/dist/pglite-template");
  const journal = path.join(root, "apps/server/drizzle/meta/_journal.json");
  if (!existsSync(template) || statSync(template).mtimeMs < statSync(journal).mtimeMs) {
    run("apps/server/scripts/build-db-template.ts");
  }
  serverBuilt = true;
}

/**
 * Starts the real server on a free port with a fresh embedded database (or `opts.dataDir`, e.g. to
 * restart on the same data after a crash; DATABASE_URL in `env` selects PostgreSQL instead).
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: { dataDir?: string; port?: number } = {},
): Promise<{
  url: string;
  proc: ChildProcess;
  startedMs: number;
  dataDir: string;
  stop: () => Promise<void>;
}> {
  // BENCH_PORT pins the port (a shared machine hands each session its own range).
  const port =
    opts.port ?? (Number(process.env.BENCH_PORT) || 4300 + Math.floor(Math.random() * 500));
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "fk-bench-"));
  const url = `http://localhost:${port}`;
  // Built first: start-up is measured from a built tree, as `npm run serve` starts it.
  ensureServerBuilt();
  const t0 = performance.now();
  const proc = spawn("node", ["apps/server/dist/server.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      throw new Error("server exited during start-up");
    }
    if (performance.now() - t0 > 120_000) {
      proc.kill("SIGKILL");
      throw new Error("server did not answer /api/health within 120 s");
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const startedMs = performance.now() - t0;
  return {
    url,
    proc,
    startedMs,
    dataDir,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}

/** kill -9: the process gets no chance to clean up. Resolves once it has exited (and was reaped). */
export function killServer(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once("exit", () => resolve());
    proc.kill("SIGKILL");
  });
}

/** Resident memory (VmRSS) of a process in MB, from /proc/<pid>/status (Linux). */
export function rssMb(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!m) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(m[1]) / 1024;
}

/** The password of every bench keeper. */
export const BENCH_PASSWORD = "speckled hens lay on tuesdays";

/**
 * Signs a keeper in through the built-in OpenID provider over HTTP, like a browser, and returns
 * the session cookie. `headers` go on every request (e.g. X-Forwarded-For, so keepers behind a
 * trusted proxy each have their own address, as different people do).
 */
/** POSTs JSON as the signed-in keeper (with Origin, as the app's own pages send) and returns the answer. */
export function keeperPoster(serverUrl: string, cookie: string) {
  return async (url: string, body: unknown) => {
    const res = await fetch(`${serverUrl}${url}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: serverUrl },
      body: JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`POST ${url} answered ${res.status}`);
    return res.json() as Promise<{ id: string }>;
  };
}

export async function signInKeeper(
  base: string,
  {
    email,
    name = "Bench Keeper",
    password = BENCH_PASSWORD,
    headers = {},
    existing = false,
  }: {
    email: string;
    name?: string;
    password?: string;
    headers?: Record<string, string>;
    /** The account exists: only the sign-in form is posted (no create attempt first). */
    existing?: boolean;
  },
): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, base), {
      ...init,
      redirect: "manual",
      headers: { ...headers, ...(init.headers ?? {}), cookie: cookieHeader() },
    });
    if (res.status >= 400) throw new Error(`sign-in: ${res.status} from ${url}`);
    await res.arrayBuffer();
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [k, ...v] = pair!.split("=");
      jar.set(k!.trim(), v.join("="));
    }
    return res;
  };
  const login = await go("/api/login");
  const auth = await go(login.headers.get("location")!);
  const form = auth.headers.get("location")!;
  const postForm = (url: string, fields: Record<string, string>) =>
    fetch(new URL(url, base), {
      method: "POST",
      redirect: "manual",
      headers: {
        // A browser sends our Origin with the form; the server refuses cookie-carrying posts without it.
        origin: new URL(base).origin,
        ...headers,
        "content-type": "application/x-www-form-urlencoded",
        cookie: cookieHeader(),
      },
      body: new URLSearchParams(fields).toString(),
    });
  // A new keeper creates an account (the recovery-codes page links on); a known one signs in.
  const created = existing ? null : await postForm(`${form}/create`, { name, email, password });
  let resumeUrl: string;
  if (created?.status === 201) {
    const m = /<a class="button" href="([^"]+)"/.exec(await created.text());
    if (!m) throw new Error("sign-in: no continue link after creating the account");
    resumeUrl = m[1]!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
  } else if (!created || created.status === 409) {
    await created?.arrayBuffer();
    const signedIn = await postForm(form, { email, password });
    await signedIn.arrayBuffer();
    if (signedIn.status >= 400) throw new Error(`sign-in: ${signedIn.status} from ${form}`);
    resumeUrl = signedIn.headers.get("location")!;
  } else {
    throw new Error(`sign-in: create account answered ${created?.status}`);
  }
  const resumed = await go(resumeUrl);
  await go(resumed.headers.get("location")!);
  const session = jar.get("fk_session");
  if (!session) throw new Error("sign-in: no session cookie");
  return `fk_session=${session}`;
}

/** Runs `fn` over `items` with at most `limit` at a time; results in order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * A throwaway PostgreSQL database on the server of BENCH_PG_URL or TEST_DATABASE_URL, or null
 * when neither is set. `drop()` removes it (forcing out any connection left).
 */
export async function throwawayPostgres(
  tag: string,
): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const name = `fk_bench_${tag}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Requests per second for one URL over `seconds` with `connections` connections. */
export async function measureRps(
  url: string,
  { seconds = 10, connections = 50, headers = {} as Record<string, string> } = {},
): Promise<{ rps: number; errors: number; non2xx: number; p99: number }> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    rps: result.requests.average,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    p99: result.latency.p99,
  };
}

/** A bare node:http server answering the same JSON: the yardstick for throughput ratios. */
export async function startBareServer(
  body: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Median of a list of numbers. */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const TICK_S = 1 / 100; // USER_HZ on Linux

/** CPU seconds (user + system) of a process from /proc/<pid>/stat; 0 when it has gone. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_S;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends serving `database` (other than `admin`'s own), by process id. */
export async function backendPids(admin: pg.Client, database: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
    [database],
  );
  return rows.map((r) => r.pid);
}

/** CPU per request of one server under load, with its database's share. */
export type CpuMeasure = { cpuMs: number; dbMs: number; rps: number; failed: number };

/**
 * Loads `url` (autocannon, 20 connections, `seconds`, after a 1 s warm-up) and returns the CPU per
 * request of process `pid` plus, given `admin`, every PostgreSQL backend of `database` (PostgreSQL
 * runs on this machine): robust on a shared machine, where requests per second swing with the neighbours.
 */
export async function measureCpu(
  url: string,
  pid: number,
  /** null: an embedded database, which runs inside the process. */
  admin: pg.Client | null,
  database: string,
  seconds: number,
  headers: Record<string, string>,
): Promise<CpuMeasure> {
  await autocannon({ url, connections: 10, duration: 1, headers }); // warm-up
  const cpu = async () => {
    const pids = [pid, ...(admin ? await backendPids(admin, database) : [])];
    return new Map(pids.map((p) => [p, cpuSeconds(p)]));
  };
  const before = await cpu();
  const r = await autocannon({ url, connections: 20, duration: seconds, headers });
  const after = await cpu();
  let used = 0;
  let db = 0;
  for (const [p, s] of after) {
    used += s - (before.get(p) ?? 0);
    if (p !== pid) db += s - (before.get(p) ?? 0);
  }
  const requests = r.requests.total;
  return {
    cpuMs: (used * 1000) / requests,
    dbMs: (db * 1000) / requests,
    rps: requests / seconds,
    failed: r.errors + r.timeouts + r.non2xx,
  };
}

/** The mean of one field over several measures. */
export function meanOf(xs: CpuMeasure[], k: keyof CpuMeasure): number {
  return xs.reduce((a, x) => a + x[k], 0) / xs.length;
}
