import { rmSync } from "node:fs";
import autocannon from "autocannon";
import { keeperClients, prepareKeepers, RouteStats } from "./keepers";
import { rssMb, sized, startServer, type BenchResult } from "./lib";

/*
 * Quality gate, memory: resident memory (VmRSS from /proc/<pid>/status) of the server process on
 * the embedded database after 10,000 requests of the keeper mix (list birds, add an egg record,
 * look up a food, production summary) from 20 keepers. Bound: 512 MB, a quarter of a small 2 GB
 * host, which leaves room for PostgreSQL-free deployment plus the OS; the embedded database's
 * WebAssembly heap lives in this process and is counted.
 *
 * Knobs: MEMORY_REQUESTS (10000), MEMORY_KEEPERS (20).
 */
const REQUESTS = Number(process.env.MEMORY_REQUESTS ?? sized(10_000, 2_000));
const KEEPERS = Number(process.env.MEMORY_KEEPERS ?? 20);
const BOUND_MB = 512;

/** The sizes this run measures at (bench/run.ts prints them first). */
export const sizes = `${REQUESTS} requests from ${KEEPERS} keepers (--full: 10,000)`;

export async function run(): Promise<BenchResult[]> {
  const server = await startServer({ TRUST_PROXY: "loopback" });
  try {
    const pid = server.proc.pid!;
    const atStart = rssMb(pid);
    const keepers = await prepareKeepers(server.url, KEEPERS, {
      tag: `mem-${Date.now().toString(36)}`,
    });
    const stats = new RouteStats();
    const clients = keeperClients(keepers, stats, 0);
    const blast = (amount: number) =>
      autocannon({ url: server.url, connections: KEEPERS, amount, setupClient: clients });
    const settle = () => new Promise((r) => setTimeout(r, 1000));
    // The first tenth warms caches and the allocator; growth over the rest would be a leak.
    const warm = await blast(Math.round(REQUESTS / 10));
    await settle();
    const afterWarmUp = rssMb(pid);
    const rest = await blast(REQUESTS - warm.requests.total);
    await settle();
    const after = rssMb(pid);
    const total = warm.requests.total + rest.requests.total;
    const failures = [warm, rest].reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0);
    if (failures > 0) console.error(`memory bench: failures\n  ${stats.statusText()}`);
    return [
      {
        name: `server RSS after ${total} keeper requests, embedded database (${Math.round(atStart)} MB before any, ${failures} failed)`,
        value: Math.round(after),
        unit: "MB",
        budget: `< ${BOUND_MB} MB`,
        pass: after < BOUND_MB && failures === 0 && total >= REQUESTS,
      },
      {
        name: `server RSS growth from request ${warm.requests.total} to ${total}`,
        value: Math.round(after - afterWarmUp),
        unit: "MB",
        budget: "reported",
        pass: true,
      },
    ];
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}
