import { and, desc, eq, gte } from "drizzle-orm";
import { addDaysIso } from "@flockkeeper/shared/schemas/common";
import type {
  BodyCondition,
  WeightRecord,
  createWeightRecordBody,
  updateWeightRecordBody,
} from "@flockkeeper/shared/schemas/production";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { chickens, weightRecords } from "../../db/schema/index";
import { resolveToday } from "../production/production.service";
import { authorshipOf, requireAccess, type Keeper, createdByKeeper } from "../../access/access";
import { deleteRecord, recordToChange } from "../../access/record-change";

type Row = typeof weightRecords.$inferSelect;

/** Most rows a recent list returns (the dashboard shows 5). */
const RECENT_LIMIT = 100;

export function toWeightRecord(row: Row, chickenName: string): WeightRecord {
  return {
    id: row.id,
    ...authorshipOf(row),
    chickenId: row.chickenId,
    chickenName,
    date: row.date,
    weight: row.weight,
    bodyCondition: row.bodyCondition as BodyCondition,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A weigh-in of one of the keeper's birds (404 for anyone else's bird, nothing written). */
export async function createWeightRecord(
  db: Database,
  keeper: Keeper,
  body: z.output<typeof createWeightRecordBody>,
): Promise<WeightRecord> {
  const birds = await requireAccess(db, keeper, {
    permission: "chicken.read",
    ids: [body.chickenId],
  });
  const [row] = await db
    .insert(weightRecords)
    .values({
      ...createdByKeeper(keeper),
      chickenId: body.chickenId,
      date: body.date,
      weight: body.weight,
      bodyCondition: body.bodyCondition,
      notes: body.notes ?? null,
    })
    .returning();
  return toWeightRecord(row!, birds.get(body.chickenId)!.name);
}

/** Corrects one of the farm's weigh-ins (a new bird must be the farm's: 404 otherwise). */
export async function updateWeightRecord(
  db: Database,
  keeper: Keeper,
  id: string,
  body: z.output<typeof updateWeightRecordBody>,
): Promise<WeightRecord> {
  if (body.chickenId)
    await requireAccess(db, keeper, { permission: "chicken.read", ids: [body.chickenId] });
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await recordToChange(t, keeper, weightRecords, id, "Weight record");
    const [row] = await t
      .update(weightRecords)
      .set({
        updatedBy: keeper.user.id,
        chickenId: body.chickenId,
        date: body.date,
        weight: body.weight,
        bodyCondition: body.bodyCondition,
        notes: body.notes,
      })
      .where(and(eq(weightRecords.id, id), eq(weightRecords.farmId, keeper.farmId)))
      .returning();
    const [bird] = await t
      .select({ name: chickens.name })
      .from(chickens)
      .where(eq(chickens.id, row!.chickenId));
    return toWeightRecord(row!, bird?.name ?? "");
  });
}

/** Deletes one of the farm's weigh-ins. */
export async function deleteWeightRecord(db: Database, keeper: Keeper, id: string): Promise<void> {
  await deleteRecord(db, keeper, weightRecords, id, "Weight record");
}

/** The keeper's weigh-ins of the last `days` days (today included), newest first. */
export async function recentWeightRecords(
  db: Database,
  keeper: Keeper,
  q: { days: number; today?: string },
): Promise<WeightRecord[]> {
  const { farmId } = keeper;
  const since = addDaysIso(resolveToday(q.today), -(q.days - 1));
  const rows = await db
    .select({ r: weightRecords, name: chickens.name })
    .from(weightRecords)
    .innerJoin(chickens, eq(chickens.id, weightRecords.chickenId))
    .where(and(eq(weightRecords.farmId, farmId), gte(weightRecords.date, since)))
    .orderBy(desc(weightRecords.date), desc(weightRecords.createdAt))
    .limit(RECENT_LIMIT);
  return rows.map(({ r, name }) => toWeightRecord(r, name));
}
