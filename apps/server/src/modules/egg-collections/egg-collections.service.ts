import { and, desc, eq, gte, lte } from "drizzle-orm";
import type { z } from "zod";
import type {
  createEggCollectionBody,
  EggCollection,
  eggCollectionQuery,
  updateEggCollectionBody,
} from "@flockkeeper/shared/schemas/flock";
import { addDaysIso } from "@flockkeeper/shared/domain/dates";
import type { Database } from "../../db/client";
import { eggCollections, flocks } from "../../db/schema/index";
import { invalidField, notFound } from "../../lib/errors";
import {
  authorshipOf,
  createdByKeeper,
  requireRecordChange,
  type Keeper,
} from "../../access/access";
import { resolveToday } from "../../lib/keeper-today";
import { withheldBaskets } from "../treatments/treatments.service";

type Row = typeof eggCollections.$inferSelect;

/*
 * The basket (issue 19 item 3): eggs collected from one flock on one day. One row per flock and day,
 * so a second basket for the same day is refused with the first one's id (the form then edits it);
 * the per-bird egg records of the flock's birds are part of it, never added on top (see
 * domain/headcount.ts flockDayEggs).
 */

function toEggCollection(row: Row, withheld: boolean): EggCollection {
  return {
    id: row.id,
    ...authorshipOf(row),
    flockId: row.flockId,
    date: row.date,
    eggs: row.eggs,
    cracked: row.cracked,
    dirty: row.dirty,
    notes: row.notes,
    withheld,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One basket, marked withheld when a treatment's egg withdrawal covers its day. */
async function presentOne(db: Database, keeper: Keeper, row: Row): Promise<EggCollection> {
  return toEggCollection(row, (await withheldBaskets(db, keeper, [row])).has(row.id));
}

/** Baskets between `from` and `to` (default: the 30 days to today), newest first. */
export async function listEggCollections(
  db: Database,
  keeper: Keeper,
  q: z.output<typeof eggCollectionQuery>,
): Promise<EggCollection[]> {
  const to = q.to ?? resolveToday();
  const from = q.from ?? addDaysIso(to, -29);
  if (from > to) throw invalidField("from", "From must not be after to");
  const rows = await db
    .select()
    .from(eggCollections)
    .where(
      and(
        eq(eggCollections.farmId, keeper.farmId),
        gte(eggCollections.date, from),
        lte(eggCollections.date, to),
        q.flockId ? eq(eggCollections.flockId, q.flockId) : undefined,
      ),
    )
    .orderBy(desc(eggCollections.date), desc(eggCollections.createdAt))
    .limit(5000);
  const withheld = await withheldBaskets(db, keeper, rows);
  return rows.map((r) => toEggCollection(r, withheld.has(r.id)));
}

async function farmFlock(db: Database, keeper: Keeper, flockId: string) {
  const [flock] = await db
    .select({ id: flocks.id, startDate: flocks.startDate })
    .from(flocks)
    .where(and(eq(flocks.id, flockId), eq(flocks.farmId, keeper.farmId)))
    .limit(1);
  if (!flock) throw invalidField("flockId", "Flock not found", 404);
  return flock;
}

async function sameDayBasket(db: Database, flockId: string, date: string, except?: string) {
  const [row] = await db
    .select({ id: eggCollections.id })
    .from(eggCollections)
    .where(and(eq(eggCollections.flockId, flockId), eq(eggCollections.date, date)))
    .limit(1);
  if (row && row.id !== except) {
    throw invalidField("date", `This flock's basket for ${date} is already logged; edit it`, 409, {
      existingId: row.id,
    });
  }
}

export async function createEggCollection(
  db: Database,
  keeper: Keeper,
  body: z.output<typeof createEggCollectionBody>,
): Promise<EggCollection> {
  const flock = await farmFlock(db, keeper, body.flockId);
  if (body.date < flock.startDate) {
    throw invalidField("date", `The flock started on ${flock.startDate}`);
  }
  await sameDayBasket(db, body.flockId, body.date);
  const [row] = await db
    .insert(eggCollections)
    .values({
      ...createdByKeeper(keeper),
      flockId: body.flockId,
      date: body.date,
      eggs: body.eggs,
      cracked: body.cracked ?? null,
      dirty: body.dirty ?? null,
      notes: body.notes ?? null,
    })
    .onConflictDoNothing()
    .returning();
  // Two requests for the same basket at once: the second finds the first's row.
  if (!row) await sameDayBasket(db, body.flockId, body.date);
  return presentOne(db, keeper, row!);
}

async function ownRow(db: Database, keeper: Keeper, id: string) {
  const [row] = await db
    .select()
    .from(eggCollections)
    .where(and(eq(eggCollections.id, id), eq(eggCollections.farmId, keeper.farmId)))
    .limit(1);
  if (!row) throw notFound("Egg collection");
  requireRecordChange(keeper, row.createdBy, row.createdAt);
  return row;
}

export async function updateEggCollection(
  db: Database,
  keeper: Keeper,
  id: string,
  body: z.output<typeof updateEggCollectionBody>,
): Promise<EggCollection> {
  const row = await ownRow(db, keeper, id);
  const eggs = body.eggs ?? row.eggs;
  const cracked = body.cracked === undefined ? row.cracked : body.cracked;
  const dirty = body.dirty === undefined ? row.dirty : body.dirty;
  if ((cracked ?? 0) > eggs) throw invalidField("cracked", "Cracked cannot be more than eggs");
  if ((dirty ?? 0) > eggs) throw invalidField("dirty", "Dirty cannot be more than eggs");
  if (body.date && body.date !== row.date) {
    const flock = await farmFlock(db, keeper, row.flockId);
    if (body.date < flock.startDate) {
      throw invalidField("date", `The flock started on ${flock.startDate}`);
    }
    await sameDayBasket(db, row.flockId, body.date, id);
  }
  const [updated] = await db
    .update(eggCollections)
    .set({
      date: body.date ?? row.date,
      eggs,
      cracked,
      dirty,
      ...(body.notes !== undefined ? { notes: body.notes } : {}),
      updatedAt: new Date(),
      updatedBy: keeper.user.id,
    })
    .where(eq(eggCollections.id, id))
    .returning();
  return presentOne(db, keeper, updated!);
}

export async function deleteEggCollection(db: Database, keeper: Keeper, id: string) {
  await ownRow(db, keeper, id);
  await db.delete(eggCollections).where(eq(eggCollections.id, id));
}
