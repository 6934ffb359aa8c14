import { addDaysIso, todayIso } from "@flockkeeper/shared/schemas/common";
import {
  measureRps,
  signInKeeper,
  sized,
  startBareServer,
  startServer,
  type BenchResult,
} from "./lib";

/*
 * Quality gate: the main keeper endpoints at least 40% of the requests per second of a bare
 * node:http server answering the same JSON, measured side by side (autocannon, 50 connections,
 * API_BENCH_SECONDS each, default 10). /api/auth/user is in the platform bench. The keeper, signed in over HTTP like a browser, has 12
 * birds and 30 days of egg records (360 records), a small backyard flock's month; bigger data
 * sizes have their own latency benches (flock, production).
 */
const SECONDS = Number(process.env.API_BENCH_SECONDS ?? sized(10, 3));
const BIRDS = 12;
const DAYS = 30;
const BUDGET = 0.4;

/** The sizes this run measures at (bench/run.ts prints them first). */
export const sizes = `1 keeper, ${BIRDS} birds, ${DAYS} days of eggs; ${SECONDS} s per endpoint (--full: 10 s)`;

export async function run(): Promise<BenchResult[]> {
  const server = await startServer();
  const results: BenchResult[] = [];
  try {
    const cookie = await signInKeeper(server.url, { email: `api-bench-${Date.now()}@example.com` });
    const send = async (method: string, url: string, body: unknown) => {
      const res = await fetch(`${server.url}${url}`, {
        method,
        headers: { cookie, "content-type": "application/json", origin: server.url },
        body: JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}`);
      return res.json() as Promise<{ id: string }>;
    };
    const birds: string[] = [];
    for (let i = 0; i < BIRDS; i++) {
      birds.push((await send("POST", "/api/chickens", { name: `Hen ${i}`, breed: "Sussex" })).id);
    }
    const today = todayIso(new Date());
    for (let d = 0; d < DAYS; d++) {
      await send("POST", "/api/egg-records/batch", {
        date: addDaysIso(today, -d),
        records: birds.map((chickenId, i) => ({ chickenId, eggsLaid: (i + d) % 4 === 0 ? 0 : 1 })),
      });
    }

    const endpoints = [
      "/api/chickens",
      "/api/egg-records",
      "/api/egg-records/stats",
      "/api/production/summary?period=30",
      "/api/food-items/search?name=kale",
    ];
    for (const endpoint of endpoints) {
      const url = `${server.url}${endpoint}`;
      const first = await fetch(url, { headers: { cookie } });
      if (first.status !== 200) throw new Error(`GET ${endpoint} answered ${first.status}`);
      const bare = await startBareServer(await first.text());
      const bareRps = (await measureRps(bare.url, { seconds: SECONDS })).rps;
      await bare.close();
      const app = await measureRps(url, { seconds: SECONDS, headers: { cookie } });
      const ratio = app.rps / bareRps;
      results.push({
        name: `GET ${endpoint} rps vs bare node:http (${Math.round(app.rps)} vs ${Math.round(bareRps)}; ${app.errors + app.non2xx} failed)`,
        value: +(ratio * 100).toFixed(1),
        unit: "%",
        budget: ">= 40 %",
        pass: ratio >= BUDGET && app.errors === 0 && app.non2xx === 0,
      });
    }
  } finally {
    await server.stop();
  }
  return results;
}
