import { and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { addDaysIso } from "@flockkeeper/shared/schemas/common";
import {
  PRODUCTION_MESSAGES,
  type FeedRecord,
  type createFeedRecordBody,
  type createFlockFeedRecordBody,
  type updateFeedRecordBody,
} from "@flockkeeper/shared/schemas/production";
import { splitFeed } from "@flockkeeper/shared/domain/production";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { chickens, feedRecords, flocks } from "../../db/schema/index";
import { badRequest, invalidField } from "../../lib/errors";
import { resolveToday } from "../production/production.service";
import {
  authorshipOf,
  requireAccess,
  type Keeper,
  createdByKeeper,
  isGranted,
} from "../../access/access";
import { deleteRecord, recordToChange } from "../../access/record-change";

type Row = typeof feedRecords.$inferSelect;

/** Most rows a recent list returns (the dashboard shows 5). */
export const RECENT_LIMIT = 100;

/**
 * The API shape of a feed record. A helper's answers leave the cost out (`keeper` given and
 * without `money.read`): they log what the birds ate, not what it cost.
 */
export function toFeedRecord(row: Row, chickenName: string, keeper?: Keeper): FeedRecord {
  const hideCost = keeper !== undefined && !isGranted(keeper, "money.read");
  return {
    id: row.id,
    ...authorshipOf(row),
    chickenId: row.chickenId,
    flockId: row.flockId,
    chickenName,
    date: row.date,
    feedType: row.feedType,
    feedAmount: row.feedAmount,
    feedCost: hideCost ? null : row.feedCost,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Feed for one of the keeper's birds (404 for anyone else's bird, nothing written). */
export async function createFeedRecord(
  db: Database,
  keeper: Keeper,
  body: z.output<typeof createFeedRecordBody>,
): Promise<FeedRecord> {
  const birds = await requireAccess(db, keeper, {
    permission: "chicken.read",
    ids: [body.chickenId],
  });
  const [row] = await db
    .insert(feedRecords)
    .values({
      ...createdByKeeper(keeper),
      chickenId: body.chickenId,
      date: body.date,
      feedType: body.feedType,
      feedAmount: body.feedAmount,
      feedCost: body.feedCost ?? null,
      notes: body.notes ?? null,
    })
    .returning();
  return toFeedRecord(row!, birds.get(body.chickenId)!.name, keeper);
}

/**
 * Corrects one of the farm's feed records (a new bird must be the farm's: 404 otherwise). The
 * daily totals follow in the same statement (trigger: migration 0009).
 */
export async function updateFeedRecord(
  db: Database,
  keeper: Keeper,
  id: string,
  body: z.output<typeof updateFeedRecordBody>,
): Promise<FeedRecord> {
  if (body.chickenId)
    await requireAccess(db, keeper, { permission: "chicken.read", ids: [body.chickenId] });
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await recordToChange(t, keeper, feedRecords, id, "Feed record");
    // A helper does not see costs (toFeedRecord): what they cannot see they cannot change either.
    const feedCost = isGranted(keeper, "money.read") ? body.feedCost : undefined;
    const [row] = await t
      .update(feedRecords)
      .set({
        updatedBy: keeper.user.id,
        chickenId: body.chickenId,
        // Moved to a bird: no longer the flock's record (a record is one or the other).
        ...(body.chickenId ? { flockId: null } : {}),
        date: body.date,
        feedType: body.feedType,
        feedAmount: body.feedAmount,
        feedCost,
        notes: body.notes,
      })
      .where(and(eq(feedRecords.id, id), eq(feedRecords.farmId, keeper.farmId)))
      .returning();
    const [fed] = row!.chickenId
      ? await t
          .select({ name: chickens.name })
          .from(chickens)
          .where(eq(chickens.id, row!.chickenId))
      : await t.select({ name: flocks.name }).from(flocks).where(eq(flocks.id, row!.flockId!));
    return toFeedRecord(row!, fed?.name ?? "", keeper);
  });
}

/** Deletes one of the farm's feed records; the day's totals drop with it (trigger). */
export async function deleteFeedRecord(db: Database, keeper: Keeper, id: string): Promise<void> {
  await deleteRecord(db, keeper, feedRecords, id, "Feed record");
}

/**
 * Feed for a flock: one record for the flock named (it may have no bird profiles), or, without a
 * flock, split evenly over the farm's birds in one insert (the spec's whole-flock entry).
 */
export async function createFlockFeedRecords(
  db: Database,
  keeper: Keeper,
  body: z.output<typeof createFlockFeedRecordBody>,
): Promise<FeedRecord[]> {
  const { farmId } = keeper;
  if (body.flockId) {
    const [flock] = await db
      .select({ id: flocks.id, name: flocks.name })
      .from(flocks)
      .where(and(eq(flocks.id, body.flockId), eq(flocks.farmId, farmId)))
      .limit(1);
    if (!flock) throw invalidField("flockId", "Flock not found", 404);
    const [row] = await db
      .insert(feedRecords)
      .values({
        ...createdByKeeper(keeper),
        flockId: flock.id,
        date: body.date,
        feedType: body.feedType,
        feedAmount: body.feedAmount,
        feedCost: body.feedCost ?? null,
        notes: body.notes ?? null,
      })
      .returning();
    return [toFeedRecord(row!, flock.name, keeper)];
  }
  const birds = await db
    .select({ id: chickens.id, name: chickens.name })
    .from(chickens)
    .where(and(eq(chickens.farmId, farmId), isNull(chickens.outcome)));
  if (birds.length === 0) throw badRequest(PRODUCTION_MESSAGES.noBirds);
  const parts = splitFeed(body.feedAmount, body.feedCost, birds.length);
  const rows = await db
    .insert(feedRecords)
    .values(
      birds.map((b, i) => ({
        ...createdByKeeper(keeper),
        chickenId: b.id,
        date: body.date,
        feedType: body.feedType,
        feedAmount: parts[i]!.feedAmount,
        feedCost: parts[i]!.feedCost,
        notes: body.notes ?? null,
      })),
    )
    .returning();
  const names = new Map(birds.map((b) => [b.id, b.name]));
  return rows.map((r) => toFeedRecord(r, names.get(r.chickenId!)!, keeper));
}

/** The keeper's feed records of the last `days` days (today included), newest first. */
export async function recentFeedRecords(
  db: Database,
  keeper: Keeper,
  q: { days: number; today?: string },
): Promise<FeedRecord[]> {
  const { farmId } = keeper;
  const since = addDaysIso(resolveToday(q.today), -(q.days - 1));
  const rows = await db
    .select({ r: feedRecords, name: sql<string>`coalesce(${chickens.name}, ${flocks.name}, '')` })
    .from(feedRecords)
    // A record is a bird's or a flock's: both joins are optional.
    .leftJoin(chickens, eq(chickens.id, feedRecords.chickenId))
    .leftJoin(flocks, eq(flocks.id, feedRecords.flockId))
    .where(and(eq(feedRecords.farmId, farmId), gte(feedRecords.date, since)))
    .orderBy(desc(feedRecords.date), desc(feedRecords.createdAt))
    .limit(RECENT_LIMIT);
  return rows.map(({ r, name }) => toFeedRecord(r, name, keeper));
}
