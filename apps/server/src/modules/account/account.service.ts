import { createHash, randomUUID } from "node:crypto";
import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { describeDevice } from "@flockkeeper/shared/domain/device";
import {
  CONFIRM_EMAIL_MISMATCH,
  EXPORT_FORMAT,
  EXPORT_SCHEMA_VERSION,
  type AccountSession,
  type AccountSettings,
  type ImportAccountResponse,
  type UpdateAccountSettingsBody,
} from "@flockkeeper/shared/schemas/account";
import {
  DEFAULT_UNITS,
  type TemperatureUnit,
  type WeightUnit,
} from "@flockkeeper/shared/domain/units";
import type { Database } from "../../db/client";
import {
  adminSessions,
  builtinAccounts,
  farmMembers,
  farms,
  imageOwners,
  images,
  keeperPlaces,
  keeperSettings,
  newsletterSubscribers,
  oidcPayloads,
  sessions,
  users,
} from "../../db/schema/index";
import { evictSessions, type SessionPolicy } from "../../auth/session-store";
import { AppError, badRequest, notFound } from "../../lib/errors";
import {
  hashFromImageUrl,
  IMPORT_PHOTO_BOX,
  imageUrl,
  reencodeImage,
} from "../images/images.service";
import { keeperTables, ownerColumnOf } from "./keeper-tables";
import { deleteFarms, farmsLeftBy, listMembers } from "../farms/farms.service";
import { codecs, exportRow, exportValue, type TableCodec } from "./table-codec";
import {
  membershipChanged,
  ownedImages,
  requirePermission,
  type Keeper,
} from "../../access/access";
import { csvRows } from "../../lib/csv";
import { DEFAULT_CURRENCY } from "@flockkeeper/shared/domain/money";

type User = typeof users.$inferSelect;
type Row = Record<string, unknown>;

/** Rows read per query while exporting: small enough to keep memory flat, large enough to be quick. */
const EXPORT_BATCH = 2000;
/**
 * Rows per insert statement. On the embedded database a statement runs in this thread, so its
 * size bounds how long other requests wait: 500 rows of a 48 MB import took up to 0.9 s at load 17,
 * 100 rows stay under about 0.3 s.
 */
const INSERT_BATCH = 100;

/** Resolves after the event loop has run other work waiting now (timers, I/O, other requests). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A function to await in a long loop: every `n` calls it lets the event loop run other work. */
function yieldEvery(n: number): () => Promise<void> {
  let calls = 0;
  return () => (++calls % n === 0 ? nextTurn() : Promise.resolve());
}

// ---------------------------------------------------------------- settings

/** The keeper's settings (defaults when never saved) and saved weather place. */
export async function getSettings(db: Database, keeper: Keeper): Promise<AccountSettings> {
  // Units and egg price are the person's own; the weather place is the farm's.
  const [s] = await db
    .select()
    .from(keeperSettings)
    .where(eq(keeperSettings.userId, keeper.user.id));
  const [p] = await db.select().from(keeperPlaces).where(eq(keeperPlaces.farmId, keeper.farmId));
  return {
    temperatureUnit: (s?.temperatureUnit ?? DEFAULT_UNITS.temperatureUnit) as TemperatureUnit,
    weightUnit: (s?.weightUnit ?? DEFAULT_UNITS.weightUnit) as WeightUnit,
    eggPrice: s?.eggPrice ?? null,
    currency: s?.currency ?? DEFAULT_CURRENCY,
    weatherPlace: p ? { name: p.name, latitude: p.latitude, longitude: p.longitude } : null,
  };
}

/** Saves the given settings; `weatherPlace` sets or (null) forgets the saved place. */
export async function updateSettings(
  db: Database,
  keeper: Keeper,
  body: UpdateAccountSettingsBody,
): Promise<AccountSettings> {
  const userId = keeper.user.id;
  const { farmId } = keeper;
  const { weatherPlace, ...prefs } = body;
  if (weatherPlace !== undefined) requirePermission(keeper, "farm.write");
  await db.transaction(async (tx) => {
    if (Object.keys(prefs).length > 0) {
      const set = { ...prefs, updatedAt: new Date() };
      await tx
        .insert(keeperSettings)
        .values({ userId, ...set })
        .onConflictDoUpdate({ target: keeperSettings.userId, set });
    }
    if (weatherPlace === null) {
      await tx.delete(keeperPlaces).where(eq(keeperPlaces.farmId, farmId));
    } else if (weatherPlace) {
      const set = { ...weatherPlace, updatedAt: new Date() };
      await tx
        .insert(keeperPlaces)
        .values({ farmId, ...set })
        .onConflictDoUpdate({ target: keeperPlaces.farmId, set });
    }
  });
  return getSettings(db, keeper);
}

// ---------------------------------------------------------------- sessions

/** "Chrome on Android" from a user agent, roughly; good enough to recognise one's own devices. */
export function sessionDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  return describeDevice(userAgent) ?? userAgent.slice(0, 60);
}

/** An id for display that reveals nothing about the session token. */
const publicSessionId = (id: string) =>
  createHash("sha256").update(`session:${id}`).digest("base64url").slice(0, 16);

/** The keeper's live sessions, most recently used first. */
export async function listSessions(
  db: Database,
  userId: string,
  currentSessionId: string | null,
  policy: SessionPolicy,
): Promise<AccountSession[]> {
  const now = Date.now();
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(sql`${sessions.lastSeenAt} desc`);
  return rows
    .filter((s) => s.expiresAt.getTime() > now && s.lastSeenAt.getTime() + policy.idleMs > now)
    .map((s) => ({
      id: publicSessionId(s.id),
      device: sessionDevice(s.userAgent),
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      current: s.id === currentSessionId,
    }));
}

/** Ends every session of the keeper (this device included); returns how many were ended. */
export async function endAllSessions(db: Database, userId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  await db.delete(adminSessions).where(eq(adminSessions.userId, userId));
  await evictSessions(db, { userId });
  return ended.length;
}

// ---------------------------------------------------------------- reading keeper rows

const exportable = () =>
  [...codecs().values()].filter((c) =>
    ["records", "singleton", "export-only"].includes(c.entry.mode),
  );

/** The column saying whose a row is: `farm_id` for a farm's records, `user_id` for one's own. */
function ownerCol(codec: TableCodec): PgColumn {
  return ownerColumnOf(codec.entry.table)!.column;
}

/** Whose rows of this table the keeper reads and writes: their farm's, or their own. */
const ownerId = (codec: TableCodec, keeper: Keeper) =>
  codec.scope === "farm" ? keeper.farmId : keeper.user.id;

function idCol(codec: TableCodec): PgColumn | null {
  return codec.columns.find(([k]) => k === "id")?.[1] ?? null;
}

/** The keeper's rows of one table in batches, by id (keyset pagination, never OFFSET). */
async function* readRows(db: Database, codec: TableCodec, keeper: Keeper): AsyncGenerator<Row[]> {
  const owner = ownerId(codec, keeper);
  const table = codec.entry.table as PgTable;
  const id = idCol(codec);
  if (!id) {
    const rows = (await db
      .select()
      .from(table)
      .where(eq(ownerCol(codec), owner))) as Row[];
    if (rows.length) yield rows;
    return;
  }
  let last: unknown = null;
  for (;;) {
    const where: SQL | undefined =
      last === null ? eq(ownerCol(codec), owner) : and(eq(ownerCol(codec), owner), gt(id, last));
    const rows = (await db
      .select()
      .from(table)
      .where(where)
      .orderBy(asc(id))
      .limit(EXPORT_BATCH)) as Row[];
    if (rows.length) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    last = rows[rows.length - 1]!.id;
  }
}

type ImageEntry = {
  hash: string;
  url: string;
  mime: string;
  width: number;
  height: number;
  createdAt: string;
  data?: string;
};

/** The keeper's photos in batches (with their bytes, base64, when `embed`). */
async function* readImages(
  db: Database,
  farmId: string,
  embed: boolean,
): AsyncGenerator<ImageEntry[]> {
  let last: string | null = null;
  // Fewer rows per batch when each carries a photo.
  const batch = embed ? 20 : EXPORT_BATCH;
  for (;;) {
    const rows = await db
      .select({
        hash: images.hash,
        mime: images.mime,
        width: images.width,
        height: images.height,
        createdAt: imageOwners.createdAt,
        ...(embed ? { bytes: images.bytes } : {}),
      })
      .from(imageOwners)
      .innerJoin(images, eq(images.hash, imageOwners.hash))
      .where(
        last === null
          ? eq(imageOwners.farmId, farmId)
          : and(eq(imageOwners.farmId, farmId), gt(imageOwners.hash, last)),
      )
      .orderBy(asc(imageOwners.hash))
      .limit(batch);
    if (rows.length) {
      yield rows.map((r) => ({
        hash: r.hash,
        url: imageUrl(r.hash),
        mime: r.mime,
        width: r.width,
        height: r.height,
        createdAt: r.createdAt.toISOString(),
        ...("bytes" in r && r.bytes ? { data: (r.bytes as Buffer).toString("base64") } : {}),
      }));
    }
    if (rows.length < batch) return;
    last = rows[rows.length - 1]!.hash;
  }
}

const accountInfo = (u: User) => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  profileImageUrl: u.profileImageUrl,
  createdAt: u.createdAt.toISOString(),
});

// ---------------------------------------------------------------- JSON export

/** The farm the export covers and who keeps it (the farm's member list: never credentials). */
async function farmInfo(db: Database, keeper: Keeper) {
  const [farm] = await db.select().from(farms).where(eq(farms.id, keeper.farmId));
  // `id`, not `userId`: no key of the export names the records' owner column.
  const members = (await listMembers(db, keeper.user, keeper.farmId)).map(({ userId, ...m }) => ({
    id: userId,
    ...m,
  }));
  return { id: keeper.farmId, name: farm?.name ?? null, members };
}

/**
 * The export document, streamed in pieces: format, schemaVersion, account, one array per keeper
 * table, the photos, and last the number of rows of each (import checks them, so a cut-off or
 * edited file is refused). Not a single snapshot: rows written during a long export may be missed.
 */
export async function* exportJson(
  db: Database,
  keeper: Keeper,
  { embedPhotos = false }: { embedPhotos?: boolean } = {},
): AsyncGenerator<string> {
  const counts: Record<string, number> = {};
  yield (
    `{"format":${JSON.stringify(EXPORT_FORMAT)},"schemaVersion":${EXPORT_SCHEMA_VERSION},` +
    `"exportedAt":${JSON.stringify(new Date().toISOString())},"account":${JSON.stringify(accountInfo(keeper.user))},` +
    `"farm":${JSON.stringify(await farmInfo(db, keeper))},"tables":{`
  );
  let firstTable = true;
  for (const codec of exportable()) {
    yield `${firstTable ? "" : ","}${JSON.stringify(codec.entry.key)}:[`;
    firstTable = false;
    let n = 0;
    for await (const rows of readRows(db, codec, keeper)) {
      const body = rows.map((r) => JSON.stringify(exportRow(codec, r))).join(",");
      yield (n > 0 ? "," : "") + body;
      n += rows.length;
    }
    counts[codec.entry.key] = n;
    yield "]";
  }
  yield `},"images":[`;
  let n = 0;
  for await (const rows of readImages(db, keeper.farmId, embedPhotos)) {
    yield (n > 0 ? "," : "") + rows.map((r) => JSON.stringify(r)).join(",");
    n += rows.length;
  }
  counts.images = n;
  yield `],"counts":${JSON.stringify(counts)}}\n`;
}

// ---------------------------------------------------------------- CSV export

async function* tableCsv(db: Database, codec: TableCodec, keeper: Keeper): AsyncGenerator<string> {
  yield csvRows([codec.columns.map(([k]) => k)]);
  for await (const rows of readRows(db, codec, keeper)) {
    yield csvRows(rows.map((r) => codec.columns.map(([k]) => exportValue(r[k]))));
  }
}

async function* imagesCsv(db: Database, farmId: string): AsyncGenerator<string> {
  const cols = ["hash", "url", "mime", "width", "height", "createdAt"] as const;
  yield csvRows([[...cols]]);
  for await (const rows of readImages(db, farmId, false)) {
    yield csvRows(rows.map((r) => cols.map((c) => r[c])));
  }
}

/** The files of the CSV export: one per record type, plus the photo links. */
export function* csvFiles(db: Database, keeper: Keeper) {
  for (const codec of exportable()) {
    yield { name: `${codec.entry.key}.csv`, content: tableCsv(db, codec, keeper) };
  }
  yield { name: "images.csv", content: imagesCsv(db, keeper.farmId) };
}

// ---------------------------------------------------------------- import

const importFile = z.object({
  format: z.literal(EXPORT_FORMAT, { error: "This is not a FlockKeeper export file" }),
  schemaVersion: z.number().int().min(1),
  exportedAt: z.string().optional(),
  account: z.unknown().optional(),
  farm: z.unknown().optional(),
  tables: z.record(z.string(), z.array(z.unknown())),
  images: z.array(z.unknown()).default([]),
  counts: z.record(z.string(), z.number().int()),
});

const imageEntry = z
  .object({
    hash: z.string().regex(/^[a-f0-9]{64}$/),
    url: z.string().max(200).optional(),
    mime: z.string().max(100).optional(),
    width: z.number().int().optional(),
    height: z.number().int().optional(),
    createdAt: z.string().optional(),
    data: z.string().max(20_000_000).optional(),
  })
  .strict();

const invalidFile = (message: string) =>
  new AppError(400, "INVALID_IMPORT", `The file cannot be imported: ${message}`);

const zodWhere = (e: z.ZodError) => {
  const i = e.issues[0];
  return i ? `${i.path.join(".") || "value"} ${i.message}` : "invalid";
};

type PreparedTable = { codec: TableCodec; rows: Row[] };

/**
 * Imports a JSON export into this (empty) account: the whole file is validated first, then written
 * in one transaction with new ids (references between imported rows follow them), so it either
 * all arrives or nothing does.
 */
export async function importAccount(
  db: Database,
  keeper: Keeper,
  body: unknown,
): Promise<ImportAccountResponse> {
  const { farmId } = keeper;
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw invalidFile("it is not a FlockKeeper export file");
  }
  const version = (body as { schemaVersion?: unknown }).schemaVersion;
  if (typeof version === "number" && version > EXPORT_SCHEMA_VERSION) {
    throw new AppError(
      400,
      "UNSUPPORTED_SCHEMA_VERSION",
      `This file was exported by a newer version of FlockKeeper (schema ${version}); this server reads schema ${EXPORT_SCHEMA_VERSION} and older. Update this server first.`,
    );
  }
  const parsed = importFile.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw invalidFile(
      first?.path[0] === "format" ? "it is not a FlockKeeper export file" : zodWhere(parsed.error),
    );
  }
  const file = parsed.data;
  const all = codecs();
  // A file may hold a quarter of a million rows: checking and mapping them gives other requests a
  // turn every few hundred rows instead of holding the event loop for seconds.
  const breathe = yieldEvery(500);

  // Every table known, every row valid, the counts written at the end matching (not cut off).
  const prepared: PreparedTable[] = [];
  for (const [key, rawRows] of Object.entries(file.tables)) {
    const codec = all.get(key);
    if (!codec || !["records", "singleton", "export-only"].includes(codec.entry.mode)) {
      throw invalidFile(`unknown record type "${key}"`);
    }
    if (file.counts[key] !== rawRows.length) throw invalidFile(`"${key}" is incomplete`);
    if (codec.entry.mode === "export-only") continue;
    if (codec.entry.mode === "singleton" && rawRows.length > 1) {
      throw invalidFile(`"${key}" holds more than one entry`);
    }
    const rows: Row[] = [];
    for (let i = 0; i < rawRows.length; i++) {
      await breathe();
      const r = codec.rowSchema.safeParse(rawRows[i]);
      if (!r.success) throw invalidFile(`${key}[${i}].${zodWhere(r.error)}`);
      rows.push(r.data);
    }
    prepared.push({ codec, rows });
  }
  if (file.counts.images !== file.images.length) throw invalidFile(`"images" is incomplete`);
  const imageRows: z.infer<typeof imageEntry>[] = [];
  for (let i = 0; i < file.images.length; i++) {
    const r = imageEntry.safeParse(file.images[i]);
    if (!r.success) throw invalidFile(`images[${i}].${zodWhere(r.error)}`);
    imageRows.push(r.data);
  }

  // New ids, and every reference resolved within the file.
  const idMaps = new Map<string, Map<string, string>>();
  for (const { codec, rows } of prepared) {
    if (!codec.hasId) continue;
    const m = new Map<string, string>();
    for (const row of rows) {
      await breathe();
      const old = String(row.id);
      if (m.has(old)) throw invalidFile(`${codec.entry.key} has the id ${old} twice`);
      m.set(old, randomUUID());
    }
    idMaps.set(codec.entry.key, m);
  }

  // Photos. Embedded ones are checked against their hash, then decoded and re-encoded like any
  // upload (a file that is not a JPEG, PNG or WebP refuses the whole import); re-encoding gives
  // them a new hash, which the records' references follow. A photo the file only links to is kept
  // only when this keeper already owns it here: naming a hash never makes anyone its owner, and
  // another keeper's photo counts as missing exactly like one this server never had.
  const embedded = new Map<string, Awaited<ReturnType<typeof reencodeImage>>>();
  for (const img of imageRows) {
    if (!img.data || embedded.has(img.hash)) continue;
    const bytes = Buffer.from(img.data, "base64");
    if (createHash("sha256").update(bytes).digest("hex") !== img.hash) {
      throw invalidFile(`the photo ${img.hash} does not match its data`);
    }
    try {
      embedded.set(img.hash, await reencodeImage(bytes, IMPORT_PHOTO_BOX));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      throw invalidFile(
        err.statusCode === 413
          ? `the photo ${img.hash} is larger than 10 MB`
          : `the photo ${img.hash} is not a readable JPEG, PNG or WebP image`,
      );
    }
  }
  /** A photo's hash as stored here (embedded ones were re-encoded). */
  const storedHash = (h: string) => embedded.get(h)?.hash ?? h;
  // Photo addresses in text columns (a bird's imageUrl) may name photos the list does not.
  const urlHashes = new Set<string>();
  for (const { codec, rows } of prepared) {
    for (const key of codec.entry.imageUrlColumns ?? []) {
      for (const row of rows) {
        const h = hashFromImageUrl(typeof row[key] === "string" ? (row[key] as string) : null);
        if (h) urlHashes.add(h);
      }
    }
  }
  const linked = [
    ...new Set([...imageRows.map((i) => i.hash), ...urlHashes].filter((h) => !embedded.has(h))),
  ];
  const stored = await ownedImages(db, keeper, linked);
  const available = new Set([...embedded.keys(), ...stored]);
  const listed = new Set(imageRows.map((i) => i.hash));
  const missingPhotos = new Set(linked.filter((h) => !stored.has(h)));

  // Who added a record is kept when they are a member of this farm; otherwise it is unknown here.
  const memberIds = new Set(
    (
      await db
        .select({ userId: farmMembers.userId })
        .from(farmMembers)
        .where(eq(farmMembers.farmId, farmId))
    ).map((m) => m.userId),
  );

  const toInsert: { codec: TableCodec; values: Row[] }[] = [];
  for (const { codec, rows } of prepared) {
    const values: Row[] = [];
    for (const [i, row] of rows.entries()) {
      await breathe();
      const v: Row = { ...row, [codec.userKey]: ownerId(codec, keeper) };
      for (const key of codec.authorKeys) {
        if (typeof v[key] !== "string" || !memberIds.has(v[key])) v[key] = null;
      }
      if (codec.hasId) v.id = idMaps.get(codec.entry.key)!.get(String(row.id));
      for (const ref of codec.refs) {
        const old = row[ref.key];
        if (old === null || old === undefined) continue;
        const mapped = idMaps.get(ref.target)?.get(String(old));
        if (mapped) v[ref.key] = mapped;
        else if (ref.soft) v[ref.key] = null;
        else
          throw invalidFile(
            `${codec.entry.key}[${i}].${ref.key} refers to a record that is not in the file`,
          );
      }
      for (const key of codec.imageHashKeys) {
        const h = row[key];
        if (typeof h !== "string") continue;
        if (!listed.has(h)) {
          throw invalidFile(`${codec.entry.key}[${i}].${key} refers to a photo not in the file`);
        }
        v[key] = available.has(h) ? storedHash(h) : null;
      }
      for (const key of codec.entry.imageUrlColumns ?? []) {
        const url = row[key];
        if (typeof url !== "string") continue;
        const h = hashFromImageUrl(url);
        if (h ? !available.has(h) : !/^https?:\/\//.test(url)) v[key] = null;
        else if (h) v[key] = imageUrl(storedHash(h));
        if (h && !available.has(h)) missingPhotos.add(h);
      }
      values.push(v);
    }
    toInsert.push({ codec, values: parentsFirst(codec, values) });
  }

  const imported: Record<string, number> = {};
  try {
    await db.transaction(async (tx) => {
      // One import per farm at a time, and only into an empty one.
      const [farm] = await tx
        .select({ id: farms.id })
        .from(farms)
        .where(eq(farms.id, farmId))
        .for("update");
      if (!farm) throw notFound("Farm");
      for (const codec of all.values()) {
        if (codec.entry.mode !== "records") continue;
        // Forty-odd queries, each answered without I/O on the embedded database (see below).
        await nextTurn();
        const [row] = await tx
          .select({ one: sql<number>`1` })
          .from(codec.entry.table as PgTable)
          .where(eq(ownerCol(codec), ownerId(codec, keeper)))
          .limit(1);
        if (row) {
          throw new AppError(
            409,
            "ACCOUNT_NOT_EMPTY",
            "Import works only into an empty farm: the farm in use already has records.",
          );
        }
      }
      for (const photo of embedded.values()) {
        await tx
          .insert(images)
          .values({
            hash: photo.hash,
            mime: "image/jpeg",
            width: photo.width,
            height: photo.height,
            bytes: photo.data,
          })
          .onConflictDoNothing();
        await nextTurn();
      }
      const owned = [
        ...new Set([...available].filter((h) => listed.has(h)).map((h) => storedHash(h))),
      ];
      for (let i = 0; i < owned.length; i += INSERT_BATCH) {
        await tx
          .insert(imageOwners)
          .values(owned.slice(i, i + INSERT_BATCH).map((hash) => ({ hash, farmId })))
          .onConflictDoNothing();
        await nextTurn();
      }
      imported.images = owned.length;
      for (const { codec, values } of toInsert) {
        const table = codec.entry.table as PgTable;
        if (codec.entry.mode === "singleton") {
          await tx.delete(table).where(eq(ownerCol(codec), ownerId(codec, keeper)));
        }
        for (let i = 0; i < values.length; i += INSERT_BATCH) {
          await tx.insert(table).values(values.slice(i, i + INSERT_BATCH));
          // The embedded database runs each statement synchronously and answers through promises
          // alone, so without a turn here the whole insert (20 s for 48 MB at load 12) was one
          // task and every other request, /api/health included, waited for all of it. Other
          // queries still wait for the transaction (PGlite's transaction lock); on PostgreSQL the
          // network round trip already gave other work its turn, so this costs nothing there.
          await nextTurn();
        }
        imported[codec.entry.key] = values.length;
      }
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = dbErrorCode(err);
    // Constraint and data errors mean the file holds values this database refuses.
    if (code && /^(22|23)/.test(code)) throw invalidFile("it holds values this server refuses");
    throw err;
  }
  return { imported, photosMissing: missingPhotos.size };
}

/**
 * Rows of a table that refers to itself (a bird's sire and dam) in an order where every row comes
 * after the rows it names, so each insert batch finds its parents already there. A file whose rows
 * name each other in a circle is refused.
 */
function parentsFirst(codec: TableCodec, values: Row[]): Row[] {
  const selfKeys = codec.refs.filter((r) => r.target === codec.entry.key).map((r) => r.key);
  if (selfKeys.length === 0) return values;
  const ids = new Set(values.map((v) => String(v.id)));
  const placed = new Set<string>();
  const ordered: Row[] = [];
  let pending = values;
  while (pending.length > 0) {
    const next: Row[] = [];
    for (const v of pending) {
      const waiting = selfKeys.some((k) => {
        const ref = v[k];
        return typeof ref === "string" && ids.has(ref) && !placed.has(ref);
      });
      if (waiting) next.push(v);
      else {
        ordered.push(v);
        placed.add(String(v.id));
      }
    }
    if (next.length === pending.length) {
      throw invalidFile(`${codec.entry.key} has records that name each other as parents`);
    }
    pending = next;
  }
  return ordered;
}

function dbErrorCode(err: unknown): string | null {
  for (let e: unknown = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

// ---------------------------------------------------------------- delete

/**
 * Deletes the account in one transaction: the keeper's own rows (settings, sessions, searches),
 * the farms they keep alone with all their records and the photos nothing else uses, their
 * membership of farms kept with others (refused while they are such a farm's last owner: 409), the
 * built-in sign-in account, then the user. Records they added to shared farms stay, unattributed.
 * Ends all sessions.
 */
export async function deleteAccount(
  db: Database,
  keeper: Keeper,
  confirmEmail: string,
): Promise<void> {
  const userId = keeper.user.id;
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) {
      // Already deleted (a second request, or another instance): forget any cached session too.
      await evictSessions(db, { userId });
      throw notFound("Account");
    }
    const expected = (user.email ?? "DELETE").trim().toLowerCase();
    if (confirmEmail.trim().toLowerCase() !== expected) {
      throw badRequest(CONFIRM_EMAIL_MISMATCH, "CONFIRM_EMAIL_MISMATCH");
    }
    // Farms kept with others stay (after checking none is left without an owner); farms the keeper
    // keeps alone go, with their records and photos.
    const alone = await farmsLeftBy(tx, userId);
    for (const entry of [...keeperTables].reverse()) {
      const owner = ownerColumnOf(entry.table)!;
      if (owner.scope === "user") await tx.delete(entry.table).where(eq(owner.column, userId));
    }
    await deleteFarms(tx, alone);
    // A newsletter sign-up is kept by address, not by account; leaving the keeper's own address
    // on the list after "delete everything" would surprise them.
    if (user.email) {
      await tx
        .delete(newsletterSubscribers)
        .where(sql`lower(${newsletterSubscribers.email}) = lower(${user.email})`);
    }
    // The built-in provider's account for this keeper (its id is the subject), and its grants.
    if (user.email) {
      const gone = await tx
        .delete(builtinAccounts)
        .where(and(eq(builtinAccounts.id, user.subject), eq(builtinAccounts.email, user.email)))
        .returning({ id: builtinAccounts.id });
      if (gone.length) {
        await tx
          .delete(oidcPayloads)
          .where(sql`${oidcPayloads.payload}->>'accountId' = ${user.subject}`);
      }
    }
    await tx.delete(users).where(eq(users.id, userId));
  });
  await evictSessions(db, { userId });
  await membershipChanged(db, { userId });
}
