import { createHash } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { fillPlaceholders, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Database } from "./client";

const dialect = new PgDialect();

/**
 * A raw statement turned into its text and parameters once: what changes from run to run is a
 * `sql.placeholder(name)`, filled in by `preparedRows`. Building the text of a statement with a
 * dozen sub-selects (Today's) walked Drizzle's SQL tree on every request, a tenth of the request's
 * CPU; the name is a hash of the text, so two texts never share one (pg refuses that per
 * connection).
 */
export type BuiltStatement = {
  readonly name: string;
  readonly text: string;
  readonly params: unknown[];
};

export function buildStatement(query: SQL): BuiltStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `fk_${createHash("sha256").update(text).digest("base64url").slice(0, 24)}`;
  return { name, text, params };
}

/*
 * SQL that writes one value as JSON text, for lists whose JSON the database writes (birds, flocks:
 * issue 26 item 1), in the conventions of the egg list's (migration 0017) so that the bytes are
 * those `JSON.stringify` writes for the API's objects: text through to_json (JSON's escapes),
 * uuids and dates quoted as read, timestamps as `Date#toISOString` writes them.
 */
/** A timestamptz as the text of `Date#toISOString` (ms, UTC, "Z"); MS truncates, as `new Date(text)` does. */
export const isoTimestampSql = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A nullable text column as a JSON string or null. */
export const jsonTextSql = (column: string) => `coalesce(to_json(${column})::text, 'null')`;
/** A nullable uuid or date column (nothing to escape) as a JSON string or null. */
export const jsonQuotedSql = (column: string) => `coalesce('"' || ${column} || '"', 'null')`;
/** A timestamptz column as a JSON string of its ISO text. */
export const jsonIsoTimestampSql = (column: string) => `'"' || ${isoTimestampSql(column)} || '"'`;

/**
 * The rows of a statement that runs often with the same text (only its parameters change), such
 * as Today's one statement over all task sources. On PostgreSQL it runs as a named prepared
 * statement: each pooled connection parses and plans it once, and after a few runs PostgreSQL
 * keeps a generic plan, where planning a dozen sub-selects each time cost more server CPU than
 * running them. On the embedded database PGlite's `query` runs it, which `PreparingPGlite`
 * (pglite-statements.ts) keeps as a named statement there too.
 *
 * `values` fills the statement's placeholders. The rows come with the driver's own type parsing
 * (json parsed; dates differ between the two drivers): meant for statements that answer json or
 * plain numbers and text.
 */
export async function preparedRows<T>(
  db: Database,
  statement: BuiltStatement,
  values: Record<string, unknown> = {},
): Promise<T[]> {
  const params = fillPlaceholders(statement.params, values);
  // The database's own client: a transaction has none (`$client` is the top-level database's).
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { name, text } = statement;
    return (await client.query({ name, text, values: params })).rows as T[];
  }
  if (client instanceof PGlite) return (await client.query<T>(statement.text, params)).rows;
  throw new Error("preparedRows runs on the database itself, not inside a transaction");
}

/**
 * `build(db, variant)` run once per database and variant, its result kept: for Drizzle's prepared
 * selects (`.prepare(name)`) of the reads made on every screen, where building the statement on
 * each request was a good part of the read's CPU. A variant is a flag such as "one bird" or
 * "archived" that changes the statement's text.
 */
export function oncePerDatabase<S, V extends string | boolean | undefined = undefined>(
  build: (db: Database, variant: V) => S,
): (db: Database, variant?: V) => S {
  const built = new WeakMap<Database, Map<V, S>>();
  return (db, variant) => {
    let byVariant = built.get(db);
    if (!byVariant) built.set(db, (byVariant = new Map()));
    const key = variant as V;
    let statement = byVariant.get(key);
    if (statement === undefined) byVariant.set(key, (statement = build(db, key)));
    return statement;
  };
}
