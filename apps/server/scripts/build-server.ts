import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { build } from "esbuild";
import { breedDataset } from "@flockkeeper/shared/schemas/breed";
import { conditionDataset, symptomDataset } from "@flockkeeper/shared/schemas/condition";
import { foodDataset } from "@flockkeeper/shared/schemas/food";
import { datasetHash, defaultDataDir, loadDatasets } from "../src/knowledge/datasets";

// Part of `npm run build`: the server as one ES module, so `npm start` doesn't transpile and resolve
// a few hundred TypeScript files through tsx on every start. npm packages stay external (resolved from
// node_modules as usual); our own workspace package is bundled in because it ships TypeScript.
// The operator's CLI (`npm run user`) is a second entry, so it needs no TypeScript loader either.
const serverDir = path.resolve(import.meta.dirname, "..");
const manifest = JSON.parse(readFileSync(path.join(serverDir, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
};
const external = Object.keys(manifest.dependencies)
  .filter((name) => !name.startsWith("@flockkeeper/"))
  .flatMap((name) => [name, `${name}/*`]);

const started = performance.now();
// The knowledge datasets are checked here, once per build: a broken one fails the build. Each file
// whose checked value is its JSON unchanged goes into the bundle by hash, and a start that finds
// the same file skips the check (src/knowledge/datasets.ts).
loadDatasets();
const datasetsChecked: Record<string, string> = {};
for (const [file, schema] of [
  ["foods.json", foodDataset],
  ["conditions.json", conditionDataset],
  ["symptoms.json", symptomDataset],
  ["breeds.json", breedDataset],
] as const) {
  const text = readFileSync(path.join(defaultDataDir, file), "utf8");
  const raw: unknown = JSON.parse(text);
  if (isDeepStrictEqual(schema.parse(raw), raw)) datasetsChecked[file] = datasetHash(text);
}
// Chunk names carry a content hash: clear the previous build's, or they pile up.
rmSync(path.join(serverDir, "dist/chunks"), { recursive: true, force: true });
await build({
  entryPoints: [path.join(serverDir, "src/server.ts"), path.join(serverDir, "src/cli/user.ts")],
  outdir: path.join(serverDir, "dist"),
  entryNames: "[name]",
  chunkNames: "chunks/[name]-[hash]",
  outExtension: { ".js": ".mjs" },
  // The app's modules become a chunk loaded while the database opens (see src/server.ts).
  splitting: true,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external,
  sourcemap: true,
  define: { __DATASETS_CHECKED__: JSON.stringify(datasetsChecked) },
  logLevel: "warning",
});
console.log(
  `server and CLI bundled into dist/server.mjs and dist/user.mjs in ${Math.round(performance.now() - started)} ms (datasets checked: ${Object.keys(datasetsChecked).join(", ") || "none unchanged by their schema"})`,
);
