import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { moveLegacyDatabase } from "./data-dir";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A project folder with an older version's database in ./data/pglite. */
function projectWithLegacyDb(): { cwd: string; dataDir: string } {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "fk-datadir-"));
  dirs.push(cwd);
  fs.mkdirSync(path.join(cwd, "data/pglite"), { recursive: true });
  fs.writeFileSync(path.join(cwd, "data/pglite/PG_VERSION"), "17\n");
  fs.writeFileSync(path.join(cwd, "data/foods.json"), "[]");
  return { cwd, dataDir: path.join(cwd, "var/db") };
}

describe("embedded database folder", () => {
  it("defaults to ./var/db, outside ./data", () => {
    expect(loadConfig({}).dataDir).toBe(path.resolve("var/db"));
    expect(loadConfig({}).dataDirExplicit).toBe(false);
    expect(loadConfig({ DATA_DIR: "/srv/fk" })).toMatchObject({
      dataDir: "/srv/fk",
      dataDirExplicit: true,
    });
  });

  it("moves an older version's ./data/pglite there once, and says so", () => {
    const { cwd, dataDir } = projectWithLegacyDb();
    const message = moveLegacyDatabase(dataDir, { explicit: false, cwd });
    expect(message).toMatch(
      /^Moved the embedded database from .*data\/pglite to .*var\/db\/pglite/,
    );
    expect(fs.readFileSync(path.join(dataDir, "pglite/PG_VERSION"), "utf8")).toBe("17\n");
    expect(fs.existsSync(path.join(cwd, "data/pglite"))).toBe(false);
    expect(fs.existsSync(path.join(cwd, "data/foods.json"))).toBe(true);
    expect(fs.existsSync(path.join(cwd, "data/pglite.lock"))).toBe(false);
    expect(moveLegacyDatabase(dataDir, { explicit: false, cwd })).toBeNull();
  });

  it("leaves it alone when DATA_DIR is set or the new folder already has a database", () => {
    const { cwd, dataDir } = projectWithLegacyDb();
    expect(moveLegacyDatabase(dataDir, { explicit: true, cwd })).toBeNull();
    fs.mkdirSync(path.join(dataDir, "pglite"), { recursive: true });
    expect(moveLegacyDatabase(dataDir, { explicit: false, cwd })).toBeNull();
    expect(fs.existsSync(path.join(cwd, "data/pglite/PG_VERSION"))).toBe(true);
  });

  it("never moves a database an older server still has open", () => {
    const { cwd, dataDir } = projectWithLegacyDb();
    // Another live process (this test's parent) holds the lock.
    fs.writeFileSync(path.join(cwd, "data/pglite.lock"), String(process.ppid));
    expect(() => moveLegacyDatabase(dataDir, { explicit: false, cwd })).toThrow(/in use/);
    expect(fs.existsSync(path.join(cwd, "data/pglite/PG_VERSION"))).toBe(true);
  });
});
