import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../test/instances";
import { acquireLock } from "./client";

/*
 * One process per embedded data folder, even when the processes cannot see each other's PIDs
 * (containers: separate PID namespaces), and a restart right after `kill -9` is not refused.
 * Real server processes, each started in its own PID namespace by `unshare` (util-linux, root).
 */

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../server.ts");
const procs: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(() => {
  for (const p of procs) if (p.exitCode === null) p.kill("SIGKILL");
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Whether this machine lets us make PID namespaces (root, util-linux). */
const canUnshare =
  process.platform === "linux" &&
  spawnSync("unshare", ["--pid", "--fork", "--mount-proc", "true"]).status === 0;

type Started = { proc: ChildProcess; output: () => string; exited: Promise<number | null> };

/** The server on `dataDir`, as PID 1 of a new PID namespace (`unshare --pid --fork --mount-proc`). */
function startInOwnPidNamespace(dataDir: string, port: number): Started {
  const proc = spawn(
    "unshare",
    // --kill-child: the server dies with unshare, so no test run leaves a server behind.
    [
      "--pid",
      "--fork",
      "--mount-proc",
      "--kill-child",
      process.execPath,
      "--import",
      "tsx",
      serverEntry,
    ],
    {
      env: {
        ...process.env,
        DATABASE_URL: "",
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  procs.push(proc);
  let out = "";
  proc.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  proc.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  return { proc, output: () => out, exited };
}

// A first start on a busy machine (no build, so no database template) took 90 s at load 27.
async function waitForHealth(port: number, started: Started, timeoutMs = 600_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (started.proc.exitCode !== null) {
      throw new Error(`the server exited (${started.proc.exitCode}): ${started.output()}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) return;
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer in time: ${started.output()}`);
}

/** The node process unshare forked (PID 1 inside its namespace), by its host PID. */
function serverPid(unsharePid: number): number {
  for (let i = 0; i < 50; i++) {
    const children = fs
      .readFileSync(`/proc/${unsharePid}/task/${unsharePid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    if (children[0]) return children[0];
  }
  throw new Error("no server process under unshare");
}

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fk-lock-"));
  dirs.push(dir);
  return dir;
}

describe("data-folder lock (in process)", () => {
  it("refuses a second holder of the same folder and lets it in once released", () => {
    const dir = tempDataDir();
    const lock = path.join(dir, "pglite.lock");
    const release = acquireLock(lock);
    // A second open file in the same process is refused too: the lock belongs to the open file.
    expect(() => acquireLock(lock)).toThrow(
      /is in use by another FlockKeeper process \(pid \d+ on /,
    );
    release();
    expect(fs.existsSync(lock)).toBe(true); // never deleted: see acquireLock
    const again = acquireLock(lock);
    again();
  });
});

// Embedded database only: the PostgreSQL run of the suite has nothing to add here. The two tests
// share one data folder and its first server (a first start on a busy machine takes minutes).
describe.runIf(canUnshare && !process.env.TEST_DATABASE_URL)(
  "two server processes on one data folder, in separate PID namespaces",
  () => {
    let dataDir: string;
    let port: number;
    let first: Started;

    it(
      "refuses the second with a clear message and a non-zero exit",
      { timeout: 900_000 },
      async () => {
        dataDir = tempDataDir();
        port = await freePort();
        first = startInOwnPidNamespace(dataDir, port);
        await waitForHealth(port, first);

        const second = startInOwnPidNamespace(dataDir, await freePort());
        const code = await second.exited;
        expect(code, second.output()).not.toBe(0);
        expect(second.output()).toMatch(
          /The embedded database in .* is in use by another FlockKeeper process/,
        );
        // Both are PID 1 of their namespace: a PID file could not tell them apart.
        expect(fs.readFileSync(path.join(dataDir, "pglite.lock"), "utf8")).toMatch(/^pid 1 on /);
        // The first one is still serving.
        expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      },
    );

    it(
      "starts again right after the first was killed with kill -9",
      { timeout: 900_000 },
      async () => {
        expect(first, "the first test started a server").toBeDefined();
        process.kill(serverPid(first.proc.pid!), "SIGKILL");
        await first.exited;

        const restarted = startInOwnPidNamespace(dataDir, port);
        await waitForHealth(port, restarted);
        expect(restarted.output()).not.toMatch(/in use/);
        process.kill(serverPid(restarted.proc.pid!), "SIGTERM");
        expect(await restarted.exited).toBe(0);
      },
    );
  },
);
