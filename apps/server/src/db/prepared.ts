import { createHash } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { fillPlaceholders, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Database } from "./client";

const dialect = new PgDialect();

/**
 * The rows of a raw statement that runs often with the same text (only its parameters change),
 * such as Today's one statement over all task sources. On PostgreSQL it runs as a named prepared
 * statement: each pooled connection parses and plans it once, and after a few runs PostgreSQL
 * keeps a generic plan, where planning a dozen sub-selects each time cost more server CPU than
 * running them. The embedded database runs it as it is.
 *
 * The name is a hash of the text, so two texts never share one (pg refuses that per connection).
 * The rows come with pg's own type parsing (json parsed, dates as Date): meant for statements that
 * answer json or plain numbers and text.
 */
export async function preparedRows<T>(db: Database, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const name = `fk_${createHash("sha256").update(text).digest("base64url").slice(0, 24)}`;
    return (await client.query({ name, text, values: params })).rows as T[];
  }
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * `preparedRows` for a statement whose text never changes, only the values of its placeholders
 * (`sql.placeholder(name)`): its text, parameters and name are worked out on the first run and kept,
 * where building and hashing a large statement again on every request was a tenth of Today's CPU
 * (issue 26 item 1). On PostgreSQL it runs as a named prepared statement, as with preparedRows; the
 * embedded database runs the same text with the same values. Rows as preparedRows gives them (the
 * engine's own type parsing): meant for statements that answer json or plain numbers and text.
 */
export function preparedStatement<T>(query: SQL) {
  let compiled: { text: string; params: unknown[]; name: string } | undefined;
  return async (db: Database, values: Record<string, unknown>): Promise<T[]> => {
    if (!compiled) {
      const { sql: text, params } = dialect.sqlToQuery(query);
      const name = `fk_${createHash("sha256").update(text).digest("base64url").slice(0, 24)}`;
      compiled = { text, params, name };
    }
    const { text, params, name } = compiled;
    const filled = fillPlaceholders(params, values);
    const client = (db as unknown as { $client?: unknown }).$client;
    if (client instanceof pg.Pool)
      return (await client.query({ name, text, values: filled })).rows as T[];
    return (await (client as PGlite).query<T>(text, filled)).rows;
  };
}
