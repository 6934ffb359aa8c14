// `npm start`: build only when the build output is missing or older than what it is built from,
// so a second start on an unchanged tree goes straight to the server (a build takes ~30 s).
//   --serve  then start the built server in this same process (one Node start-up, no second npm)
//   --check  only say: exit 0 when the build is up to date, 1 when it would build
// The check reads file times only (no hashing): bench/start.bench.ts keeps it well under a second.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import module from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const sources = [
  "package.json",
  "package-lock.json",
  "data",
  "packages/shared/src",
  "packages/shared/package.json",
  "apps/web/src",
  "apps/web/public",
  "apps/web/vite",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/package.json",
  "apps/server/src",
  "apps/server/scripts",
  "apps/server/drizzle",
  "apps/server/package.json",
];
const outputs = [
  "apps/web/dist/index.html",
  "apps/server/dist/server.mjs",
  "apps/server/dist/user.mjs",
  "apps/server/dist/pglite-template",
];

/**
 * Newest modification time under `p` (0 when missing). Tests and test support (`*.test.ts(x)`,
 * folders named `test`) do not go into the build, so editing them does not cost a rebuild.
 */
function newest(p) {
  let st;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return /\.test\.tsx?$/.test(p) ? 0 : st.mtimeMs;
  let max = st.mtimeMs; // a deleted file shows only as its folder's change
  for (const entry of fs.readdirSync(p, { withFileTypes: true })) {
    const name = entry.name;
    if (name === "node_modules" || name === "dist" || name === "test") continue;
    const child = path.join(p, name);
    if (entry.isDirectory()) max = Math.max(max, newest(child));
    else if (!/\.test\.tsx?$/.test(name)) max = Math.max(max, fs.statSync(child).mtimeMs);
  }
  return max;
}

const builtAt = Math.min(
  ...outputs.map((o) => {
    try {
      return fs.statSync(path.join(root, o)).mtimeMs;
    } catch {
      return 0;
    }
  }),
);
const changedAt = Math.max(...sources.map((s) => newest(path.join(root, s))));

const upToDate = builtAt > changedAt;
const args = process.argv.slice(2);

if (args.includes("--check")) process.exit(upToDate ? 0 : 1);

if (upToDate) {
  console.log("Build is up to date (delete apps/*/dist or run `npm run build` to force one).");
} else {
  console.log(
    builtAt === 0 ? "No build yet: building…" : "Sources changed since the last build: building…",
  );
  const r = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (args.includes("--serve")) {
  // Node 22.1+ caches the compiled code of every module the server loads, so a restart skips most
  // of the compile; Node 20 (the README's) has no such cache and this does nothing there.
  module.enableCompileCache?.();
  // The server bundle runs on import (same as `npm run serve`), in this process.
  await import(pathToFileURL(path.join(root, "apps/server/dist/server.mjs")).href);
}
