import { and, eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import { notFound } from "../lib/errors";
import { requireRecordChange, type Keeper } from "./access";

/** A farm's log table (egg, feed, weight, coop, hatch, vaccination records): the columns a correction needs. */
type RecordTable = PgTable & {
  id: AnyPgColumn;
  farmId: AnyPgColumn;
  createdBy: AnyPgColumn;
  createdAt: AnyPgColumn;
};
type Authored = { createdBy: string | null; createdAt: Date };

/**
 * Loads one record of the farm in use that the keeper is about to change or delete: 404 when it is
 * missing or another farm's (the two look the same), 403 when the keeper may not change it
 * (`requireRecordChange`: a helper only their own, within 24 hours). Every correction route calls
 * this before it writes, so a refusal never leaves anything half-written. Pass a transaction as `db`
 * to hold the row (`for update`) until the change commits.
 */
export async function recordToChange<T extends RecordTable>(
  db: Database,
  keeper: Keeper,
  table: T,
  id: string,
  what: string,
): Promise<T["$inferSelect"]> {
  // Drizzle cannot infer a select from a table that is only known by its columns: the row is the
  // table's own row type, read by id and farm in one query.
  const rows = (await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.farmId, keeper.farmId)))
    .limit(1)
    .for("update")) as unknown as (T["$inferSelect"] & Authored)[];
  const row = rows[0];
  if (!row) throw notFound(what);
  requireRecordChange(keeper, row.createdBy, row.createdAt);
  return row;
}

/** Deletes one record after `recordToChange` allowed it (404 / 403 as there). */
export async function deleteRecord<T extends RecordTable>(
  db: Database,
  keeper: Keeper,
  table: T,
  id: string,
  what: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await recordToChange(t, keeper, table, id, what);
    await t.delete(table as PgTable).where(and(eq(table.id, id), eq(table.farmId, keeper.farmId)));
  });
}
