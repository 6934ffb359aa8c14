import { randomBytes } from "node:crypto";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

/*
 * Real app processes for the multi-instance tests: N servers on one PostgreSQL database, as a
 * deployment behind a reverse proxy runs them (docs/deploy.md). Each is `node` running the built
 * server when the build is up to date (CI builds before its PostgreSQL pass; a start then takes a
 * second or two), else the source through tsx.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const builtServer = path.join(root, "apps/server/dist/server.mjs");
const sourceServer = path.join(root, "apps/server/src/server.ts");

/** The command that starts one server: the build when `npm start` would not rebuild, else the source. */
function serverCommand(): string[] {
  const check = spawnSync(
    process.execPath,
    [path.join(root, "scripts/build-if-stale.mjs"), "--check"],
    {
      cwd: root,
      stdio: "ignore",
    },
  );
  return check.status === 0 ? [builtServer] : ["--import", "tsx", sourceServer];
}

/** A TCP port nobody listens on now (the system's choice). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A database of its own on the test PostgreSQL server (beside the run's, from TEST_DATABASE_URL),
 * dropped by `drop()`. The instances' background jobs (the push and email schedule, purges) then
 * see only this suite's keepers, never other test files' that share the run's database.
 */
export async function scratchDatabase(base = process.env.TEST_DATABASE_URL!) {
  const name = `fk_multi_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export type Instance = {
  readonly name: string;
  /** http://127.0.0.1:PORT, this instance's own address. */
  readonly url: string;
  /** Whether the process is running (false after `kill` until `start`). */
  readonly running: boolean;
  /** Starts the process (again) on the same port and waits until /api/health answers 200. */
  start(): Promise<void>;
  /** Sends `signal` and waits for the process to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** The process's last lines of output, for a failure message. */
  output(): string;
};

export type InstancesOptions = {
  /** postgres:// URL every instance uses (DATABASE_URL). */
  databaseUrl: string;
  /** The one address keepers use (PUBLIC_URL), as behind a reverse proxy; defaults to the first instance's. */
  publicUrl?: string;
  /** More settings for every instance (see README's settings table). */
  env?: Record<string, string>;
  /** How long a start may take (a cold start on a busy 2-core machine, through tsx, is many seconds). */
  startTimeoutMs?: number;
};

/**
 * Starts `n` app processes on one database, each on a free port, all at once, and waits until
 * each answers /api/health. Stop them with `stopInstances`.
 */
export async function startInstances(n: number, opts: InstancesOptions): Promise<Instance[]> {
  const command = serverCommand();
  const ports: number[] = [];
  for (let i = 0; i < n; i++) ports.push(await freePort());
  const publicUrl = opts.publicUrl ?? `http://127.0.0.1:${ports[0]}`;
  const instances = ports.map((port, i) =>
    makeInstance(String.fromCharCode(65 + i), port, command, {
      ...opts,
      publicUrl,
    }),
  );
  await Promise.all(instances.map((inst) => inst.start()));
  return instances;
}

/** Stops every instance still running (SIGTERM, then SIGKILL after 5 s). */
export async function stopInstances(instances: readonly Instance[]): Promise<void> {
  await Promise.all(
    instances.map(async (inst) => {
      if (!inst.running) return;
      const timer = setTimeout(() => void inst.kill("SIGKILL"), 5_000);
      await inst.kill("SIGTERM");
      clearTimeout(timer);
    }),
  );
}

function makeInstance(
  name: string,
  port: number,
  command: string[],
  opts: InstancesOptions & { publicUrl: string },
): Instance {
  const url = `http://127.0.0.1:${port}`;
  let proc: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (lines.length > 40) lines = lines.slice(-40);
  };
  const inst: Instance = {
    name,
    url,
    get running() {
      return proc !== null;
    },
    output: () => lines.join("\n"),
    async start() {
      if (proc) throw new Error(`instance ${name} is already running`);
      const child = spawn(process.execPath, command, {
        cwd: root,
        env: {
          ...process.env,
          LOG_LEVEL: "warn",
          ...opts.env,
          PORT: String(port),
          HOST: "127.0.0.1",
          PUBLIC_URL: opts.publicUrl,
          DATABASE_URL: opts.databaseUrl,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      proc = child;
      child.stdout.on("data", keep);
      child.stderr.on("data", keep);
      let gone = false;
      exited = new Promise((resolve) =>
        child.once("exit", () => {
          gone = true;
          if (proc === child) proc = null;
          resolve();
        }),
      );
      const deadline = Date.now() + (opts.startTimeoutMs ?? 120_000);
      while (Date.now() < deadline) {
        if (gone) throw new Error(`instance ${name} exited while starting:\n${inst.output()}`);
        try {
          const res = await fetch(`${url}/api/health`);
          await res.body?.cancel();
          if (res.status === 200) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`instance ${name} did not answer /api/health in time:\n${inst.output()}`);
    },
    async kill(signal = "SIGTERM") {
      proc?.kill(signal);
      await exited;
    },
  };
  return inst;
}
