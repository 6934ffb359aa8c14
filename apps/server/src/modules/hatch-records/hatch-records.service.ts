import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { expectedHatchDate } from "@flockkeeper/shared/domain/incubation";
import type {
  HatchRecord,
  createHatchRecordBody,
  markHatchBody,
} from "@flockkeeper/shared/schemas/hatch-record";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { hatchRecords } from "../../db/schema/index";
import { AppError, badRequest, notFound } from "../../lib/errors";
import type { Keeper } from "../../access/access";

type Row = typeof hatchRecords.$inferSelect;
type CreateInput = z.output<typeof createHatchRecordBody>;
type MarkInput = z.output<typeof markHatchBody>;

export function toHatchRecord(row: Row): HatchRecord {
  return {
    id: row.id,
    userId: row.userId,
    eggSource: row.eggSource,
    species: row.species as HatchRecord["species"],
    breed: row.breed,
    incubationStartDate: row.incubationStartDate,
    expectedHatchDate: row.expectedHatchDate,
    incubationMethod: row.incubationMethod as HatchRecord["incubationMethod"],
    temperature: row.temperature,
    humidity: row.humidity,
    turnedDaily: row.turnedDaily,
    eggsSet: row.eggsSet,
    eggsHatched: row.eggsHatched,
    notes: row.notes,
    success: row.success,
    actualHatchDate: row.actualHatchDate?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Incubations still running (success not yet recorded), soonest hatch first. */
export async function listActiveHatches(db: Database, keeper: Keeper): Promise<HatchRecord[]> {
  const { userId } = keeper;
  const rows = await db
    .select()
    .from(hatchRecords)
    .where(and(eq(hatchRecords.userId, userId), isNull(hatchRecords.success)))
    .orderBy(asc(hatchRecords.expectedHatchDate), asc(hatchRecords.createdAt));
  return rows.map(toHatchRecord);
}

/** Every hatch record of the keeper, newest start first (for the hatch success chart). */
export async function listHatches(db: Database, keeper: Keeper): Promise<HatchRecord[]> {
  const { userId } = keeper;
  const rows = await db
    .select()
    .from(hatchRecords)
    .where(eq(hatchRecords.userId, userId))
    .orderBy(desc(hatchRecords.incubationStartDate), desc(hatchRecords.createdAt))
    .limit(1000);
  return rows.map(toHatchRecord);
}

/** Starts an incubation; the expected hatch date is always computed here from species and start. */
export async function createHatch(
  db: Database,
  keeper: Keeper,
  body: CreateInput,
): Promise<HatchRecord> {
  const { userId } = keeper;
  const [row] = await db
    .insert(hatchRecords)
    .values({
      userId,
      eggSource: body.eggSource,
      species: body.species,
      breed: body.breed ?? null,
      incubationStartDate: body.incubationStartDate,
      expectedHatchDate: expectedHatchDate(body.incubationStartDate, body.species),
      incubationMethod: body.incubationMethod,
      temperature: body.temperature ?? null,
      humidity: body.humidity ?? null,
      turnedDaily: body.turnedDaily,
      eggsSet: body.eggsSet ?? null,
      notes: body.notes ?? null,
    })
    .returning();
  return toHatchRecord(row!);
}

/**
 * Records the outcome of an active incubation: hatched (actualHatchDate defaults to now) or failed.
 * An outcome already recorded answers 409; another keeper's record 404.
 */
export async function markHatch(
  db: Database,
  keeper: Keeper,
  id: string,
  body: MarkInput,
): Promise<HatchRecord> {
  const { userId } = keeper;
  const [current] = await db
    .select()
    .from(hatchRecords)
    .where(and(eq(hatchRecords.id, id), eq(hatchRecords.userId, userId)))
    .limit(1);
  if (!current) throw notFound("Hatch record");
  if (current.success !== null)
    throw new AppError(409, "CONFLICT", "The outcome of this hatch has already been recorded");
  const eggsHatched = body.success ? (body.eggsHatched ?? null) : (body.eggsHatched ?? 0);
  if (eggsHatched !== null && current.eggsSet !== null && eggsHatched > current.eggsSet)
    throw badRequest(`Eggs hatched cannot be more than the ${current.eggsSet} eggs set`);
  let actual: Date | null = null;
  if (body.success) {
    actual = body.actualHatchDate ? new Date(body.actualHatchDate) : new Date();
    if (actual.getTime() > Date.now() + 36 * 3_600_000)
      throw badRequest("Date cannot be in the future");
    if (actual.toISOString().slice(0, 10) < current.incubationStartDate)
      throw badRequest("The hatch date cannot be before the incubation start date");
  }
  const [row] = await db
    .update(hatchRecords)
    .set({ success: body.success, actualHatchDate: actual, eggsHatched })
    .where(
      and(eq(hatchRecords.id, id), eq(hatchRecords.userId, userId), isNull(hatchRecords.success)),
    )
    .returning();
  if (!row)
    throw new AppError(409, "CONFLICT", "The outcome of this hatch has already been recorded");
  return toHatchRecord(row);
}
