import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The apps/server folder, found by walking up to its package.json, so paths to migrations, data and
 * the built web app hold whether this code runs from src/ (tsx) or from a bundle in dist/.
 */
function findServerDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, "utf8")) as { name?: string };
      if (name === "@flockkeeper/server") return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("apps/server/package.json not found above " + dir);
    dir = parent;
  }
}

export const serverDir = findServerDir();
export const repoRoot = path.resolve(serverDir, "../..");
