import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BenchResult } from "./lib";

// Runs every bench/*.bench.ts (or those named on the command line), prints figure vs budget,
// and writes the results as JSON for comparison between runs. Exits 1 when a budget fails.
const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const all: (BenchResult & { bench: string })[] = [];
for (const file of files) {
  process.stdout.write(`running ${file}…\n`);
  const mod = (await import(path.join(dir, file))) as { run: () => Promise<BenchResult[]> };
  try {
    for (const r of await mod.run()) all.push({ ...r, bench: file });
  } catch (err) {
    all.push({
      bench: file,
      name: `${file} failed: ${(err as Error).message}`,
      value: NaN,
      unit: "",
      budget: "",
      pass: false,
    });
  }
}

const rows = all.map((r) => [r.name, `${r.value} ${r.unit}`, r.budget, r.pass ? "pass" : "FAIL"]);
const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => row[i]!.length), 6));
const line = (cols: string[]) => cols.map((c, i) => c.padEnd(widths[i]!)).join("  ");
console.log("\n" + line(["figure", "value", "budget", "result"]));
for (const row of rows) console.log(line(row));
const outDir = path.join(dir, "results");
mkdirSync(outDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
writeFileSync(path.join(outDir, `bench-${stamp}.json`), JSON.stringify(all, null, 2));
console.log(
  `\n${all.filter((r) => r.pass).length} passed, ${all.filter((r) => !r.pass).length} failed`,
);
process.exit(all.every((r) => r.pass) ? 0 : 1);
