import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { tryLock } from "fs-native-extensions";
import { sql, type ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { serverDir } from "../lib/paths";
import { PreparingPGlite } from "./pglite-statements";
import {
  inProcessChannel,
  postgresChannel,
  registerInvalidation,
  type InvalidationChannel,
} from "./invalidation";
import * as schema from "./schema/index";

/** The one database type every service uses, whichever engine is behind it. */
export type Database = PgDatabase<
  PgQueryResultHKT,
  typeof schema,
  ExtractTablesWithRelations<typeof schema>
>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Cache invalidation shared by every instance on this database (see invalidation.ts). */
  invalidation: InvalidationChannel;
  /** Resolves when the database answers a trivial query. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

const migrationsFolder = path.join(serverDir, "drizzle");

/** PostgreSQL's frontend Sync message ('S', length 4), and the backend's ReadyForQuery tag ('Z'). */
const PROTOCOL_SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);
const READY_FOR_QUERY = 0x5a;

/**
 * Written by `npm run build` (scripts/build-db-template.ts): the data folder of an embedded database
 * already migrated. A first start copies it (a native file copy) rather than loading a dump, which
 * PGlite unpacks file by file through its WebAssembly file system: about a second saved.
 */
export const defaultTemplateFile = path.join(serverDir, "dist/pglite-template");

export type DatabaseOptions = {
  /** postgres://… for a server; "memory://" for an in-memory embedded database; null for ./data. */
  url: string | null;
  dataDir: string;
  /**
   * A migrated embedded database to start a new one from: a data folder to copy, or a dump
   * (`.tar.gz`, what in-memory databases use). PGlite's initdb takes seconds; either template takes
   * well under one. Migrations still run afterwards, so an older template is only slower, never
   * wrong. Defaults to the build's template when it exists.
   */
  template?: string | null;
};

/** Opens the embedded or server database and applies committed migrations. */
export async function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  const handle =
    opts.url && /^postgres(ql)?:\/\//.test(opts.url)
      ? await openPostgres(opts.url)
      : await openPglite(opts);
  try {
    await runMigrations(handle);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // A dropped connection must not crash the process; the pool reconnects and /api/health reports 503 meanwhile.
  pool.on("error", () => {});
  // pg-pool listens for errors only on idle clients. A connection lost while its client is checked
  // out (in a transaction) emits 'error' on the client, which unheard would crash the process. The
  // query in flight fails by itself and the pool drops the broken client when it is released.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  let invalidation: InvalidationChannel;
  try {
    invalidation = await postgresChannel(url, pool);
  } catch (err) {
    await pool.end();
    throw err;
  }
  registerInvalidation(db, invalidation);
  return {
    db,
    kind: "postgres",
    invalidation,
    ping: async () => {
      await pool.query("select 1");
    },
    close: async () => {
      await invalidation.close();
      await pool.end();
    },
  };
}

async function openPglite(opts: DatabaseOptions): Promise<DatabaseHandle> {
  const inMemory = opts.url === "memory://";
  let release = () => {};
  let dataPath: string | undefined;
  if (!inMemory) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    release = acquireLock(path.join(opts.dataDir, "pglite.lock"));
    dataPath = path.join(opts.dataDir, "pglite");
  }
  try {
    const template = opts.template === undefined ? defaultTemplateFile : opts.template;
    const isNew = !dataPath || !fs.existsSync(path.join(dataPath, "PG_VERSION"));
    const templateStat =
      isNew && template ? fs.statSync(template, { throwIfNoEntry: false }) : null;
    let loadDataDir: Blob | undefined;
    if (templateStat?.isDirectory() && dataPath) {
      copyTemplateDir(template!, dataPath);
    } else if (templateStat?.isFile()) {
      loadDataDir = new Blob([fs.readFileSync(template!)]);
    }
    // PGlite keeping the statements it runs often prepared (pglite-statements.ts).
    const client = await PreparingPGlite.open({ dataDir: dataPath, loadDataDir });
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    const invalidation = inProcessChannel();
    registerInvalidation(db, invalidation);
    return {
      db,
      kind: "pglite",
      invalidation,
      // A protocol Sync message, answered by the backend with ReadyForQuery. Unlike a query, it
      // does not wait for a transaction in progress to finish (`runExclusive` takes the query
      // lock, free between a transaction's statements), and it changes nothing: so a long write,
      // such as a 50 MB account import, does not make /api/health report the database as down.
      ping: async () => {
        const answer = await client.runExclusive(() =>
          client.execProtocolRaw(PROTOCOL_SYNC, { syncToFs: false }),
        );
        if (!answer.includes(READY_FOR_QUERY)) throw new Error("the database did not answer");
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * Copies a template data folder into place. Copied beside and renamed, so a start killed half way
 * leaves no folder that looks like a database (PG_VERSION present, files missing).
 */
function copyTemplateDir(template: string, dataPath: string): void {
  const staging = `${dataPath}.new`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.cpSync(template, staging, { recursive: true });
  fs.rmSync(dataPath, { recursive: true, force: true });
  fs.renameSync(staging, dataPath);
}

/**
 * Creates a migrated embedded database as a template: a data folder at `target`, or its dump when
 * `target` ends in `.tar.gz`.
 */
export async function writeTemplate(target: string): Promise<void> {
  if (!target.endsWith(".tar.gz")) return writeTemplateDir(target);
  const file = target;
  const handle = await openPglite({ url: "memory://", dataDir: "", template: null });
  try {
    await runMigrations(handle);
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("gzip");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written beside and renamed, so a half-written template is never loaded.
    fs.writeFileSync(`${file}.tmp`, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(`${file}.tmp`, file);
  } finally {
    await handle.close();
  }
}

async function writeTemplateDir(dir: string): Promise<void> {
  // Built beside and renamed, so a half-written template is never copied.
  const staging = `${dir}.tmp`;
  fs.rmSync(staging, { recursive: true, force: true });
  const handle = await openPglite({ url: null, dataDir: staging, template: null });
  try {
    await runMigrations(handle);
  } finally {
    await handle.close();
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(path.join(staging, "pglite"), dir);
  fs.rmSync(staging, { recursive: true, force: true });
}

async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as never, { migrationsFolder });
    return;
  }
  // Several instances may start at once against one server: serialise their migrations.
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
    await migratePg(tx as never, { migrationsFolder });
  });
}

/**
 * PGlite allows one process per data folder: a second one would serve from its own copy in memory
 * and overwrite the first one's acknowledged writes. The lock is the operating system's, not a PID
 * file: an open-file-description lock (`fcntl` F_OFD_SETLK on Linux, `flock` on macOS,
 * `LockFileEx` on Windows) on `pglite.lock`, through fs-native-extensions. The kernel holds it for
 * the open file, so it works between processes that cannot see each other's PIDs (containers,
 * separate PID namespaces) on one filesystem, and it is released the moment the holder dies, even
 * by `kill -9`, so a restart never waits for a stale lock.
 *
 * The file itself is never deleted (a process holding the old file and one that created a new file
 * would both hold "the" lock); its text only says who holds it, for the message. A file that holds
 * a bare PID was written by an earlier version with PID-file locking: that process is honoured
 * while it is alive.
 */
export function acquireLock(
  lockPath: string,
  { removeOnRelease = false }: { removeOnRelease?: boolean } = {},
): () => void {
  const fd = fs.openSync(lockPath, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o644);
  const inUse = (holder: string) => {
    fs.closeSync(fd);
    return new Error(
      `The embedded database in ${path.dirname(lockPath)} is in use by another FlockKeeper process` +
        `${holder ? ` (${holder})` : ""}. Stop it first, or set DATA_DIR or DATABASE_URL for this one.`,
    );
  };
  if (!tryLock(fd)) throw inUse(readHolder(lockPath));
  const previous = readHolder(lockPath);
  const legacyPid = /^\d+$/.test(previous) ? Number(previous) : null;
  if (legacyPid !== null && legacyPid !== process.pid && isAlive(legacyPid)) {
    throw inUse(`pid ${legacyPid}, an earlier version`);
  }
  const text = Buffer.from(`pid ${process.pid} on ${os.hostname()}\n`);
  fs.ftruncateSync(fd, 0);
  fs.writeSync(fd, text, 0, text.length, 0);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // Removed while still locked, so nobody can lock the old file after this one is gone.
    if (removeOnRelease) fs.rmSync(lockPath, { force: true });
    fs.closeSync(fd); // closing the file releases the lock
  };
}

/** Who the lock file says holds it ("pid 12 on host"), or "" when it says nothing readable. */
function readHolder(lockPath: string): string {
  try {
    return fs.readFileSync(lockPath, "utf8").trim().slice(0, 200);
  } catch {
    return "";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
