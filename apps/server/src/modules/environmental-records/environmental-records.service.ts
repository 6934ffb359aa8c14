import { and, desc, eq, gte } from "drizzle-orm";
import { addDaysIso } from "@flockkeeper/shared/schemas/common";
import type {
  EnvironmentalRecord,
  createEnvironmentalRecordBody,
} from "@flockkeeper/shared/schemas/production";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { environmentalRecords } from "../../db/schema/index";
import { resolveToday } from "../production/production.service";
import { authorshipOf, createdByKeeper, type Keeper } from "../../access/access";

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
