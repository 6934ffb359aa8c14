import { and, desc, eq, gte } from "drizzle-orm";
import { addDaysIso } from "@flockkeeper/shared/schemas/common";
import type {
  EnvironmentalRecord,
  createEnvironmentalRecordBody,
  updateEnvironmentalRecordBody,
} from "@flockkeeper/shared/schemas/production";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { environmentalRecords } from "../../db/schema/index";
import { resolveToday } from "../production/production.service";
import { authorshipOf, createdByKeeper, type Keeper } from "../../access/access";
import { deleteRecord, recordToChange } from "../../access/record-change";

type Row = typeof environmentalRecords.$inferSelect;
type Out = EnvironmentalRecord;

export function toEnvironmentalRecord(row: Row): Out {
  return {
    id: row.id,
    ...authorshipOf(row),
    date: row.date,
    temperature: row.temperature,
    humidity: row.humidity,
    weather: row.weather as Out["weather"],
    coopCondition: row.coopCondition as Out["coopCondition"],
    ventilation: row.ventilation as Out["ventilation"],
    lighting: row.lighting as Out["lighting"],
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A coop reading of the keeper's. */
export async function createEnvironmentalRecord(
  db: Database,
  keeper: Keeper,
  body: z.output<typeof createEnvironmentalRecordBody>,
): Promise<Out> {
  const [row] = await db
    .insert(environmentalRecords)
    .values({
      ...createdByKeeper(keeper),
      date: body.date,
      temperature: body.temperature ?? null,
      humidity: body.humidity ?? null,
      weather: body.weather ?? null,
      coopCondition: body.coopCondition ?? null,
      ventilation: body.ventilation ?? null,
      lighting: body.lighting ?? null,
      notes: body.notes ?? null,
    })
    .returning();
  return toEnvironmentalRecord(row!);
}

/** Corrects one of the farm's coop readings. */
export async function updateEnvironmentalRecord(
  db: Database,
  keeper: Keeper,
  id: string,
  body: z.output<typeof updateEnvironmentalRecordBody>,
): Promise<Out> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await recordToChange(t, keeper, environmentalRecords, id, "Coop reading");
    const [row] = await t
      .update(environmentalRecords)
      .set({ updatedBy: keeper.user.id, ...body })
      .where(and(eq(environmentalRecords.id, id), eq(environmentalRecords.farmId, keeper.farmId)))
      .returning();
    return toEnvironmentalRecord(row!);
  });
}

/** Deletes one of the farm's coop readings. */
export async function deleteEnvironmentalRecord(
  db: Database,
  keeper: Keeper,
  id: string,
): Promise<void> {
  await deleteRecord(db, keeper, environmentalRecords, id, "Coop reading");
}

/** The keeper's coop readings of the last `days` days (today included), newest first. */
export async function recentEnvironmentalRecords(
  db: Database,
  keeper: Keeper,
  q: { days: number; today?: string },
): Promise<Out[]> {
  const { farmId } = keeper;
  const since = addDaysIso(resolveToday(q.today), -(q.days - 1));
  const rows = await db
    .select()
    .from(environmentalRecords)
    .where(and(eq(environmentalRecords.farmId, farmId), gte(environmentalRecords.date, since)))
    .orderBy(desc(environmentalRecords.date), desc(environmentalRecords.createdAt))
    .limit(100);
  return rows.map(toEnvironmentalRecord);
}
