import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import {
  ARGON2_PARAMS,
  hashPassword,
  hashPasswordScrypt,
  SCRYPT_PARAMS,
  verifyPassword,
} from "../apps/server/src/auth/passwords";
import {
  BENCH_PASSWORD,
  mapLimit,
  median,
  signInKeeper,
  sized,
  startServer,
  type BenchResult,
} from "./lib";

// Issue 16: a password sign-in costs under 300 ms of server CPU at the chosen hash parameters
// (argon2id; the scrypt hashes from before are measured beside it, as information), and the hashing
// never blocks the event loop for longer than 50 ms.
// SIGNINS (default 20) sign-ins are timed on the built server; PARALLEL (default 4) hashes at once
// while the event loop's delay is watched.
const SIGNINS = Number(process.env.SIGNINS ?? sized(20, 8));
const PARALLEL = Number(process.env.PARALLEL ?? 4);
const ROUNDS = Number(process.env.ROUNDS ?? 5);

/** CPU time (user + system, every thread, the thread pool's scrypt included) of a process in ms. */
function cpuMs(pid: number): number {
  // /proc/<pid>/stat: fields 14 and 15 are utime and stime in clock ticks (100 per second on Linux).
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The sizes this run measures at (bench/run.ts prints them first). */
export const sizes = `${SIGNINS} sign-ins, ${PARALLEL} hashes at once (--full: 20 sign-ins)`;

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const { memoryCost, timeCost, parallelism } = ARGON2_PARAMS;
  const params = `argon2id m=${memoryCost / 1024} MiB, t=${timeCost}, p=${parallelism}`;
  const { N, r, p } = SCRYPT_PARAMS;
  const scryptParams = `scrypt N=2^${Math.log2(N)}, r=${r}, p=${p}`;

  // 1. Whole sign-ins over HTTP against the built server (login, the provider's form, callback,
  //    session): the server process's CPU per sign-in, every thread counted.
  const server = await startServer();
  try {
    const email = "bench-password@example.com";
    await signInKeeper(server.url, { email }); // creates the account (hashes once)
    await signInKeeper(server.url, { email, existing: true }); // warm: code paths compiled
    const pid = server.proc.pid!;
    const walls: number[] = [];
    const cpus: number[] = [];
    for (let i = 0; i < SIGNINS; i++) {
      const c0 = cpuMs(pid);
      const t0 = performance.now();
      await signInKeeper(server.url, { email, existing: true, password: BENCH_PASSWORD });
      walls.push(performance.now() - t0);
      cpus.push(cpuMs(pid) - c0);
    }
    // The median: on a shared machine a few sign-ins pay for cache misses other jobs cause.
    const perSignIn = median(cpus);
    results.push({
      name: `server CPU per password sign-in, median (${params}, whole OIDC flow, ${SIGNINS} sign-ins; mean ${Math.round(cpus.reduce((a, b) => a + b, 0) / SIGNINS)} ms)`,
      value: Math.round(perSignIn),
      unit: "ms",
      budget: "< 300 ms",
      pass: perSignIn < 300,
    });
    results.push({
      name: "password sign-in, wall time median (information)",
      value: Math.round(median(walls)),
      unit: "ms",
      budget: "—",
      pass: true,
    });
  } finally {
    await server.stop();
  }

  // 2. The hashing itself, in this process: PARALLEL verifications at a time, ROUNDS times, while
  //    monitorEventLoopDelay samples every millisecond how late the event loop runs.
  const stored = await hashPassword(BENCH_PASSWORD);
  const checkCpu = await cpuOfCheck(stored);
  results.push({
    name: `CPU of one password check (${params}), in process, median of 5`,
    value: Math.round(checkCpu),
    unit: "ms",
    budget: "< 300 ms",
    pass: checkCpu < 300,
  });
  // Side by side: the scrypt hashes kept from before (verified, then rehashed at sign-in).
  const legacy = await hashPasswordScrypt(BENCH_PASSWORD);
  const legacyCpu = await cpuOfCheck(legacy);
  results.push({
    name: `CPU of one password check (${scryptParams}, hashes from before argon2id; information), in process, median of 5`,
    value: Math.round(legacyCpu),
    unit: "ms",
    budget: "—",
    pass: true,
  });
  // The same watch with nothing running: what the machine's other jobs alone cost the loop.
  const idle = monitorEventLoopDelay({ resolution: 1 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  idle.disable();
  results.push({
    name: "longest event-loop delay over 3 s with no password checks (information: the machine's load)",
    value: Math.round((idle.max / 1e6) * 10) / 10,
    unit: "ms",
    budget: "—",
    pass: true,
  });
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  await mapLimit(Array.from({ length: PARALLEL * ROUNDS }), PARALLEL, async (_, i) => {
    const ok = await verifyPassword(i % 2 ? BENCH_PASSWORD : "a wrong password!", stored);
    if (ok !== Boolean(i % 2)) throw new Error("password check gave the wrong answer");
  });
  histogram.disable();
  const maxMs = histogram.max / 1e6;
  results.push({
    name: `longest event-loop delay while ${PARALLEL} password checks run at once (${params}, ${PARALLEL * ROUNDS} checks)`,
    value: Math.round(maxMs * 10) / 10,
    unit: "ms",
    budget: "< 50 ms",
    pass: maxMs < 50,
  });
  return results;
}

/** The CPU (every thread of this process) of one check against `stored`, median of 5. */
async function cpuOfCheck(stored: string): Promise<number> {
  const cpus: number[] = [];
  for (let i = 0; i < 5; i++) {
    const cpu0 = process.cpuUsage();
    if (!(await verifyPassword(BENCH_PASSWORD, stored))) throw new Error("password check failed");
    const used = process.cpuUsage(cpu0);
    cpus.push((used.user + used.system) / 1000);
  }
  return median(cpus);
}
