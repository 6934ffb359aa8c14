import fs from "node:fs";
import path from "node:path";
import { acquireLock } from "./client";

/** Where earlier versions kept the embedded database (now ./var/db, see config.ts). */
export const LEGACY_DATA_DIR = "./data";

/**
 * Moves an embedded database left in ./data/pglite by an earlier version to the new default folder,
 * once, and says so. Only when DATA_DIR is not set (a chosen folder is never touched) and the new
 * folder holds no database yet. Returns the message to print, or null when nothing was moved.
 */
export function moveLegacyDatabase(
  dataDir: string,
  { explicit, cwd = process.cwd() }: { explicit: boolean; cwd?: string },
): string | null {
  if (explicit) return null;
  const legacy = path.resolve(cwd, LEGACY_DATA_DIR, "pglite");
  const target = path.join(dataDir, "pglite");
  if (!fs.existsSync(path.join(legacy, "PG_VERSION")) || fs.existsSync(target)) return null;
  // An older server still running holds ./data/pglite.lock: the same lock as the database
  // itself, so nothing moves a folder in use. The lock file goes too: ./data is only datasets now.
  const release = acquireLock(path.resolve(cwd, LEGACY_DATA_DIR, "pglite.lock"), {
    removeOnRelease: true,
  });
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.renameSync(legacy, target);
  } finally {
    release();
  }
  return `Moved the embedded database from ${legacy} to ${target} (./data holds only the datasets now).`;
}
