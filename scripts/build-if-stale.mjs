// `npm start`: build only when the build output is missing or older than what it is built from,
// so a second start on an unchanged tree goes straight to the server (a build takes ~30 s).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

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

/** Newest modification time under `p` (0 when missing); test files do not go into the build. */
function newest(p) {
  let st;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return /\.test\.tsx?$/.test(p) ? 0 : st.mtimeMs;
  let max = st.mtimeMs; // a deleted file shows only as its folder's change
  for (const name of fs.readdirSync(p)) {
    if (name === "node_modules" || name === "dist") continue;
    max = Math.max(max, newest(path.join(p, name)));
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

if (builtAt > changedAt) {
  console.log("Build is up to date (delete apps/*/dist or run `npm run build` to force one).");
} else {
  console.log(
    builtAt === 0 ? "No build yet: building…" : "Sources changed since the last build: building…",
  );
  const r = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  process.exit(r.status ?? 1);
}
