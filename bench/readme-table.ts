import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/*
 * Rewrites the README's table of bench figures from bench/results/*.json (what bench/run.ts writes
 * after every run), so that it is never typed by hand: for each bench, the figures of the newest
 * results file that ran it, with the time, the sizes (quick or --full) and the load average of
 * that run. Only the lines between the markers below change.
 *
 *   npm run bench:readme                 from bench/results/
 *   npm run bench:readme -- <dir>        from another folder of results
 *   npm run bench -- --readme [...]      after a bench run, from its results
 */
export const START = "<!-- bench-table:start (bench/readme-table.ts writes this; do not edit) -->";
export const END = "<!-- bench-table:end -->";

type Row = {
  bench: string;
  name: string;
  value: number | null;
  unit: string;
  budget: string;
  pass: boolean;
  full?: boolean;
  at?: string;
  loadavg?: number;
};

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** The table's markdown from the results files in `dir` (newest run of each bench). */
export function tableFrom(dir: string): string {
  const files = readdirSync(dir)
    .filter((f) => /^bench-.*\.json$/.test(f))
    .sort();
  const newest = new Map<string, { file: string; rows: Row[] }>();
  for (const file of files) {
    const rows = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Row[];
    const byBench = new Map<string, Row[]>();
    for (const r of rows) byBench.set(r.bench, [...(byBench.get(r.bench) ?? []), r]);
    // Later files win: the names sort by their time stamp.
    for (const [bench, list] of byBench) newest.set(bench, { file, rows: list });
  }
  const lines = [
    "| Bench | Figure | Measured | Budget | Result | Run |",
    "|---|---|---|---|---|---|",
  ];
  for (const [bench, { file, rows }] of [...newest].sort(([a], [b]) => a.localeCompare(b))) {
    // The file name carries the run's time when the rows do not (results from before `at`).
    const stamp = /^bench-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})/.exec(file);
    for (const r of rows) {
      const when = r.at
        ? `${r.at.slice(0, 10)} ${r.at.slice(11, 16)} UTC`
        : stamp
          ? `${stamp[1]} ${stamp[2]}:${stamp[3]} UTC`
          : file;
      const run = [
        when,
        r.full ? "--full" : "quick",
        r.loadavg === undefined ? null : `load ${r.loadavg.toFixed(1)}`,
      ]
        .filter(Boolean)
        .join(", ");
      const value = r.value === null || Number.isNaN(r.value) ? "—" : `${r.value} ${r.unit}`.trim();
      lines.push(
        `| ${cell(bench.replace(".bench.ts", ""))} | ${cell(r.name)} | ${cell(value)} | ${cell(r.budget)} | ${r.pass ? "pass" : "**FAIL**"} | ${run} |`,
      );
    }
  }
  return lines.join("\n");
}

/** Replaces the lines between the markers of `readme` with the table from `dir`. */
export function rewriteReadme(readme: string, dir: string): void {
  const text = readFileSync(readme, "utf8");
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${readme} has no bench-table markers`);
  const next = `${text.slice(0, start + START.length)}\n${tableFrom(dir)}\n${text.slice(end)}`;
  writeFileSync(readme, next);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, "..");
  const dir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, "bench/results");
  rewriteReadme(path.join(root, "README.md"), dir);
  console.log(`README.md: bench table rewritten from ${dir}`);
}
