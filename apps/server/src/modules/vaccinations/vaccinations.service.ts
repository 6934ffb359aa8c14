import { and, desc, eq } from "drizzle-orm";
import { addDaysIso, todayIso } from "@flockkeeper/shared/schemas/common";
import type {
  CreateVaccinationBody,
  UpdateVaccinationBody,
  VaccinationRecord,
} from "@flockkeeper/shared/schemas/vaccination";
import type { LocalVaccinationRecord } from "@flockkeeper/shared/schemas/vaccination-import";
import {
  nextDose,
  nextDueDate,
  supersededDoses,
  vaccinationStatus,
  type VaccinationStatus,
  type VaccineName,
} from "@flockkeeper/shared/domain/vaccination";
import type { Database } from "../../db/client";
import { vaccinations } from "../../db/schema/index";
import { AppError, notFound } from "../../lib/errors";
import {
  authorshipOf,
  checkAccess,
  requireAccess,
  type Keeper,
  createdByKeeper,
} from "../../access/access";
import { deleteRecord, recordToChange } from "../../access/record-change";

type Row = typeof vaccinations.$inferSelect;

/** Today's date on the server (UTC). */
export function serverToday(): string {
  return todayIso(new Date());
}

/**
 * Public shape of a record, with its status computed for `today` (`status` given when the caller
 * knows better: a dose followed by a later one is completed).
 */
export function toVaccinationRecord(
  row: Row,
  today: string,
  status: VaccinationStatus = vaccinationStatus(row, today),
): VaccinationRecord {
  return {
    id: row.id,
    ...authorshipOf(row),
    vaccine: row.vaccine as VaccineName,
    birdId: row.birdId,
    birdName: row.birdName,
    date: row.date,
    nextDue: row.nextDue,
    status,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The keeper's records, latest vaccination first. */
export async function listVaccinations(
  db: Database,
  keeper: Keeper,
  today = serverToday(),
): Promise<VaccinationRecord[]> {
  const { farmId } = keeper;
  const rows = await db
    .select()
    .from(vaccinations)
    .where(eq(vaccinations.farmId, farmId))
    .orderBy(desc(vaccinations.date), desc(vaccinations.createdAt));
  const superseded = supersededDoses(rows.map(doseOf));
  return rows.map((row) =>
    toVaccinationRecord(row, today, superseded.has(row.id) ? "completed" : undefined),
  );
}

const doseOf = (row: Row) => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Adds a record; nextDue follows the spec (a year later for the annual vaccines). */
export async function createVaccination(
  db: Database,
  keeper: Keeper,
  body: CreateVaccinationBody,
): Promise<VaccinationRecord> {
  if (body.birdId) {
    await requireAccess(db, keeper, { permission: "chicken.read", ids: [body.birdId], as: "Bird" });
  }
  const [row] = await db
    .insert(vaccinations)
    .values({
      ...createdByKeeper(keeper),
      vaccine: body.vaccine,
      birdId: body.birdId ?? null,
      birdName: body.birdName,
      date: body.date,
      nextDue: nextDueDate(body.vaccine, body.date),
      notes: body.notes ?? null,
    })
    .returning();
  return toVaccinationRecord(row!, serverToday());
}

async function findOwn(db: Database, farmId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(vaccinations)
    .where(and(eq(vaccinations.id, id), eq(vaccinations.farmId, farmId)));
  if (!row) throw notFound("Vaccination record");
  return row;
}

/**
 * Marks a due or overdue record done on `date` (default today): a new dose of the same vaccine
 * for the same bird is recorded on that date, with the next due date that follows from it. The
 * earlier dose stays as it was, with its date and notes (it now counts as completed). A record
 * that is not due, or already followed by a later dose, answers 409.
 */
export async function markVaccinationDone(
  db: Database,
  keeper: Keeper,
  id: string,
  date?: string,
): Promise<VaccinationRecord> {
  const { farmId } = keeper;
  const row = await findOwn(db, farmId, id);
  const today = serverToday();
  const course = await db
    .select()
    .from(vaccinations)
    .where(and(eq(vaccinations.farmId, farmId), eq(vaccinations.vaccine, row.vaccine)));
  // A keeper east of Greenwich may already be on tomorrow's date: judge "due" with that slack.
  if (
    supersededDoses(course.map(doseOf)).has(row.id) ||
    vaccinationStatus(row, addDaysIso(today, 1)) === "completed"
  ) {
    throw new AppError(409, "NOT_DUE", "This vaccination is not due yet");
  }
  const doneOn = date ?? today;
  if (doneOn < row.date) {
    throw new AppError(400, "BAD_REQUEST", "Date cannot be before the previous vaccination");
  }
  const [created] = await db
    .insert(vaccinations)
    .values({ ...createdByKeeper(keeper), ...nextDose(row, doneOn), notes: null })
    .returning();
  return toVaccinationRecord(created!, today);
}

/**
 * Corrects one of the farm's records; the next due date follows the vaccine and date. A new bird
 * must be the farm's (404 otherwise).
 */
export async function updateVaccination(
  db: Database,
  keeper: Keeper,
  id: string,
  body: UpdateVaccinationBody,
): Promise<VaccinationRecord> {
  if (body.birdId) {
    await requireAccess(db, keeper, { permission: "chicken.read", ids: [body.birdId], as: "Bird" });
  }
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const current = await recordToChange(t, keeper, vaccinations, id, "Vaccination record");
    const vaccine = (body.vaccine ?? current.vaccine) as VaccineName;
    const date = body.date ?? current.date;
    await t
      .update(vaccinations)
      .set({
        updatedBy: keeper.user.id,
        updatedAt: new Date(),
        vaccine,
        birdId: body.birdId,
        birdName: body.birdName,
        date,
        nextDue: nextDueDate(vaccine, date),
        notes: body.notes,
      })
      .where(and(eq(vaccinations.id, id), eq(vaccinations.farmId, keeper.farmId)));
  });
  // Listed again for the status: a corrected dose may now be followed by a later one, or not.
  const record = (await listVaccinations(db, keeper)).find((r) => r.id === id);
  if (!record) throw notFound("Vaccination record");
  return record;
}

/** Deletes one of the farm's records (a helper: only their own, within 24 hours). */
export async function deleteVaccination(db: Database, keeper: Keeper, id: string): Promise<void> {
  await deleteRecord(db, keeper, vaccinations, id, "Vaccination record");
}

/**
 * Moves records from a signed-out visitor's local storage into the account. A record already
 * imported (same local id) is skipped; a bird id that is not in the keeper's flock is dropped and
 * only the bird's name kept. Returns how many records were new.
 */
export async function importVaccinations(
  db: Database,
  keeper: Keeper,
  records: LocalVaccinationRecord[],
): Promise<number> {
  if (records.length === 0) return 0;
  const birdIds = [...new Set(records.map((r) => r.birdId).filter((v): v is string => !!v))];
  const own = await checkAccess(db, keeper, "chicken.read", birdIds);
  const inserted = await db
    .insert(vaccinations)
    .values(
      records.map((r) => ({
        ...createdByKeeper(keeper),
        clientId: r.id,
        vaccine: r.vaccine,
        birdId: r.birdId && own.has(r.birdId) ? r.birdId : null,
        birdName: r.birdName,
        date: r.date,
        nextDue: nextDueDate(r.vaccine, r.date),
        notes: r.notes ?? null,
      })),
    )
    .onConflictDoNothing({ target: [vaccinations.farmId, vaccinations.clientId] })
    .returning({ id: vaccinations.id });
  return inserted.length;
}
