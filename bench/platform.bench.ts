import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { measureRps, root, startBareServer, startServer, type BenchResult } from "./lib";

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
  const route = Object.keys(manifest).find((k) => k.endsWith(`app/routes/${routeFile}.tsx`));
  if (route) visit(route);
  let total = 0;
  for (const key of seen) {
    const file = manifest[key]!.file;
    if (file.endsWith(".js")) total += gzipSync(readFileSync(path.join(dist, file))).length;
  }
  return total;
}

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

  const cookie = await signInCookie(server.url);
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

/** Signs in through the built-in provider over HTTP, like a browser, and returns the session cookie. */
export async function signInCookie(
  base: string,
  email = `bench-${Date.now()}@example.com`,
): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, base), {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers ?? {}), cookie: cookieHeader() },
    });
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
  const posted = await go(form, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ name: "Bench Keeper", email }).toString(),
  });
  const resumed = await go(posted.headers.get("location")!);
  await go(resumed.headers.get("location")!);
  return `fk_session=${jar.get("fk_session")}`;
}
