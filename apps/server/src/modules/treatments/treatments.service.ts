import { and, desc, eq, gte, inArray, lte, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type {
  CreateTreatmentInput,
  RecordWarning,
  Treatment,
  UpdateTreatmentInput,
} from "@flockkeeper/shared/schemas/treatment";
import { TREATMENT_MESSAGES, treatmentFieldProblems } from "@flockkeeper/shared/schemas/treatment";
import {
  isEggWithheld,
  meatWarningText,
  spansOfBird,
  spansOfFlock,
  withdrawalEnds,
  withheldDays,
  withheldUntil,
  type DoseUnit,
  type TreatmentRoute,
  type WithdrawalKind,
  type WithdrawalSpan,
} from "@flockkeeper/shared/domain/treatment";
import { flockDayEggs } from "@flockkeeper/shared/domain/headcount";
import type { Database } from "../../db/client";
import { chickens, eggCollections, eggRecords, flocks, treatments } from "../../db/schema/index";
import { getKnowledge } from "../../knowledge/index";
import { getMedications } from "../../knowledge/medications";
import { invalidField, notFound } from "../../lib/errors";
import { authorshipOf, createdByKeeper, type Keeper } from "../../access/access";
import { deleteRecord, recordToChange } from "../../access/record-change";
import { resolveToday } from "../../lib/keeper-today";

/*
 * Treatments (issue 20 items 1 and 3) and the withdrawal guard other modules use: the eggs a bird
 * or flock may not be eaten or sold from (`eggsWithheldUntil`, baskets marked `withheld`, the
 * withheld eggs of a period for the money view) and the meat warning on a slaughter or sale.
 * Treatments are keepers' and owners' records (`farm.write`); every member reads them and the guard.
 */

type Row = typeof treatments.$inferSelect;
type Db = Pick<Database, "select">;

/** The ids a dataset knows (conditions base; medications list once it exists). */
function conditionName(id: string | null): string | null {
  return id ? (getKnowledge().conditionById.get(id)?.name ?? null) : null;
}

/** The API shape of a treatment row. */
export function toTreatment(row: Row, subjectName: string): Treatment {
  return {
    id: row.id,
    ...authorshipOf(row),
    chickenId: row.chickenId,
    flockId: row.flockId,
    subjectName,
    medicationId: row.medicationId,
    product: row.product,
    activeIngredient: row.activeIngredient,
    dose: row.dose,
    doseUnit: row.doseUnit as DoseUnit | null,
    route: row.route as TreatmentRoute,
    startDate: row.startDate,
    endDate: row.endDate,
    reason: row.reason,
    conditionId: row.conditionId,
    conditionName: conditionName(row.conditionId),
    prescribedByVet: row.prescribedByVet,
    eggWithdrawalDays: row.eggWithdrawalDays,
    meatWithdrawalDays: row.meatWithdrawalDays,
    eggWithdrawalEnds: withdrawalEnds(row.endDate, row.eggWithdrawalDays),
    meatWithdrawalEnds: withdrawalEnds(row.endDate, row.meatWithdrawalDays),
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Names of the birds and flocks the rows treat, by id. */
async function subjectNames(db: Db, farmId: string, rows: Row[]): Promise<Map<string, string>> {
  const birdIds = [...new Set(rows.map((r) => r.chickenId).filter((x): x is string => !!x))];
  const flockIds = [...new Set(rows.map((r) => r.flockId).filter((x): x is string => !!x))];
  const [birds, fl] = await Promise.all([
    birdIds.length === 0
      ? []
      : db
          .select({ id: chickens.id, name: chickens.name })
          .from(chickens)
          .where(and(eq(chickens.farmId, farmId), inArray(chickens.id, birdIds))),
    flockIds.length === 0
      ? []
      : db
          .select({ id: flocks.id, name: flocks.name })
          .from(flocks)
          .where(and(eq(flocks.farmId, farmId), inArray(flocks.id, flockIds))),
  ]);
  return new Map([...birds, ...fl].map((r) => [r.id, r.name]));
}

async function present(db: Db, farmId: string, rows: Row[]): Promise<Treatment[]> {
  const names = await subjectNames(db, farmId, rows);
  return rows.map((r) => toTreatment(r, names.get(r.chickenId ?? r.flockId ?? "") ?? ""));
}

async function birdOf(db: Db, keeper: Keeper, id: string) {
  const [bird] = await db
    .select({ id: chickens.id, flockId: chickens.flockId })
    .from(chickens)
    .where(and(eq(chickens.id, id), eq(chickens.farmId, keeper.farmId)))
    .limit(1);
  return bird ?? null;
}

async function flockOf(db: Db, keeper: Keeper, id: string) {
  const [flock] = await db
    .select({ id: flocks.id })
    .from(flocks)
    .where(and(eq(flocks.id, id), eq(flocks.farmId, keeper.farmId)))
    .limit(1);
  return flock ?? null;
}

/**
 * The farm's treatments, latest first. `chickenId`: the bird's own and its flock's (what concerns
 * its eggs); `flockId`: the flock's and those of its birds. Another farm's bird or flock is a 404.
 */
export async function listTreatments(
  db: Database,
  keeper: Keeper,
  q: { chickenId?: string; flockId?: string },
): Promise<Treatment[]> {
  const { farmId } = keeper;
  let scope;
  if (q.chickenId) {
    const bird = await birdOf(db, keeper, q.chickenId);
    if (!bird) throw notFound("Bird");
    scope = bird.flockId
      ? or(eq(treatments.chickenId, bird.id), eq(treatments.flockId, bird.flockId))
      : eq(treatments.chickenId, bird.id);
  }
  if (q.flockId) {
    const flock = await flockOf(db, keeper, q.flockId);
    if (!flock) throw notFound("Flock");
    const birdsInFlock = db
      .select({ id: chickens.id })
      .from(chickens)
      .where(and(eq(chickens.farmId, farmId), eq(chickens.flockId, flock.id)));
    const flockScope = or(
      eq(treatments.flockId, flock.id),
      inArray(treatments.chickenId, birdsInFlock),
    );
    scope = scope ? and(scope, flockScope) : flockScope;
  }
  const rows = await db
    .select()
    .from(treatments)
    .where(and(eq(treatments.farmId, farmId), scope))
    .orderBy(desc(treatments.startDate), desc(treatments.createdAt))
    .limit(2000);
  return present(db, farmId, rows);
}

/** 404 naming the field unless the bird or flock is the farm's; 400 for an unknown dataset id. */
async function checkRefs(
  db: Db,
  keeper: Keeper,
  body: {
    chickenId?: string | null;
    flockId?: string | null;
    conditionId?: string | null;
    medicationId?: string | null;
  },
) {
  if (body.chickenId && !(await birdOf(db, keeper, body.chickenId))) {
    throw invalidField("chickenId", "Bird not found", 404);
  }
  if (body.flockId && !(await flockOf(db, keeper, body.flockId))) {
    throw invalidField("flockId", "Flock not found", 404);
  }
  if (body.conditionId && !getKnowledge().conditionById.has(body.conditionId)) {
    throw invalidField("conditionId", "Unknown condition: choose one from the conditions base");
  }
  if (body.medicationId && !getMedications().byId.has(body.medicationId)) {
    throw invalidField(
      "medicationId",
      "Unknown medication: choose one from the list or enter the product as text",
    );
  }
}

async function presentOne(db: Db, keeper: Keeper, row: Row): Promise<Treatment> {
  const [t] = await present(db, keeper.farmId, [row]);
  return t!;
}

export async function createTreatment(
  db: Database,
  keeper: Keeper,
  body: CreateTreatmentInput,
): Promise<Treatment> {
  await checkRefs(db, keeper, body);
  const [row] = await db
    .insert(treatments)
    .values({
      ...createdByKeeper(keeper),
      chickenId: body.chickenId ?? null,
      flockId: body.chickenId ? null : (body.flockId ?? null),
      medicationId: body.medicationId ?? null,
      product: body.product,
      activeIngredient: body.activeIngredient ?? null,
      dose: body.dose ?? null,
      doseUnit: body.dose == null ? null : (body.doseUnit ?? null),
      route: body.route,
      startDate: body.startDate,
      endDate: body.endDate ?? body.startDate,
      reason: body.reason,
      conditionId: body.conditionId ?? null,
      prescribedByVet: body.prescribedByVet,
      eggWithdrawalDays: body.eggWithdrawalDays,
      meatWithdrawalDays: body.meatWithdrawalDays,
      notes: body.notes ?? null,
    })
    .returning();
  return presentOne(db, keeper, row!);
}

/**
 * Corrects a treatment; the withdrawal ends follow its end date and days. A helper may not (the
 * route needs `farm.write`); `recordToChange` still checks, inside the transaction that writes.
 */
export async function updateTreatment(
  db: Database,
  keeper: Keeper,
  id: string,
  body: UpdateTreatmentInput,
): Promise<Treatment> {
  await checkRefs(db, keeper, body);
  const row = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const current = await recordToChange(t, keeper, treatments, id, "Treatment");
    const next = {
      chickenId:
        body.chickenId !== undefined && body.chickenId !== null
          ? body.chickenId
          : body.flockId
            ? null
            : current.chickenId,
      flockId:
        body.flockId !== undefined && body.flockId !== null
          ? body.flockId
          : body.chickenId
            ? null
            : current.flockId,
      startDate: body.startDate ?? current.startDate,
      endDate: body.endDate ?? current.endDate,
      dose: body.dose === undefined ? current.dose : body.dose,
      doseUnit: body.doseUnit === undefined ? current.doseUnit : body.doseUnit,
    };
    if (!next.chickenId && !next.flockId) {
      throw invalidField("chickenId", TREATMENT_MESSAGES.subject);
    }
    // A start date moved past the stored end date: the end date must move too.
    const problem = treatmentFieldProblems(next)[0];
    if (problem) throw invalidField(problem.path, problem.message);
    const set: Partial<typeof treatments.$inferInsert> = {
      ...next,
      doseUnit: next.dose == null ? null : next.doseUnit,
      updatedAt: new Date(),
      updatedBy: keeper.user.id,
    };
    if (body.medicationId !== undefined) set.medicationId = body.medicationId;
    if (body.product !== undefined) set.product = body.product;
    if (body.activeIngredient !== undefined) set.activeIngredient = body.activeIngredient;
    if (body.route !== undefined) set.route = body.route;
    if (body.reason !== undefined) set.reason = body.reason;
    if (body.conditionId !== undefined) set.conditionId = body.conditionId;
    if (body.prescribedByVet !== undefined) set.prescribedByVet = body.prescribedByVet;
    if (body.eggWithdrawalDays !== undefined) set.eggWithdrawalDays = body.eggWithdrawalDays;
    if (body.meatWithdrawalDays !== undefined) set.meatWithdrawalDays = body.meatWithdrawalDays;
    if (body.notes !== undefined) set.notes = body.notes;
    const [updated] = await t
      .update(treatments)
      .set(set)
      .where(and(eq(treatments.id, id), eq(treatments.farmId, keeper.farmId)))
      .returning();
    return updated!;
  });
  return presentOne(db, keeper, row);
}

export async function deleteTreatment(db: Database, keeper: Keeper, id: string): Promise<void> {
  await deleteRecord(db, keeper, treatments, id, "Treatment");
}

/* ------------------------------------------------------------------ the withdrawal guard */

type Span = WithdrawalSpan & { id: string };

/**
 * The query of `spansOver`, prepared once per database handle: birds and flock answers run it on
 * every read, so building it each time would be CPU per request for nothing.
 */
const prepareSpans = (db: Db) =>
  db
    .select({
      id: treatments.id,
      chickenId: treatments.chickenId,
      flockId: treatments.flockId,
      startDate: treatments.startDate,
      endDate: treatments.endDate,
      egg: treatments.eggWithdrawalDays,
      meat: treatments.meatWithdrawalDays,
      birdFlockId: chickens.flockId,
    })
    .from(treatments)
    .leftJoin(chickens, eq(chickens.id, treatments.chickenId))
    .where(
      and(
        eq(treatments.farmId, sql.placeholder("farmId")),
        lte(treatments.startDate, sql.placeholder("to")),
        gte(
          sql`${treatments.endDate} + greatest(${treatments.eggWithdrawalDays}, ${treatments.meatWithdrawalDays})`,
          sql.placeholder("from"),
        ),
      ),
    )
    .prepare("treatments_spans");
const spansStatements = new WeakMap<Db, ReturnType<typeof prepareSpans>>();
function spansStatement(db: Db) {
  let statement = spansStatements.get(db);
  if (!statement) spansStatements.set(db, (statement = prepareSpans(db)));
  return statement;
}

/**
 * `exists (...)`: whether any of the farm's treatments has an egg (or, with "any", an egg or meat)
 * withdrawal overlapping `from`..`to`, for a list statement to answer in the same round trip as
 * its rows (the birds and egg lists: almost every farm has none, and then nothing more is read).
 */
export function withdrawalOverlapSql(
  farmId: Placeholder | SQL | string,
  from: Placeholder | SQL | string,
  to: Placeholder | SQL | string,
  kind: "egg" | "any",
): SQL<boolean> {
  const days =
    kind === "egg"
      ? sql`${treatments.eggWithdrawalDays}`
      : sql`greatest(${treatments.eggWithdrawalDays}, ${treatments.meatWithdrawalDays})`;
  return sql<boolean>`exists (select 1 from ${treatments} where ${treatments.farmId} = ${farmId} and ${treatments.startDate} <= ${to} and ${treatments.endDate} + ${days} >= ${from})`;
}

/** The guard of a bird or flock with no treatment in withdrawal. */
export const NO_WITHDRAWAL = { eggsWithheldUntil: null, meatWithheldUntil: null } as const;

/**
 * The farm's treatments whose egg or meat withdrawal overlaps `from`..`to` (from the first
 * treatment day to the later withdrawal end), with the flock of each treated bird.
 */
async function spansOver(db: Db, farmId: string, from: string, to: string) {
  return spansOfRows(await spansStatement(db).execute({ farmId, from, to }));
}

/** A treatment row as `spansOver` reads it (also read in bulk by Today's sources). */
export type SpanRow = {
  id: string;
  chickenId: string | null;
  flockId: string | null;
  startDate: string;
  endDate: string;
  egg: number;
  meat: number;
  birdFlockId: string | null;
};

/** The spans of the rows, with the flock of each treated bird. */
function spansOfRows(rows: readonly SpanRow[]) {
  const spans: Span[] = rows.map((r) => ({
    id: r.id,
    chickenId: r.chickenId,
    flockId: r.flockId,
    startDate: r.startDate,
    eggWithdrawalEnds: withdrawalEnds(r.endDate, r.egg),
    meatWithdrawalEnds: withdrawalEnds(r.endDate, r.meat),
  }));
  /** The flock of each treated bird (null: in no flock). */
  const birdFlock = new Map<string, string | null>();
  for (const r of rows) if (r.chickenId) birdFlock.set(r.chickenId, r.birdFlockId);
  return { spans, birdFlock };
}

/** The treated birds that are in `flockId`. */
const treatedBirdsIn = (birdFlock: Map<string, string | null>, flockId: string) =>
  new Set([...birdFlock].filter(([, f]) => f === flockId).map(([b]) => b));

/**
 * The withdrawal guard on one day (the keeper's today) for the answers of birds and flocks:
 * `eggsWithheldUntil` / `meatWithheldUntil`, the last day of withdrawal, or null.
 */
export async function withdrawalGuard(db: Db, keeper: Keeper, today = resolveToday()) {
  return guardOf(await spansOver(db, keeper.farmId, today, today), today);
}

/**
 * The withdrawal guard of `withdrawalGuard` from treatment rows already read (those overlapping
 * `today`, as `spansOver` reads them): Today reads them for many farms in one statement.
 */
export function withdrawalGuardOf(rows: readonly SpanRow[], today: string) {
  return guardOf(spansOfRows(rows), today);
}

function guardOf({ spans, birdFlock }: ReturnType<typeof spansOfRows>, today: string) {
  const until = (list: Span[], kind: WithdrawalKind) => withheldUntil(list, today, kind);
  return {
    today,
    flock(flockId: string) {
      const list = spansOfFlock(spans, flockId, treatedBirdsIn(birdFlock, flockId));
      return { eggsWithheldUntil: until(list, "egg"), meatWithheldUntil: until(list, "meat") };
    },
    bird(bird: { id: string; flockId: string | null }) {
      const list = spansOfBird(spans, bird.id, bird.flockId);
      return { eggsWithheldUntil: until(list, "egg"), meatWithheldUntil: until(list, "meat") };
    },
  };
}

/**
 * Which of a farm's baskets are of an egg withdrawal (a treatment of the flock or of one of its
 * birds covers the day): laid, but not for eating or sale.
 */
export async function withheldBaskets(
  db: Db,
  keeper: Keeper,
  baskets: readonly { id: string; flockId: string; date: string }[],
): Promise<Set<string>> {
  if (baskets.length === 0) return new Set();
  const dates = baskets.map((b) => b.date).sort();
  const { spans, birdFlock } = await spansOver(db, keeper.farmId, dates[0]!, dates.at(-1)!);
  const withheld = new Set<string>();
  if (spans.length === 0) return withheld;
  for (const b of baskets) {
    const list = spansOfFlock(spans, b.flockId, treatedBirdsIn(birdFlock, b.flockId));
    if (isEggWithheld(list, b.date)) withheld.add(b.id);
  }
  return withheld;
}

/**
 * Which of the given egg records (one bird, one day) are of an egg withdrawal: a treatment of the
 * bird or of its flock covers the day.
 */
export async function withheldEggRecords(
  db: Db,
  keeper: Keeper,
  records: readonly { id: string; chickenId: string; date: string }[],
): Promise<Set<string>> {
  if (records.length === 0) return new Set();
  const dates = records.map((r) => r.date).sort();
  const { spans } = await spansOver(db, keeper.farmId, dates[0]!, dates.at(-1)!);
  const withheld = new Set<string>();
  if (spans.length === 0) return withheld;
  const birds = await db
    .select({ id: chickens.id, flockId: chickens.flockId })
    .from(chickens)
    .where(
      and(
        eq(chickens.farmId, keeper.farmId),
        inArray(chickens.id, [...new Set(records.map((r) => r.chickenId))]),
      ),
    );
  const flockOfBird = new Map(birds.map((b) => [b.id, b.flockId]));
  for (const r of records) {
    const list = spansOfBird(spans, r.chickenId, flockOfBird.get(r.chickenId) ?? null);
    if (isEggWithheld(list, r.date)) withheld.add(r.id);
  }
  return withheld;
}

export type WithheldEggs = {
  from: string;
  to: string;
  /** Eggs laid on withdrawal days: counted as laid, never as saleable. */
  total: number;
  /** By flock (null: birds in no flock). */
  byFlock: Map<string | null, number>;
  /** By day. */
  byDay: Map<string, number>;
};

/**
 * The withheld eggs of the farm (or of one flock) from `from` to `to` (inclusive): eggs laid while
 * a treatment's egg withdrawal covered their bird or flock. A flock's day counts as production
 * does (`flockDayEggs`: the basket, or its birds' own records, the larger when both), and the whole
 * day is withheld when any treatment of the flock or of one of its birds covers it (one basket);
 * a bird in no flock is withheld by its own treatments. For the money view (issue 20 item 7):
 * saleable eggs = laid - withheld.
 */
export async function withheldEggs(
  db: Db,
  keeper: Keeper,
  q: { from: string; to: string; flockId?: string | null },
): Promise<WithheldEggs> {
  const { from, to } = q;
  const result: WithheldEggs = { from, to, total: 0, byFlock: new Map(), byDay: new Map() };
  if (from > to) return result;
  const { spans, birdFlock } = await spansOver(db, keeper.farmId, from, to);
  if (spans.length === 0) return result;
  const add = (flockId: string | null, day: string, n: number) => {
    if (n <= 0) return;
    result.total += n;
    result.byFlock.set(flockId, (result.byFlock.get(flockId) ?? 0) + n);
    result.byDay.set(day, (result.byDay.get(day) ?? 0) + n);
  };

  // Flocks: their own treatments and their treated birds'.
  const flockIds = new Set<string>();
  for (const s of spans) {
    if (s.flockId) flockIds.add(s.flockId);
    const f = s.chickenId ? birdFlock.get(s.chickenId) : null;
    if (f) flockIds.add(f);
  }
  if (q.flockId) {
    for (const f of [...flockIds]) if (f !== q.flockId) flockIds.delete(f);
  }
  if (flockIds.size > 0) {
    const ids = [...flockIds];
    const [baskets, birdDays] = await Promise.all([
      db
        .select({
          flockId: eggCollections.flockId,
          date: eggCollections.date,
          eggs: eggCollections.eggs,
        })
        .from(eggCollections)
        .where(
          and(
            eq(eggCollections.farmId, keeper.farmId),
            inArray(eggCollections.flockId, ids),
            gte(eggCollections.date, from),
            lte(eggCollections.date, to),
          ),
        ),
      db
        .select({
          flockId: chickens.flockId,
          date: eggRecords.date,
          eggs: sql<number>`sum(${eggRecords.eggsLaid})::int`,
        })
        .from(eggRecords)
        .innerJoin(chickens, eq(chickens.id, eggRecords.chickenId))
        .where(
          and(
            eq(eggRecords.farmId, keeper.farmId),
            inArray(chickens.flockId, ids),
            gte(eggRecords.date, from),
            lte(eggRecords.date, to),
          ),
        )
        .groupBy(chickens.flockId, eggRecords.date),
    ]);
    const basket = new Map(baskets.map((b) => [`${b.flockId}|${b.date}`, b.eggs]));
    const birds = new Map(birdDays.map((b) => [`${b.flockId}|${b.date}`, Number(b.eggs)]));
    for (const f of ids) {
      const list = spansOfFlock(spans, f, treatedBirdsIn(birdFlock, f));
      for (const day of withheldDays(list, from, to)) {
        const k = `${f}|${day}`;
        add(f, day, flockDayEggs(basket.get(k) ?? null, birds.get(k) ?? null) ?? 0);
      }
    }
  }

  // Birds in no flock: their own treatments.
  if (!q.flockId) {
    const loose = [...birdFlock].filter(([, f]) => f === null).map(([b]) => b);
    if (loose.length > 0) {
      const rows = await db
        .select({
          chickenId: eggRecords.chickenId,
          date: eggRecords.date,
          eggs: eggRecords.eggsLaid,
        })
        .from(eggRecords)
        .where(
          and(
            eq(eggRecords.farmId, keeper.farmId),
            inArray(eggRecords.chickenId, loose),
            gte(eggRecords.date, from),
            lte(eggRecords.date, to),
          ),
        );
      for (const r of rows) {
        if (isEggWithheld(spansOfBird(spans, r.chickenId, null), r.date)) add(null, r.date, r.eggs);
      }
    }
  }
  return result;
}

/**
 * The meat warnings for a slaughter or sale on `date`: of the bird named (its own treatments and
 * its flock's), or of the flock (its own and its birds'). A warning, not a refusal.
 */
export async function meatWarnings(
  db: Db,
  keeper: Keeper,
  q: { date: string; flockId?: string | null; chickenId?: string | null },
  today = resolveToday(),
): Promise<RecordWarning[]> {
  const { spans, birdFlock } = await spansOver(db, keeper.farmId, q.date, q.date);
  if (spans.length === 0) return [];
  let list: Span[];
  if (q.chickenId) {
    const bird = await birdOf(db, keeper, q.chickenId);
    list = spansOfBird(spans, q.chickenId, bird?.flockId ?? q.flockId ?? null);
  } else if (q.flockId) {
    list = spansOfFlock(spans, q.flockId, treatedBirdsIn(birdFlock, q.flockId));
  } else return [];
  const until = withheldUntil(list, q.date, "meat");
  return until ? [{ code: "meat_withdrawal", message: meatWarningText(until, today), until }] : [];
}
