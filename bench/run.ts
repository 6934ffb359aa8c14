import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BenchOptions, BenchResult } from "./lib";
import { rewriteReadme } from "./readme-table";

/*
 * Runs the benches, prints each figure beside its budget, and writes the results as JSON
 * (bench/results/) for comparison between runs. Exits 1 when a budget fails.
 *
 *   npm run bench                   every bench at its quick sizes (<= 10 minutes on 2 cores)
 *   npm run bench -- --full         every bench at the sizes its budget is stated for, plus the
 *                                   long load and fault runs (about half an hour)
 *   npm run bench -- api flocks     only the benches whose file name contains one of the words
 *   npm run bench -- --readme       then rewrite the README's bench table from bench/results/
 *                                   (bench/readme-table.ts; `npm run bench:readme` alone)
 *
 * A bench module exports `run(opts)` and may export `fullOnly = true` (it runs only with --full).
 * Each bench's figures say the sizes they were measured at.
 */
const dir = import.meta.dirname;
const args = process.argv.slice(2);
const full = args.includes("--full");
const readme = args.includes("--readme");
const only = args.filter((a) => !a.startsWith("--"));
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
// Read by `sized` (bench/lib.ts) as each bench module loads, below.
if (full) process.env.BENCH_FULL = "1";
const opts: BenchOptions = { full };

type Row = BenchResult & { bench: string; at: string; loadavg: number };
const all: Row[] = [];
const timings: { bench: string; seconds: number }[] = [];
const t0 = performance.now();
for (const file of files) {
  const mod = (await import(path.join(dir, file))) as {
    run: (o: BenchOptions) => Promise<BenchResult[]>;
    fullOnly?: boolean;
    sizes?: string;
  };
  // Named on the command line: runs even when it is a --full bench.
  if (mod.fullOnly && !full && only.length === 0) {
    process.stdout.write(`skipping ${file} (long run: npm run bench -- --full)\n`);
    continue;
  }
  process.stdout.write(`running ${file}${mod.sizes ? ` (${mod.sizes})` : ""}…\n`);
  const started = performance.now();
  // Each figure says when it was measured and how busy the machine was (1-minute load average).
  const stamp = () => ({ at: new Date().toISOString(), loadavg: +os.loadavg()[0]!.toFixed(1) });
  try {
    for (const r of await mod.run(opts)) {
      all.push({ ...r, bench: file, ...stamp() });
      // Each figure as soon as it is known, so a long run shows progress.
      process.stdout.write(
        `  ${r.pass ? "pass" : "FAIL"}  ${r.name}: ${r.value} ${r.unit} (budget ${r.budget})\n`,
      );
    }
  } catch (err) {
    all.push({
      bench: file,
      name: `${file} failed: ${(err as Error).message}`,
      value: NaN,
      unit: "",
      budget: "",
      pass: false,
      ...stamp(),
    });
    process.stdout.write(`  FAIL  ${file}: ${(err as Error).message}\n`);
  }
  const seconds = (performance.now() - started) / 1000;
  timings.push({ bench: file, seconds: +seconds.toFixed(1) });
  process.stdout.write(`  (${file}: ${seconds.toFixed(0)} s)\n`);
}
const totalSeconds = (performance.now() - t0) / 1000;

const rows = all.map((r) => [r.name, `${r.value} ${r.unit}`, r.budget, r.pass ? "pass" : "FAIL"]);
const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => row[i]!.length), 6));
const line = (cols: string[]) => cols.map((c, i) => c.padEnd(widths[i]!)).join("  ");
console.log("\n" + line(["figure", "value", "budget", "result"]));
for (const row of rows) console.log(line(row));
const outDir = path.join(dir, "results");
mkdirSync(outDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
writeFileSync(
  path.join(outDir, `bench-${stamp}.json`),
  JSON.stringify(
    all.map((r) => ({ ...r, full })),
    null,
    2,
  ),
);
if (readme) {
  rewriteReadme(path.join(dir, "..", "README.md"), outDir);
  console.log("README.md: bench table rewritten from bench/results/");
}
console.log(
  `\n${all.filter((r) => r.pass).length} passed, ${all.filter((r) => !r.pass).length} failed` +
    ` in ${(totalSeconds / 60).toFixed(1)} min (${full ? "--full" : "quick sizes"}; ` +
    timings.map((t) => `${t.bench.replace(".bench.ts", "")} ${t.seconds.toFixed(0)} s`).join(", ") +
    ")",
);
process.exit(all.every((r) => r.pass) ? 0 : 1);
