import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { isBootStage } from "../apps/web/vite/boot-preload-plugin.ts";
import {
  measureRps,
  root,
  signInKeeper,
  startBareServer,
  startServer,
  type BenchResult,
} from "./lib";

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean; src?: string };

/** Gzipped JavaScript a route needs for its first render: entry + static imports + the route chunk. */
export function routeJsGzip(routeFile: string): number {
  const dist = path.join(root, "apps/web/dist");
  const manifest = JSON.parse(
    readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"),
  ) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const i of manifest[key]?.imports ?? []) visit(i);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  visit(entry);
  // main.tsx's boot stages are `import()`s, preloaded by every page and run before it hydrates.
  for (const k of Object.keys(manifest)) if (isBootStage(k)) visit(k);
  const route = Object.keys(manifest).find((k) => k.endsWith(`app/routes/${routeFile}.tsx`));
  if (route) visit(route);
  let total = 0;
  for (const key of seen) {
    const file = manifest[key]!.file;
    if (file.endsWith(".js")) total += gzipSync(readFileSync(path.join(dist, file))).length;
  }
  return total;
}

/** The sizes this run measures at (bench/run.ts prints them first). */
export const sizes = "2 starts, / JavaScript, /api/auth/user vs bare node:http";

/** Issue 2 budgets: start-up time, JavaScript for /, and /api/auth/user throughput vs bare node:http. */
export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  // `npm start` from a built tree: the first start creates the embedded database (from the
  // build's template), a restart opens the existing one. Both count.
  const first = await startServer();
  await first.stop();
  const server = await startServer({}, { dataDir: first.dataDir });
  for (const [label, ms] of [
    ["first start, new database", first.startedMs],
    ["restart, existing database", server.startedMs],
  ] as const) {
    results.push({
      name: `start-up to first 200 on /api/health (embedded, ${label})`,
      value: Math.round(ms),
      unit: "ms",
      budget: "< 3000 ms",
      pass: ms < 3000,
    });
  }
  const js = routeJsGzip("home") / 1024;
  results.push({
    name: "JavaScript to render / (gzip)",
    value: +js.toFixed(1),
    unit: "KB",
    budget: "< 120 KB",
    pass: js < 120,
  });
  // Issue 11: no route ships more than 150 KB of JavaScript (gzip) before its first paint.
  const routesDir = path.join(root, "apps/web/src/app/routes");
  for (const file of readdirSync(routesDir)
    .filter((f) => f.endsWith(".tsx"))
    .sort()) {
    const kb = routeJsGzip(file.replace(/\.tsx$/, "")) / 1024;
    results.push({
      name: `JavaScript to render the ${file.replace(/\.tsx$/, "")} route (gzip)`,
      value: +kb.toFixed(1),
      unit: "KB",
      budget: "< 150 KB",
      pass: kb < 150,
    });
  }

  const cookie = await signInKeeper(server.url, { email: `bench-${Date.now()}@example.com` });
  const me = await fetch(`${server.url}/api/auth/user`, { headers: { cookie } });
  const body = await me.text();
  const bare = await startBareServer(body);
  const bareRps = (await measureRps(bare.url)).rps;
  await bare.close();
  const app = await measureRps(`${server.url}/api/auth/user`, { headers: { cookie } });
  const ratio = app.rps / bareRps;
  results.push({
    name: "GET /api/auth/user rps vs bare node:http",
    value: +(ratio * 100).toFixed(1),
    unit: "%",
    budget: ">= 40 %",
    pass: ratio >= 0.4 && app.errors === 0 && app.non2xx === 0,
  });
  await server.stop();
  return results;
}
