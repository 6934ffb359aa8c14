import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { execSync } from "node:child_process";
import path from "node:path";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import * as constants from "lighthouse/core/config/constants.js";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { median, root, sized, startServer, type BenchResult } from "./lib";

/** Issue 8: /, /blog perf, a11y and SEO >= 95. Issue 11: perf and a11y >= 95 on all four routes. */
const ALL_ROUTES = ["/", "/blog", "/chicken-tracker", "/food-safety"];
/** LH_ROUTES=/,/blog runs only those (to look into one page); the budget is for all four. */
const ROUTES = process.env.LH_ROUTES ? process.env.LH_ROUTES.split(",") : ALL_ROUTES;
const CATEGORIES = ["performance", "accessibility", "seo"] as const;
const BUDGET = 95;
/**
 * Runs per route (LH_RUNS to change). Each category's reported score is the median of the runs.
 * LH_SAVE=dir writes each run's Lighthouse JSON there; LH_PORT picks the server's port.
 */
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? sized(3, 1)));

type Category = (typeof CATEGORIES)[number];

/**
 * Lighthouse's CPU slowdown for a host of this BenchmarkIndex, so that the simulated phone is the
 * same (a Moto G Power class device) on a quiet or a busy host. The 4x default assumes a host of
 * index ~1533; this 2-core VM measures ~1900 when quiet but 700-900 while other jobs run, and the
 * simulation multiplies every observed main-thread task by the slowdown, so a busy host used to
 * score as a phone two to three times slower (77-88 where a quiet run gave 96-98). These are
 * Lighthouse's published calibration points (docs/throttling.md, "CPU throttling": 800 = 2x,
 * 1300 = 3x, 1533 = 4x, 2000 = 6x; the lighthouse-cpu-throttling-calculator's formula).
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/**
 * Lighthouse's own BenchmarkIndex, measured in the same Chromium binary just before a run (~1 s;
 * a browser of its own, so the audited one is left exactly as Lighthouse expects it).
 */
async function measureBenchmarkIndex(): Promise<number> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const page = await browser.newPage();
    return Number(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
  } finally {
    await browser.close();
  }
}

/**
 * The host's BenchmarkIndex: the highest of three measurements. A measurement taken while another
 * process holds the CPU reads low, and a low index makes the calibration simulate a faster phone,
 * which flatters the score (on 2026-11-26 single measurements of the same quiet host gave
 * slowdowns from 1.9x to 4.4x between runs, and scores moved with them). Being interrupted only
 * ever lowers the figure, so the highest is the host's own speed.
 */
async function hostBenchmarkIndex(): Promise<number> {
  let best = 0;
  for (let i = 0; i < 3; i++) best = Math.max(best, await measureBenchmarkIndex());
  return best;
}

/** The sizes this run measures at (bench/run.ts prints them first). */
export const sizes = `${ROUTES.length} routes x ${RUNS} runs (--full: 3 runs)`;

/**
 * Lighthouse on the real built server, mobile preset with simulated throttling (Lighthouse's
 * default: Moto G Power screen, slow 4G; the CPU slowdown calibrated before each run from the
 * host's BenchmarkIndex, see cpuSlowdownFor; LH_CPU=4 fixes it), in Debian's Chromium. The
 * machine is small and shared, so each route runs RUNS times and the median score per category
 * is reported: one slow run (another process on the CPU inflates task times, which the
 * simulation multiplies) does not fail the budget, and one lucky run does not hide a regression.
 */
export async function run(): Promise<BenchResult[]> {
  if (!existsSync(path.join(root, "apps/web/dist/index.html"))) {
    execSync("npm run build", { cwd: root, stdio: "inherit" });
  }
  const port = Number(process.env.LH_PORT) || undefined;
  const server = await startServer({}, { port });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  const results: BenchResult[] = [];
  try {
    // One throw-away load so the server's first-request work (file reads, JIT) is not measured.
    await fetch(`${server.url}/`).then((r) => r.text());
    for (const route of ROUTES) {
      const scores: Record<Category, number[]> = { performance: [], accessibility: [], seo: [] };
      const slowdowns: string[] = [];
      for (let i = 0; i < RUNS; i++) {
        const fixed = Number(process.env.LH_CPU);
        const cpuSlowdownMultiplier =
          fixed > 0 ? fixed : cpuSlowdownFor(await hostBenchmarkIndex());
        slowdowns.push(cpuSlowdownMultiplier.toFixed(1));
        const lhr = await auditOnce(route, server.url + route, chrome.port, cpuSlowdownMultiplier);
        for (const c of CATEGORIES)
          scores[c].push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
        if (process.env.LH_VERBOSE) printFailures(route, lhr);
        if (process.env.LH_SAVE) {
          mkdirSync(process.env.LH_SAVE, { recursive: true });
          const name = `${route === "/" ? "home" : route.slice(1)}-${i + 1}.json`;
          writeFileSync(path.join(process.env.LH_SAVE, name), JSON.stringify(lhr));
        }
      }
      for (const c of CATEGORIES) {
        const value = median(scores[c]);
        results.push({
          name: `Lighthouse ${c} ${route} (mobile, CPU x${slowdowns.join("/")}, median of ${RUNS}: ${scores[c].join("/")})`,
          value,
          unit: "",
          budget: `>= ${BUDGET}`,
          pass: value >= BUDGET,
        });
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  return results;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/**
 * One Lighthouse run. A run whose trace Lighthouse could not record (NO_NAVSTART, seen on the busy
 * shared host) yields no scores at all, so it is run again, at most twice, and said so; a run
 * that recorded is always kept, whatever it scored.
 */
async function auditOnce(
  route: string,
  url: string,
  port: number,
  cpuSlowdownMultiplier: number,
): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] },
      {
        extends: "lighthouse:default",
        settings: {
          formFactor: "mobile",
          throttlingMethod: "simulate",
          // Lighthouse's mobile network defaults (slow 4G) with the calibrated CPU slowdown.
          throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier },
        },
      },
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${route}`);
    if (!lhr.runtimeError) return lhr;
    if (lhr.runtimeError.code !== "NO_NAVSTART" || attempt === 3) {
      throw new Error(`${route}: ${lhr.runtimeError.message}`);
    }
    console.log(`${route}: ${lhr.runtimeError.code}, trace not recorded; running it again`);
  }
}

/** LH_VERBOSE=1: the metrics and every audit that lost points, to see what to fix. */
function printFailures(route: string, lhr: Lhr) {
  const m = (id: string) => lhr.audits[id]?.displayValue ?? "";
  console.log(
    `${route}: FCP ${m("first-contentful-paint")}, LCP ${m("largest-contentful-paint")}, ` +
      `TBT ${m("total-blocking-time")}, CLS ${m("cumulative-layout-shift")}, SI ${m("speed-index")}`,
  );
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 0.9) {
        console.log(`  [${c}] ${a.id} ${a.score} ${a.displayValue ?? ""}`);
      }
    }
  }
}
