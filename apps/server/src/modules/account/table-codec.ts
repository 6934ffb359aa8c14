/**
 * Reads a keeper table's shape from its Drizzle definition (columns, types, foreign keys) so
 * export, import and CSV need no per-table code: a validator for imported rows, the id columns to
 * remap, and how each value is written out.
 */
import { getTableColumns } from "drizzle-orm";
import { getTableConfig, type PgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import { isValidIsoDate } from "@flockkeeper/shared/schemas/common";
import { images, users } from "../../db/schema/index";
import { keeperTables, ownerColumnOf, type KeeperTable, type OwnerScope } from "./keeper-tables";

export type Ref = {
  /** Property name of the column. */
  key: string;
  /** Registry key of the table it points at. */
  target: string;
  /** Declared foreign key (must resolve) or a soft reference (unresolved -> null). */
  soft: boolean;
};

export type TableCodec = {
  entry: KeeperTable;
  /** Exported columns as [property name, column]; the user column is left out. */
  columns: [string, PgColumn][];
  /** Property name of the user column. */
  /** The owner column's property (`farmId` or `userId`). */
  userKey: string;
  /** Whether rows belong to a farm or to one person. */
  scope: OwnerScope;
  /** Columns naming a member as author (`createdBy`, `updatedBy`). */
  authorKeys: string[];
  /** True when rows have a uuid `id` primary key (re-issued on import). */
  hasId: boolean;
  refs: Ref[];
  /** Columns holding an image hash (foreign key to images). */
  imageHashKeys: string[];
  /** Columns whose type import cannot validate (the registry test requires none). */
  unsupported: string[];
  /** Validator for one row of an import file (strict: unknown fields are refused). */
  rowSchema: z.ZodType<Record<string, unknown>>;
};

const MAX_TEXT = 100_000;

function valueSchema(col: PgColumn): z.ZodType | null {
  switch (col.columnType) {
    case "PgUUID":
      return z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    case "PgText":
    case "PgVarchar":
      return col.enumValues?.length
        ? z.enum(col.enumValues as [string, ...string[]])
        : z.string().max(MAX_TEXT);
    case "PgDateString":
      return z.string().refine(isValidIsoDate, "must be a YYYY-MM-DD date");
    case "PgTimestamp":
      return z.iso.datetime({ offset: true }).transform((s) => new Date(s));
    case "PgTimestampString":
      return z.iso.datetime({ offset: true });
    case "PgInteger":
    case "PgSmallInt":
    case "PgBigInt53":
      return z.number().int();
    case "PgDoublePrecision":
    case "PgReal":
      return z.number();
    case "PgBoolean":
      return z.boolean();
    case "PgJson":
    case "PgJsonb":
      return z.json();
    default:
      return null;
  }
}

function buildCodec(entry: KeeperTable): TableCodec {
  const all = Object.entries(getTableColumns(entry.table)) as [string, PgColumn][];
  const owner = ownerColumnOf(entry.table);
  const userKey = owner && all.find(([, c]) => c === owner.column)?.[0];
  if (!owner || !userKey)
    throw new Error(`${entry.key}: keeper table without a farm_id or user_id`);
  // Who added and changed a record go last in a CSV: the record's own fields read first.
  const isAuthor = ([, c]: [string, PgColumn]) =>
    c.name === "created_by" || c.name === "updated_by";
  const columns = [
    ...all.filter((e) => e[0] !== userKey && !isAuthor(e)),
    ...all.filter((e) => isAuthor(e)),
  ];
  const keyOf = (col: PgColumn) => all.find(([, c]) => c === col)?.[0];
  const refs: Ref[] = [];
  const imageHashKeys: string[] = [];
  for (const fk of getTableConfig(entry.table).foreignKeys) {
    const ref = fk.reference();
    const key = ref.columns.length === 1 ? keyOf(ref.columns[0]!) : undefined;
    if (!key || key === userKey) continue;
    if (ref.foreignTable === images) {
      imageHashKeys.push(key);
      continue;
    }
    if (ref.foreignTable === users) continue;
    const target = keeperTables.find((e) => e.table === ref.foreignTable);
    if (target) refs.push({ key, target: target.key, soft: false });
  }
  for (const [key, target] of Object.entries(entry.softRefs ?? {})) {
    refs.push({ key, target, soft: true });
  }
  const unsupported: string[] = [];
  const shape: Record<string, z.ZodType> = {};
  for (const [key, col] of columns) {
    let s = valueSchema(col);
    if (!s) {
      unsupported.push(col.name);
      continue;
    }
    if (!col.notNull) s = s.nullable();
    if (!col.notNull || col.hasDefault) s = s.optional();
    shape[key] = s;
  }
  return {
    entry,
    columns,
    userKey,
    scope: owner.scope,
    authorKeys: all
      .filter(([, c]) => c.name === "created_by" || c.name === "updated_by")
      .map(([k]) => k),
    hasId: all.some(([k, c]) => k === "id" && c.primary && c.columnType === "PgUUID"),
    refs,
    imageHashKeys,
    unsupported,
    rowSchema: z.object(shape).strict() as unknown as z.ZodType<Record<string, unknown>>,
  };
}

let cache: Map<string, TableCodec> | null = null;

/** Codecs of every registry table, by registry key (built once). */
export function codecs(): Map<string, TableCodec> {
  cache ??= new Map(keeperTables.map((e) => [e.key, buildCodec(e)]));
  return cache;
}

/** A value as it appears in the JSON export. */
export function exportValue(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (Buffer.isBuffer(v)) return v.toString("base64");
  return v;
}

/** One database row as an export object (the user column left out). */
export function exportRow(codec: TableCodec, row: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [key] of codec.columns) out[key] = exportValue(row[key]);
  return out;
}
