import { and, asc, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import {
  eggsDeveloping,
  fertilityPct,
  hatchOfSetPct,
  hatchTask,
  hatchabilityPct,
  incubationPlan,
  type IncubationPlan,
} from "@flockkeeper/shared/domain/incubation";
import { addDaysIso, daysBetweenIso, todayIso } from "@flockkeeper/shared/schemas/common";
import type {
  HatchBreederHistoryEntry,
  HatchCandling,
  HatchHistoryEntry,
  HatchRecord,
  candlingBody,
  candlingUpdateBody,
  createHatchRecordBody,
  hatchResultBody,
  markHatchBody,
  updateHatchRecordBody,
} from "@flockkeeper/shared/schemas/hatch-record";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { chickens, flocks, hatchCandlings, hatchRecords } from "../../db/schema/index";
import { getIncubationProfiles } from "../../knowledge/incubation-profiles";
import { AppError, badRequest, invalidField, notFound } from "../../lib/errors";
import { authorshipOf, createdByKeeper, type Keeper } from "../../access/access";
import { deleteRecord, recordToChange } from "../../access/record-change";

type Row = typeof hatchRecords.$inferSelect;
type CandlingRow = typeof hatchCandlings.$inferSelect;
type CreateInput = z.output<typeof createHatchRecordBody>;
type UpdateInput = z.output<typeof updateHatchRecordBody>;
type MarkInput = z.output<typeof markHatchBody>;
type CandlingInput = z.output<typeof candlingBody>;
type CandlingPatch = z.output<typeof candlingUpdateBody>;
type ResultInput = z.output<typeof hatchResultBody>;

/**
 * The keeper's date for countdowns. A countdown only describes the keeper's own records, so the
 * date the browser sends is taken as it is (a keeper may also look ahead with it); without one, the
 * server's UTC date.
 */
export function keeperToday(today?: string): string {
  return today ?? todayIso(new Date());
}

/** Latest date a record may carry: the keeper's today, else the server's UTC date plus a day of slack. */
function latestAllowed(today?: string): string {
  return today ?? addDaysIso(todayIso(new Date()), 1);
}

/** The plan of a record: its profile's, or the spec's species default. */
function planOf(row: Pick<Row, "species" | "profileId">): IncubationPlan {
  const profile = row.profileId ? getIncubationProfiles().byId.get(row.profileId) : undefined;
  return incubationPlan(row.species, profile);
}

/** The latest candling by day (then by entry), which is the current picture of the eggs. */
function latestCandling(rows: readonly CandlingRow[]): CandlingRow | undefined {
  return [...rows].sort((a, b) => a.day - b.day || a.createdAt.getTime() - b.createdAt.getTime())[
    rows.length - 1
  ];
}

function toCandling(row: CandlingRow, eggsSet: number | null): HatchCandling {
  return {
    id: row.id,
    hatchRecordId: row.hatchRecordId,
    date: row.date,
    day: row.day,
    fertile: row.fertile,
    clear: row.clear,
    quitters: row.quitters,
    bloodRings: row.bloodRings,
    notes: row.notes,
    eggsDeveloping: eggsSet === null ? null : eggsDeveloping(eggsSet, row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Shapes a record for the API, with its countdown and task for `today` and its rates. */
export function toHatchRecord(
  row: Row,
  candlings: readonly CandlingRow[],
  today: string,
): HatchRecord {
  const plan = planOf(row);
  const sorted = [...candlings].sort(
    (a, b) => a.day - b.day || a.createdAt.getTime() - b.createdAt.getTime(),
  );
  const latest = sorted[sorted.length - 1];
  const task = hatchTask(plan, row.incubationStartDate, today);
  const fertile = latest?.fertile ?? null;
  return {
    id: row.id,
    ...authorshipOf(row),
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
    profileId: row.profileId,
    incubatorName: row.incubatorName,
    sireId: row.sireId,
    damId: row.damId,
    breedingFlockId: row.breedingFlockId,
    today,
    daysLeft: daysBetweenIso(today, row.expectedHatchDate),
    day: task.day,
    plan: {
      incubationDays: plan.incubationDays,
      latestHatchDay: plan.latestHatchDay,
      lockdownDay: plan.lockdownDay,
      lockdownDate: addDaysIso(row.incubationStartDate, plan.lockdownDay),
      candlingDays: plan.candlingDays,
    },
    task:
      row.success === null
        ? {
            phase: task.phase,
            turn: task.turn,
            candle: task.candle,
            lockdownStarts: task.lockdownStarts,
            nextCandlingDay: task.nextCandlingDay,
          }
        : null,
    candlings: sorted.map((c) => toCandling(c, row.eggsSet)),
    fertile,
    clear: latest?.clear ?? null,
    quitters: latest?.quitters ?? null,
    eggsDeveloping: latest && row.eggsSet !== null ? eggsDeveloping(row.eggsSet, latest) : null,
    hatched: row.eggsHatched,
    resultDate: row.resultDate,
    pippedNotHatched: row.pippedNotHatched,
    assisted: row.assisted,
    diedInShell: row.diedInShell,
    deformed: row.deformed,
    fertilityPct: fertilityPct(fertile, row.eggsSet),
    hatchabilityPct: hatchabilityPct(row.eggsHatched, fertile),
    hatchOfSetPct: hatchOfSetPct(row.eggsHatched, row.eggsSet),
  };
}

async function candlingsOf(db: Database, farmId: string, ids: string[]) {
  const byRecord = new Map<string, CandlingRow[]>();
  if (ids.length === 0) return byRecord;
  const rows = await db
    .select()
    .from(hatchCandlings)
    .where(and(eq(hatchCandlings.farmId, farmId), inArray(hatchCandlings.hatchRecordId, ids)));
  for (const r of rows) {
    const list = byRecord.get(r.hatchRecordId) ?? [];
    list.push(r);
    byRecord.set(r.hatchRecordId, list);
  }
  return byRecord;
}

async function present(db: Database, farmId: string, rows: Row[], today: string) {
  const candlings = await candlingsOf(
    db,
    farmId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toHatchRecord(r, candlings.get(r.id) ?? [], today));
}

/** The keeper's record, or 404 (another keeper's record answers exactly like a missing one). */
async function ownHatch(db: Database, farmId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(hatchRecords)
    .where(and(eq(hatchRecords.id, id), eq(hatchRecords.farmId, farmId)))
    .limit(1);
  if (!row) throw notFound("Hatch record");
  return row;
}

async function presentOne(db: Database, farmId: string, id: string, today: string) {
  const row = await ownHatch(db, farmId, id);
  const [record] = await present(db, farmId, [row], today);
  return record!;
}

/** Incubations still running (no result yet), soonest hatch first: the batches in the incubators. */
export async function listActiveHatches(
  db: Database,
  keeper: Keeper,
  q: { today?: string } = {},
): Promise<HatchRecord[]> {
  const { farmId } = keeper;
  const rows = await db
    .select()
    .from(hatchRecords)
    .where(and(eq(hatchRecords.farmId, farmId), isNull(hatchRecords.success)))
    .orderBy(asc(hatchRecords.expectedHatchDate), asc(hatchRecords.createdAt));
  return present(db, farmId, rows, keeperToday(q.today));
}

/**
 * The keeper's hatch records, newest start first: all of them, only the running ones, or only the
 * archived ones (a record is archived once its result or outcome is recorded).
 */
export async function listHatches(
  db: Database,
  keeper: Keeper,
  q: { today?: string; status?: "all" | "active" | "archived" } = {},
): Promise<HatchRecord[]> {
  const { farmId } = keeper;
  const status =
    q.status === "active"
      ? isNull(hatchRecords.success)
      : q.status === "archived"
        ? isNotNull(hatchRecords.success)
        : undefined;
  const rows = await db
    .select()
    .from(hatchRecords)
    .where(and(eq(hatchRecords.farmId, farmId), status))
    .orderBy(desc(hatchRecords.incubationStartDate), desc(hatchRecords.createdAt))
    .limit(1000);
  return present(db, farmId, rows, keeperToday(q.today));
}

/** One hatch record of the keeper. */
export async function getHatch(db: Database, keeper: Keeper, id: string, q: { today?: string }) {
  const { farmId } = keeper;
  return presentOne(db, farmId, id, keeperToday(q.today));
}

/** The picked incubation profile's id, refused when unknown or of another species. */
function checkedProfile(id: string | null | undefined, species: string): string | null {
  if (!id) return null;
  const profile = getIncubationProfiles().byId.get(id);
  if (!profile) throw badRequest("Unknown incubation profile");
  if (profile.species !== species)
    throw badRequest(
      `The ${profile.variant} profile is for ${profile.species} eggs, not ${species}`,
    );
  return profile.id;
}

type Breeders = Pick<Row, "sireId" | "damId" | "breedingFlockId">;

/**
 * The breeders must be of the farm and of the eggs' species: a male sire, a female dam, and a
 * breeding flock (a bird of the farm answers 404 naming the field when it is not found, as on the
 * bird form).
 */
async function checkBreeders(db: Database, keeper: Keeper, species: string, b: Breeders) {
  const { farmId } = keeper;
  for (const [field, birdId, sexes, label] of [
    ["sireId", b.sireId, ["rooster", "male"], "sire"],
    ["damId", b.damId, ["hen", "female"], "dam"],
  ] as const) {
    if (!birdId) continue;
    const [bird] = await db
      .select({ species: chickens.species, sex: chickens.sex })
      .from(chickens)
      .where(and(eq(chickens.id, birdId), eq(chickens.farmId, farmId)))
      .limit(1);
    if (!bird) throw invalidField(field, `The ${label} was not found`, 404);
    if (bird.species !== species)
      throw invalidField(field, `The ${label} must be of the same species as the eggs`);
    if (!(sexes as readonly string[]).includes(bird.sex))
      throw invalidField(field, `The ${label} must be ${label === "sire" ? "male" : "female"}`);
  }
  if (b.breedingFlockId) {
    const [flock] = await db
      .select({ species: flocks.species })
      .from(flocks)
      .where(and(eq(flocks.id, b.breedingFlockId), eq(flocks.farmId, farmId)))
      .limit(1);
    if (!flock) throw invalidField("breedingFlockId", "The breeding flock was not found", 404);
    if (flock.species !== species)
      throw invalidField(
        "breedingFlockId",
        "The breeding flock must be of the same species as the eggs",
      );
  }
}

/**
 * Starts an incubation. The expected hatch date is always computed here: start plus the picked
 * profile's days, or the spec's species days. A profile of another species is refused.
 */
export async function createHatch(
  db: Database,
  keeper: Keeper,
  body: CreateInput,
  q: { today?: string } = {},
): Promise<HatchRecord> {
  const profileId = checkedProfile(body.profileId, body.species);
  const plan = planOf({ species: body.species, profileId });
  const breeders: Breeders = {
    sireId: body.sireId ?? null,
    damId: body.damId ?? null,
    breedingFlockId: body.breedingFlockId ?? null,
  };
  await checkBreeders(db, keeper, body.species, breeders);
  const [row] = await db
    .insert(hatchRecords)
    .values({
      ...createdByKeeper(keeper),
      eggSource: body.eggSource,
      species: body.species,
      breed: body.breed ?? null,
      incubationStartDate: body.incubationStartDate,
      expectedHatchDate: addDaysIso(body.incubationStartDate, plan.incubationDays),
      incubationMethod: body.incubationMethod,
      temperature: body.temperature ?? null,
      humidity: body.humidity ?? null,
      turnedDaily: body.turnedDaily,
      eggsSet: body.eggsSet ?? null,
      notes: body.notes ?? null,
      profileId,
      incubatorName: body.incubatorName ?? null,
      ...breeders,
    })
    .returning();
  return toHatchRecord(row!, [], keeperToday(q.today));
}

/**
 * Corrects a hatch record's own fields (the result and candlings have their routes). The expected
 * hatch date follows the start date, species and profile; a new start date renumbers the candlings'
 * days, in the same transaction, and may not fall after a candling or the result. Every count is
 * checked again before anything is written.
 */
export async function updateHatch(
  db: Database,
  keeper: Keeper,
  id: string,
  body: UpdateInput,
  q: { today?: string } = {},
): Promise<HatchRecord> {
  const { farmId } = keeper;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const current = await recordToChange(t, keeper, hatchRecords, id, "Hatch record");
    const species = body.species ?? current.species;
    // A species change drops a profile of the old species unless a new one is picked.
    const profileId =
      body.profileId !== undefined
        ? checkedProfile(body.profileId, species)
        : body.species && body.species !== current.species
          ? null
          : current.profileId;
    const start = body.incubationStartDate ?? current.incubationStartDate;
    const next: Row = {
      ...current,
      eggSource: body.eggSource ?? current.eggSource,
      species,
      breed: body.breed === undefined ? current.breed : body.breed,
      incubationStartDate: start,
      expectedHatchDate: addDaysIso(start, planOf({ species, profileId }).incubationDays),
      incubationMethod: body.incubationMethod ?? current.incubationMethod,
      temperature: body.temperature === undefined ? current.temperature : body.temperature,
      humidity: body.humidity === undefined ? current.humidity : body.humidity,
      turnedDaily: body.turnedDaily ?? current.turnedDaily,
      eggsSet: body.eggsSet === undefined ? current.eggsSet : body.eggsSet,
      notes: body.notes === undefined ? current.notes : body.notes,
      profileId,
      incubatorName: body.incubatorName === undefined ? current.incubatorName : body.incubatorName,
      sireId: body.sireId === undefined ? current.sireId : body.sireId,
      damId: body.damId === undefined ? current.damId : body.damId,
      breedingFlockId:
        body.breedingFlockId === undefined ? current.breedingFlockId : body.breedingFlockId,
    };
    // Breeders kept from before are checked again when the species changes.
    await checkBreeders(t, keeper, species, {
      sireId: body.sireId !== undefined || species !== current.species ? next.sireId : null,
      damId: body.damId !== undefined || species !== current.species ? next.damId : null,
      breedingFlockId:
        body.breedingFlockId !== undefined || species !== current.species
          ? next.breedingFlockId
          : null,
    });
    const candlings = (await candlingsOf(t, farmId, [id])).get(id) ?? [];
    if (candlings.some((c) => c.date < start))
      throw badRequest("The incubation start date cannot be after a candling");
    if (next.resultDate !== null && next.resultDate < start)
      throw badRequest("The incubation start date cannot be after the hatch");
    checkCounts(next, candlings, next);
    const { id: _id, farmId: _farm, createdBy: _by, createdAt: _at, ...fields } = next;
    await t
      .update(hatchRecords)
      .set({ ...fields, updatedBy: keeper.user.id })
      .where(and(eq(hatchRecords.id, id), eq(hatchRecords.farmId, farmId)));
    if (start !== current.incubationStartDate) {
      for (const c of candlings) {
        await t
          .update(hatchCandlings)
          .set({ day: daysBetweenIso(start, c.date) })
          .where(eq(hatchCandlings.id, c.id));
      }
    }
  });
  return presentOne(db, farmId, id, keeperToday(q.today));
}

/** Deletes a hatch record with its candlings (a mistake: the keeper confirms first in the app). */
export async function deleteHatch(db: Database, keeper: Keeper, id: string): Promise<void> {
  await deleteRecord(db, keeper, hatchRecords, id, "Hatch record");
}

/**
 * Records the outcome of an active incubation: hatched (actualHatchDate defaults to now) or failed.
 * An outcome already recorded answers 409; another keeper's record 404. (The prototype's route;
 * `recordResult` records the full result.)
 */
export async function markHatch(
  db: Database,
  keeper: Keeper,
  id: string,
  body: MarkInput,
  q: { today?: string } = {},
): Promise<HatchRecord> {
  const { farmId } = keeper;
  const current = await ownHatch(db, farmId, id);
  if (current.success !== null)
    throw new AppError(409, "CONFLICT", "The outcome of this hatch has already been recorded");
  const eggsHatched = body.success ? (body.eggsHatched ?? null) : (body.eggsHatched ?? 0);
  if (eggsHatched !== null && current.eggsSet !== null && eggsHatched > current.eggsSet)
    throw badRequest(`Eggs hatched cannot be more than the ${current.eggsSet} eggs set`);
  const candlings = (await candlingsOf(db, farmId, [id])).get(id) ?? [];
  const fertile = latestCandling(candlings)?.fertile;
  if (eggsHatched !== null && fertile !== undefined && eggsHatched > fertile)
    throw badRequest(`Eggs hatched cannot be more than the ${fertile} fertile eggs`);
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
    .set({
      success: body.success,
      actualHatchDate: actual,
      eggsHatched,
      updatedBy: keeper.user.id,
    })
    .where(
      and(eq(hatchRecords.id, id), eq(hatchRecords.farmId, farmId), isNull(hatchRecords.success)),
    )
    .returning();
  if (!row)
    throw new AppError(409, "CONFLICT", "The outcome of this hatch has already been recorded");
  return toHatchRecord(row, candlings, keeperToday(q.today));
}

type ResultFields = Pick<
  Row,
  "eggsHatched" | "pippedNotHatched" | "diedInShell" | "assisted" | "deformed" | "resultDate"
>;

/**
 * Refuses counts that cannot all be true at once: more fertile than set, more hatched than fertile
 * (the latest candling), and so on. Runs before any write, so a refused request changes nothing.
 */
function checkCounts(h: Row, candlings: readonly CandlingRow[], result: ResultFields) {
  for (const c of candlings) {
    if (c.quitters > c.fertile)
      throw badRequest(
        `Quitters (${c.quitters}) cannot be more than the ${c.fertile} fertile eggs`,
      );
    if (h.eggsSet !== null && c.fertile > h.eggsSet)
      throw badRequest(`Fertile eggs (${c.fertile}) cannot be more than the ${h.eggsSet} eggs set`);
    if (h.eggsSet !== null && c.fertile + c.clear > h.eggsSet)
      throw badRequest(
        `Fertile and clear eggs (${c.fertile + c.clear}) cannot be more than the ${h.eggsSet} eggs set`,
      );
    if (result.resultDate !== null && c.date > result.resultDate)
      throw badRequest("A candling cannot be after the hatch");
  }
  const hatched = result.eggsHatched;
  if (hatched === null) return;
  const fertile = latestCandling(candlings)?.fertile;
  if (h.eggsSet !== null && hatched > h.eggsSet)
    throw badRequest(`Hatched (${hatched}) cannot be more than the ${h.eggsSet} eggs set`);
  if (fertile !== undefined && hatched > fertile)
    throw badRequest(`Hatched (${hatched}) cannot be more than the ${fertile} fertile eggs`);
  if ((result.assisted ?? 0) > hatched)
    throw badRequest("Assisted chicks are counted in hatched, so cannot be more than hatched");
  if ((result.deformed ?? 0) > hatched)
    throw badRequest("Deformed chicks are counted in hatched, so cannot be more than hatched");
  const accounted = hatched + (result.pippedNotHatched ?? 0) + (result.diedInShell ?? 0);
  const limit = fertile ?? h.eggsSet;
  if (limit !== null && accounted > limit)
    throw badRequest(
      `Hatched, pipped and died-in-shell eggs (${accounted}) cannot be more than the ${limit} ${fertile !== undefined ? "fertile eggs" : "eggs set"}`,
    );
}

/** Checks a candling's date against the record and works out its incubation day. */
function candlingDay(h: Row, date: string, day: number | null | undefined, today?: string) {
  if (date < h.incubationStartDate)
    throw badRequest("A candling cannot be before the eggs were set");
  if (date > latestAllowed(today)) throw badRequest("Date cannot be in the future");
  const computed = daysBetweenIso(h.incubationStartDate, date);
  if (date > (h.resultDate ?? addDaysIso(h.incubationStartDate, planOf(h).latestHatchDay)))
    throw badRequest("A candling cannot be after the hatch");
  if (day != null && day !== computed)
    throw badRequest(
      `Day ${day} does not match the date: ${date} is day ${computed} of incubation`,
    );
  return computed;
}

/** Adds a candling to the keeper's record. */
export async function addCandling(
  db: Database,
  keeper: Keeper,
  id: string,
  body: CandlingInput,
  q: { today?: string } = {},
): Promise<HatchRecord> {
  const { farmId } = keeper;
  const h = await ownHatch(db, farmId, id);
  const date = body.date;
  const day = candlingDay(h, date, body.day, q.today);
  const existing = (await candlingsOf(db, farmId, [id])).get(id) ?? [];
  const candidate: CandlingRow = {
    id: "00000000-0000-0000-0000-000000000000",
    ...createdByKeeper(keeper),
    hatchRecordId: id,
    date,
    day,
    fertile: body.fertile,
    clear: body.clear,
    quitters: body.quitters,
    bloodRings: body.bloodRings ?? null,
    notes: body.notes ?? null,
    createdAt: new Date(),
  };
  checkCounts(h, [...existing, candidate], h);
  const { id: _placeholder, createdAt: _now, ...values } = candidate;
  await db.insert(hatchCandlings).values(values);
  return presentOne(db, farmId, id, keeperToday(q.today));
}

/** Corrects a candling of the keeper's record. */
export async function updateCandling(
  db: Database,
  keeper: Keeper,
  id: string,
  candlingId: string,
  body: CandlingPatch,
  q: { today?: string } = {},
): Promise<HatchRecord> {
  const { farmId } = keeper;
  const h = await ownHatch(db, farmId, id);
  const existing = (await candlingsOf(db, farmId, [id])).get(id) ?? [];
  const current = existing.find((c) => c.id === candlingId);
  if (!current) throw notFound("Candling");
  const date = body.date ?? current.date;
  const day = candlingDay(h, date, body.day ?? (body.date ? undefined : current.day), q.today);
  const next: CandlingRow = {
    ...current,
    date,
    day,
    fertile: body.fertile ?? current.fertile,
    clear: body.clear ?? current.clear,
    quitters: body.quitters ?? current.quitters,
    bloodRings: body.bloodRings === undefined ? current.bloodRings : body.bloodRings,
    notes: body.notes === undefined ? current.notes : body.notes,
  };
  checkCounts(
    h,
    existing.map((c) => (c.id === candlingId ? next : c)),
    h,
  );
  await db
    .update(hatchCandlings)
    .set({
      updatedBy: keeper.user.id,
      date: next.date,
      day: next.day,
      fertile: next.fertile,
      clear: next.clear,
      quitters: next.quitters,
      bloodRings: next.bloodRings,
      notes: next.notes,
    })
    .where(and(eq(hatchCandlings.id, candlingId), eq(hatchCandlings.farmId, farmId)));
  return presentOne(db, farmId, id, keeperToday(q.today));
}

/** Deletes a candling of the keeper's record (refused when the recorded result would no longer add up). */
export async function deleteCandling(
  db: Database,
  keeper: Keeper,
  id: string,
  candlingId: string,
  q: { today?: string } = {},
): Promise<HatchRecord> {
  const { farmId } = keeper;
  const h = await ownHatch(db, farmId, id);
  const existing = (await candlingsOf(db, farmId, [id])).get(id) ?? [];
  if (!existing.some((c) => c.id === candlingId)) throw notFound("Candling");
  checkCounts(
    h,
    existing.filter((c) => c.id !== candlingId),
    h,
  );
  await db
    .delete(hatchCandlings)
    .where(and(eq(hatchCandlings.id, candlingId), eq(hatchCandlings.farmId, farmId)));
  return presentOne(db, farmId, id, keeperToday(q.today));
}

/**
 * Records (or corrects) the result of a hatch. It ends the countdown: success is true when any
 * chick hatched, and the record moves to the archive.
 */
export async function recordResult(
  db: Database,
  keeper: Keeper,
  id: string,
  body: ResultInput,
  q: { today?: string } = {},
): Promise<HatchRecord> {
  const { farmId } = keeper;
  const h = await ownHatch(db, farmId, id);
  const date = body.date;
  if (date < h.incubationStartDate)
    throw badRequest("The hatch date cannot be before the incubation start date");
  if (date > latestAllowed(q.today)) throw badRequest("Date cannot be in the future");
  const candlings = (await candlingsOf(db, farmId, [id])).get(id) ?? [];
  const result: ResultFields = {
    eggsHatched: body.hatched,
    pippedNotHatched: body.pippedNotHatched ?? null,
    assisted: body.assisted ?? null,
    diedInShell: body.diedInShell ?? null,
    deformed: body.deformed ?? null,
    resultDate: date,
  };
  checkCounts(h, candlings, result);
  const success = body.hatched > 0;
  const [row] = await db
    .update(hatchRecords)
    .set({
      updatedBy: keeper.user.id,
      ...result,
      success,
      // Noon UTC falls on the same calendar day from UTC-11 to UTC+11, so every client that
      // reads actualHatchDate as a local date sees the day the keeper entered.
      actualHatchDate: success ? new Date(`${date}T12:00:00Z`) : null,
    })
    .where(and(eq(hatchRecords.id, id), eq(hatchRecords.farmId, farmId)))
    .returning();
  if (!row) throw notFound("Hatch record");
  return toHatchRecord(row, candlings, keeperToday(q.today));
}

/**
 * Finished hatches per species and breed (breeds compared ignoring case and spacing), with
 * fertility and hatchability over the hatches that carry the counts they need.
 */
export async function hatchHistory(db: Database, keeper: Keeper): Promise<HatchHistoryEntry[]> {
  const { farmId } = keeper;
  const rows = await db
    .select()
    .from(hatchRecords)
    .where(and(eq(hatchRecords.farmId, farmId), isNotNull(hatchRecords.success)))
    .orderBy(asc(hatchRecords.incubationStartDate))
    .limit(5000);
  const candlings = await candlingsOf(
    db,
    farmId,
    rows.map((r) => r.id),
  );
  const groups = new Map<string, HatchHistoryEntry>();
  for (const r of rows) {
    const breed = r.breed?.trim().replace(/\s+/g, " ") || null;
    const key = `${r.species}|${breed?.toLowerCase() ?? ""}`;
    const g = groups.get(key) ?? {
      species: r.species as HatchHistoryEntry["species"],
      breed,
      hatches: 0,
      eggsSet: 0,
      fertile: 0,
      eggsSetCandled: 0,
      hatched: 0,
      hatchedOfCandled: 0,
      fertilityPct: null,
      hatchabilityPct: null,
      hatchOfSetPct: null,
    };
    g.hatches += 1;
    if (r.eggsSet !== null && r.eggsHatched !== null) {
      g.eggsSet += r.eggsSet;
      g.hatched += r.eggsHatched;
      const latest = latestCandling(candlings.get(r.id) ?? []);
      if (latest) {
        g.eggsSetCandled += r.eggsSet;
        g.fertile += latest.fertile;
        g.hatchedOfCandled += r.eggsHatched;
      }
    }
    groups.set(key, g);
  }
  return [...groups.values()]
    .map((g) => ({
      ...g,
      fertilityPct: fertilityPct(g.fertile, g.eggsSetCandled),
      hatchabilityPct: hatchabilityPct(g.hatchedOfCandled, g.fertile),
      hatchOfSetPct: hatchOfSetPct(g.hatched, g.eggsSet),
    }))
    .sort(
      (a, b) => a.species.localeCompare(b.species) || (a.breed ?? "").localeCompare(b.breed ?? ""),
    );
}

/** Display name of each bird and flock id given, for the breeder history (one query each). */
async function breederNames(db: Database, farmId: string, birdIds: string[], flockIds: string[]) {
  const names = new Map<string, string>();
  if (birdIds.length > 0) {
    const rows = await db
      .select({ id: chickens.id, name: chickens.name, bandId: chickens.bandId })
      .from(chickens)
      .where(and(eq(chickens.farmId, farmId), inArray(chickens.id, birdIds)));
    for (const r of rows) names.set(r.id, r.bandId ? `${r.name} (${r.bandId})` : r.name);
  }
  if (flockIds.length > 0) {
    const rows = await db
      .select({ id: flocks.id, name: flocks.name })
      .from(flocks)
      .where(and(eq(flocks.farmId, farmId), inArray(flocks.id, flockIds)));
    for (const r of rows) names.set(r.id, r.name);
  }
  return names;
}

/**
 * Finished hatches per breeder pair: the same sire, dam and breeding flock (any of them may be
 * absent, not all). The sums and rates follow the per-breed history; each hatch is also listed so
 * the pair's chart can show how its fertility and hatchability went from hatch to hatch.
 */
export async function hatchBreederHistory(
  db: Database,
  keeper: Keeper,
): Promise<HatchBreederHistoryEntry[]> {
  const { farmId } = keeper;
  const rows = (
    await db
      .select()
      .from(hatchRecords)
      .where(and(eq(hatchRecords.farmId, farmId), isNotNull(hatchRecords.success)))
      .orderBy(asc(hatchRecords.incubationStartDate), asc(hatchRecords.createdAt))
      .limit(5000)
  ).filter((r) => r.sireId || r.damId || r.breedingFlockId);
  const candlings = await candlingsOf(
    db,
    farmId,
    rows.map((r) => r.id),
  );
  const birdIds = [...new Set(rows.flatMap((r) => [r.sireId, r.damId]).filter(isId))];
  const flockIds = [...new Set(rows.map((r) => r.breedingFlockId).filter(isId))];
  const names = await breederNames(db, farmId, birdIds, flockIds);
  const named = (id: string | null) => (id && names.has(id) ? { id, name: names.get(id)! } : null);
  const groups = new Map<string, HatchBreederHistoryEntry>();
  for (const r of rows) {
    const key = `${r.species}|${r.sireId ?? ""}|${r.damId ?? ""}|${r.breedingFlockId ?? ""}`;
    const g = groups.get(key) ?? {
      species: r.species as HatchBreederHistoryEntry["species"],
      sire: named(r.sireId),
      dam: named(r.damId),
      breedingFlock: named(r.breedingFlockId),
      hatches: 0,
      eggsSet: 0,
      fertile: 0,
      eggsSetCandled: 0,
      hatched: 0,
      hatchedOfCandled: 0,
      fertilityPct: null,
      hatchabilityPct: null,
      hatchOfSetPct: null,
      hatchList: [],
    };
    g.hatches += 1;
    const fertile = latestCandling(candlings.get(r.id) ?? [])?.fertile ?? null;
    if (r.eggsSet !== null && r.eggsHatched !== null) {
      g.eggsSet += r.eggsSet;
      g.hatched += r.eggsHatched;
      if (fertile !== null) {
        g.eggsSetCandled += r.eggsSet;
        g.fertile += fertile;
        g.hatchedOfCandled += r.eggsHatched;
      }
    }
    g.hatchList.push({
      id: r.id,
      resultDate: r.resultDate,
      incubationStartDate: r.incubationStartDate,
      eggsSet: r.eggsSet,
      fertile,
      hatched: r.eggsHatched,
      fertilityPct: fertilityPct(fertile, r.eggsSet),
      hatchabilityPct: hatchabilityPct(r.eggsHatched, fertile),
      hatchOfSetPct: hatchOfSetPct(r.eggsHatched, r.eggsSet),
    });
    groups.set(key, g);
  }
  const label = (g: HatchBreederHistoryEntry) =>
    [g.sire?.name, g.dam?.name, g.breedingFlock?.name].filter(Boolean).join(" ");
  return [...groups.values()]
    .map((g) => ({
      ...g,
      fertilityPct: fertilityPct(g.fertile, g.eggsSetCandled),
      hatchabilityPct: hatchabilityPct(g.hatchedOfCandled, g.fertile),
      hatchOfSetPct: hatchOfSetPct(g.hatched, g.eggsSet),
    }))
    .sort((a, b) => a.species.localeCompare(b.species) || label(a).localeCompare(label(b)));
}

const isId = (v: string | null): v is string => v !== null;
