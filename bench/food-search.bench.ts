import { readFileSync } from "node:fs";
import path from "node:path";
import { median, root, sized, startServer, type BenchResult } from "./lib";

type Food = { name: string; aliases: string[] };

/** Every name and alias in data/foods.json, a one-typo variant of each name, and some misses. */
export function foodQueries(): string[] {
  const foods = JSON.parse(readFileSync(path.join(root, "data/foods.json"), "utf8")) as Food[];
  const typo = (s: string) => (s.length < 5 ? `${s}s` : s.slice(0, 2) + s[3] + s[2] + s.slice(4)); // swap two letters
  return [
    ...foods.map((f) => f.name),
    ...foods.flatMap((f) => f.aliases),
    ...foods.map((f) => typo(f.name)),
    ...foods.slice(0, 50).map((f, i) => `zq${i}${f.name.split("").reverse().join("")}`),
  ];
}

/** The sizes this run measures at (bench/run.ts prints them first). */
export const sizes = "every food name, alias, a typo of each and 50 misses (quick: every 4th)";

/** Issue 4 budget: GET /api/food-items/search median latency over the whole dataset, < 5 ms. */
export async function run(): Promise<BenchResult[]> {
  // Quick runs take every 4th query (still every kind: names, aliases, typos, misses).
  const queries = foodQueries().filter((_, i) => i % sized(1, 4) === 0);
  const server = await startServer();
  try {
    const url = (q: string) => `${server.url}/api/food-items/search?name=${encodeURIComponent(q)}`;
    // Warm up the JIT and the connection pool before measuring.
    for (const q of queries.slice(0, 200)) await (await fetch(url(q))).arrayBuffer();
    const times: number[] = [];
    let found = 0;
    for (const q of queries) {
      const t0 = performance.now();
      const res = await fetch(url(q));
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (res.status === 200) found++;
      else if (res.status !== 404) throw new Error(`${q}: HTTP ${res.status}`);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const med = median(times);
    const p95 = sorted[Math.floor(sorted.length * 0.95)]!;
    return [
      {
        name: `GET /api/food-items/search median over ${queries.length} queries (${found} found)`,
        value: +med.toFixed(2),
        unit: "ms",
        budget: "< 5 ms",
        pass: med < 5,
      },
      {
        name: "GET /api/food-items/search p95",
        value: +p95.toFixed(2),
        unit: "ms",
        budget: "(info)",
        pass: true,
      },
    ];
  } finally {
    await server.stop();
  }
}

// `node --import tsx bench/food-search.bench.ts` runs this benchmark alone.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  for (const r of await run()) {
    console.log(`${r.name}: ${r.value} ${r.unit} (budget ${r.budget}) ${r.pass ? "pass" : "FAIL"}`);
  }
}
