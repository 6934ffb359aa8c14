import { and, count, eq, getTableColumns, or, sql } from "drizzle-orm";
import type {
  Chicken,
  chickenOutcomeBody,
  createChickenBody,
  updateChickenBody,
} from "@flockkeeper/shared/schemas/chicken";
import type { z } from "zod";
import type { Database } from "../../db/client";
import {
  chickens,
  eggRecords,
  feedRecords,
  flocks,
  healthPredictions,
  weightRecords,
} from "../../db/schema/index";
import { invalidField, notFound } from "../../lib/errors";
import {
  buildStatement,
  jsonIsoTimestampSql,
  jsonQuotedSql,
  jsonTextSql,
  preparedRows,
} from "../../db/prepared";
import { resolveToday } from "../../lib/keeper-today";
import { checkConditionId } from "../../knowledge/conditions";
import { BIRD_PHOTO_BOX, decodeImagePayload, storeImage } from "../images/images.service";
import { authorshipOf, createdByKeeper, type Keeper } from "../../access/access";
import {
  meatWarnings,
  NO_WITHDRAWAL,
  withdrawalGuard,
  withdrawalOverlapSql,
} from "../treatments/treatments.service";

type Row = typeof chickens.$inferSelect;
type CreateInput = z.output<typeof createChickenBody>;
type UpdateInput = z.output<typeof updateChickenBody>;

/** A bird's withdrawal guard (issue 20): the last days of its egg and meat withdrawal, or null. */
type Guard = Pick<Chicken, "eggsWithheldUntil" | "meatWithheldUntil">;

/** The API shape of a bird row, with its withdrawal guard on today. */
export function toChicken(row: Row, guard: Guard): Chicken {
  return {
    id: row.id,
    ...authorshipOf(row),
    name: row.name,
    breed: row.breed,
    color: row.color,
    weight: row.weight,
    hatchDate: row.hatchDate,
    sex: row.sex as Chicken["sex"],
    notes: row.notes,
    imageUrl: row.imageUrl,
    species: row.species as Chicken["species"],
    healthStatus: row.healthStatus as Chicken["healthStatus"],
    flockId: row.flockId,
    bandId: row.bandId,
    sireId: row.sireId,
    damId: row.damId,
    outcome: row.outcome as Chicken["outcome"],
    outcomeDate: row.outcomeDate,
    outcomeNotes: row.outcomeNotes,
    eggsWithheldUntil: guard.eggsWithheldUntil,
    meatWithheldUntil: guard.meatWithheldUntil,
    outcomeCause: (row.outcomeCause ?? null) as Chicken["outcomeCause"],
    outcomeConditionId: row.outcomeConditionId ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One bird as the API answers it, with its withdrawal guard on today. */
async function present(db: Database, keeper: Keeper, row: Row): Promise<Chicken> {
  return toChicken(row, (await withdrawalGuard(db, keeper)).bird(row));
}

/**
 * A photo sent as a data URL (as the prototype did) is stored as an image and replaced by its
 * address, so bird rows never hold image bytes.
 */
async function resolvePhoto(db: Database, farmId: string, value: string | null | undefined) {
  if (!value || !value.startsWith("data:")) return value;
  const stored = await storeImage(db, farmId, decodeImagePayload(value), BIRD_PHOTO_BOX);
  return stored.url;
}

/**
 * The list's statement, built once (issue 26 item 1): the birds list is read on every screen.
 * Drizzle's prepared select mapped each of the 26 columns of every row through its decoder into a
 * nested object before `toChicken` copied it again, a fifth of the list's CPU; here each row
 * arrives with its columns already under the row's own keys, dates and timestamps as their text
 * (as Drizzle's driver reads them: `::text` is the same output), and only the two timestamps
 * become Dates, as Drizzle makes them (`new Date(text)`). In the same round trip: whether any
 * treatment is in withdrawal today; only then is the withdrawal guard read (issue 20).
 */
const listStatement = buildStatement(
  sql`select ${sql.join(
    Object.entries(getTableColumns(chickens)).map(([key, column]) => {
      const text = column.getSQLType() === "date" || column.getSQLType().startsWith("timestamp");
      return sql`${sql.identifier(column.name)}${sql.raw(text ? "::text" : "")} as ${sql.identifier(key)}`;
    }),
    sql`, `,
  )}, ${withdrawalOverlapSql(
    sql.placeholder("farmId"),
    sql.placeholder("today"),
    sql.placeholder("today"),
    "any",
  )} as "guarded"
  from ${chickens} where ${chickens.farmId} = ${sql.placeholder("farmId")}
  order by ${chickens.createdAt}, ${chickens.id}`,
);
type ListRow = Omit<Row, "createdAt" | "updatedAt"> & {
  createdAt: string | Date;
  updatedAt: string | Date;
  guarded: boolean;
};

/** The keeper's birds, oldest first. */
export async function listChickens(db: Database, keeper: Keeper): Promise<Chicken[]> {
  const today = resolveToday();
  const rows = await preparedRows<ListRow>(db, listStatement, { farmId: keeper.farmId, today });
  for (const r of rows) {
    r.createdAt = new Date(r.createdAt);
    r.updatedAt = new Date(r.updatedAt);
  }
  const birds = rows as unknown as Row[];
  if (!rows.some((r) => r.guarded)) return birds.map((r) => toChicken(r, NO_WITHDRAWAL));
  const guard = await withdrawalGuard(db, keeper, today);
  return birds.map((r) => toChicken(r, guard.bird(r)));
}

/*
 * The birds list as JSON text written by the database (issue 26 item 1), as the egg list's
 * (migration 0017): decoding 26 columns of every row into objects and serialising them again was
 * most of the list's CPU. Each bird's text follows `toChicken` and the `chicken` schema key for key
 * (the serializer's order), in the egg list's conventions: text through to_json (JSON's escapes),
 * timestamps to the millisecond in UTC as Date#toISOString writes them, dates as read. A weight
 * is a double: PostgreSQL writes it as JavaScript does except below 0.0001 or from 1e15 (1e-05
 * against 0.00001), so such a list, and one with a treatment in withdrawal today (the guard differs
 * per bird), is answered by `listChickens` instead.
 */
const birdJson = [
  `'{"id":"' || c.id || '","farmId":"' || c.farm_id || '"'`,
  `',"createdBy":' || ${jsonQuotedSql("c.created_by")}`,
  `',"updatedBy":' || ${jsonQuotedSql("c.updated_by")}`,
  `',"name":' || to_json(c.name)::text`,
  `',"breed":' || to_json(c.breed)::text`,
  `',"color":' || ${jsonTextSql("c.color")}`,
  `',"weight":' || coalesce(c.weight::text, 'null')`,
  `',"hatchDate":' || ${jsonQuotedSql("c.hatch_date")}`,
  `',"sex":' || to_json(c.sex)::text`,
  `',"notes":' || ${jsonTextSql("c.notes")}`,
  `',"imageUrl":' || ${jsonTextSql("c.image_url")}`,
  `',"species":' || to_json(c.species)::text`,
  `',"healthStatus":' || to_json(c.health_status)::text`,
  `',"flockId":' || ${jsonQuotedSql("c.flock_id")}`,
  `',"bandId":' || ${jsonTextSql("c.band_id")}`,
  `',"sireId":' || ${jsonQuotedSql("c.sire_id")}`,
  `',"damId":' || ${jsonQuotedSql("c.dam_id")}`,
  `',"outcome":' || ${jsonTextSql("c.outcome")}`,
  `',"outcomeDate":' || ${jsonQuotedSql("c.outcome_date")}`,
  `',"outcomeNotes":' || ${jsonTextSql("c.outcome_notes")}`,
  `',"eggsWithheldUntil":null,"meatWithheldUntil":null'`,
  `',"outcomeCause":' || ${jsonTextSql("c.outcome_cause")}`,
  `',"outcomeConditionId":' || ${jsonTextSql("c.outcome_condition_id")}`,
  `',"createdAt":' || ${jsonIsoTimestampSql("c.created_at")}`,
  `',"updatedAt":' || ${jsonIsoTimestampSql("c.updated_at")} || '}'`,
].join(" || ");
const listJsonStatement = buildStatement(
  sql`select coalesce('[' || string_agg(${sql.raw(birdJson)}, ',' order by c.created_at, c.id) || ']', '[]') as "json",
    bool_or(c.weight < 0.0001 or c.weight >= 1e15) as "smallWeight",
    ${withdrawalOverlapSql(
      sql.placeholder("farmId"),
      sql.placeholder("today"),
      sql.placeholder("today"),
      "any",
    )} as "guarded"
  from ${chickens} c where c.farm_id = ${sql.placeholder("farmId")}`,
);

/**
 * The keeper's birds, oldest first, as the JSON text of a `chickenList` (sent as it is), or as
 * the objects when the database's text would not be the same bytes (see above).
 */
export async function listChickensJson(db: Database, keeper: Keeper): Promise<string | Chicken[]> {
  const [row] = await preparedRows<{ json: string; smallWeight: boolean | null; guarded: boolean }>(
    db,
    listJsonStatement,
    { farmId: keeper.farmId, today: resolveToday() },
  );
  if (!row || row.guarded || row.smallWeight) return listChickens(db, keeper);
  if (process.env.VITEST) {
    // Under the test runner every list is also built the other way and must be the same bytes.
    const objects = JSON.stringify(await listChickens(db, keeper));
    if (objects !== row.json) {
      throw new Error(`birds list JSON differs\nsql:     ${row.json}\nobjects: ${objects}`);
    }
  }
  return row.json;
}

/** One of the keeper's birds, or 404 (also for another keeper's bird). */
export async function getChicken(db: Database, keeper: Keeper, id: string): Promise<Chicken> {
  const { farmId } = keeper;
  const [row] = await db
    .select()
    .from(chickens)
    .where(and(eq(chickens.id, id), eq(chickens.farmId, farmId)))
    .limit(1);
  if (!row) throw notFound("Chicken");
  return present(db, keeper, row);
}

export async function createChicken(
  db: Database,
  keeper: Keeper,
  body: CreateInput,
): Promise<Chicken> {
  const { farmId } = keeper;
  const species = body.species ?? "chicken";
  await checkLinks(db, keeper, null, species, body);
  const imageUrl = await resolvePhoto(db, farmId, body.imageUrl);
  const [row] = await db
    .insert(chickens)
    .values({
      ...createdByKeeper(keeper),
      name: body.name,
      breed: body.breed,
      color: body.color ?? null,
      weight: body.weight ?? null,
      hatchDate: body.hatchDate ?? null,
      sex: body.sex ?? "hen",
      notes: body.notes ?? null,
      imageUrl: imageUrl ?? null,
      species,
      healthStatus: body.healthStatus ?? "healthy",
      flockId: body.flockId ?? null,
      bandId: body.bandId ?? null,
      sireId: body.sireId ?? null,
      damId: body.damId ?? null,
    })
    .returning();
  return present(db, keeper, row!);
}

/** Updates the fields present in the body; null clears an optional one. */
export async function updateChicken(
  db: Database,
  keeper: Keeper,
  id: string,
  body: UpdateInput,
): Promise<Chicken> {
  const { farmId } = keeper;
  const current = await getChicken(db, keeper, id);
  await checkLinks(db, keeper, current, body.species ?? current.species, body);
  const set: Partial<typeof chickens.$inferInsert> = {
    updatedAt: new Date(),
    updatedBy: keeper.user.id,
  };
  if (body.name !== undefined) set.name = body.name;
  if (body.breed !== undefined) set.breed = body.breed;
  // Optional columns: undefined leaves them, null clears them.
  if (body.color !== undefined) set.color = body.color;
  if (body.weight !== undefined) set.weight = body.weight;
  if (body.hatchDate !== undefined) set.hatchDate = body.hatchDate;
  if (body.notes !== undefined) set.notes = body.notes;
  if (body.imageUrl !== undefined)
    set.imageUrl = (await resolvePhoto(db, farmId, body.imageUrl)) ?? null;
  // Required columns keep their value when null is sent.
  if (body.sex) set.sex = body.sex;
  if (body.species) set.species = body.species;
  if (body.healthStatus) set.healthStatus = body.healthStatus;
  if (body.flockId !== undefined) set.flockId = body.flockId;
  if (body.bandId !== undefined) set.bandId = body.bandId;
  if (body.sireId !== undefined) set.sireId = body.sireId;
  if (body.damId !== undefined) set.damId = body.damId;
  const [row] = await db
    .update(chickens)
    .set(set)
    .where(and(eq(chickens.id, id), eq(chickens.farmId, farmId)))
    .returning();
  if (!row) throw notFound("Chicken");
  return present(db, keeper, row);
}

/** Removes a bird and (by cascade) its egg records. */
export async function deleteChicken(db: Database, keeper: Keeper, id: string): Promise<void> {
  const { farmId } = keeper;
  const deleted = await db
    .delete(chickens)
    .where(and(eq(chickens.id, id), eq(chickens.farmId, farmId)))
    .returning({ id: chickens.id });
  if (deleted.length === 0) throw notFound("Chicken");
}

/**
 * The links a bird's form may set, checked before anything is written: its flock (the farm's, of the
 * bird's species), its band id (unique within the farm) and its parents (birds of the farm, same
 * species, sire male and dam female, and never the bird itself or one of its descendants).
 */
async function checkLinks(
  db: Database,
  keeper: Keeper,
  current: Chicken | null,
  species: string,
  body: Pick<UpdateInput, "flockId" | "bandId" | "sireId" | "damId">,
) {
  const { farmId } = keeper;
  const flockId = body.flockId === undefined ? (current?.flockId ?? null) : body.flockId;
  if (flockId) {
    const [flock] = await db
      .select({ species: flocks.species })
      .from(flocks)
      .where(and(eq(flocks.id, flockId), eq(flocks.farmId, farmId)))
      .limit(1);
    if (!flock) throw invalidField("flockId", "Flock not found", 404);
    if (flock.species !== species) {
      throw invalidField("flockId", "A bird can only join a flock of its own species");
    }
  }
  if (current && current.species !== species) {
    // A parent kept from before would now be of another species.
    const keptParent =
      (body.sireId === undefined && current.sireId) || (body.damId === undefined && current.damId);
    if (keptParent) {
      throw invalidField("species", "Clear or change the bird's parents when changing its species");
    }
  }
  if (body.bandId) {
    const [other] = await db
      .select({ id: chickens.id, name: chickens.name })
      .from(chickens)
      .where(and(eq(chickens.farmId, farmId), eq(chickens.bandId, body.bandId)))
      .limit(1);
    if (other && other.id !== current?.id) {
      throw invalidField("bandId", `Band ${body.bandId} is already on ${other.name}`, 409);
    }
  }
  for (const [field, parentId, sexes, label] of [
    ["sireId", body.sireId, ["rooster", "male"], "sire"],
    ["damId", body.damId, ["hen", "female"], "dam"],
  ] as const) {
    if (!parentId) continue;
    if (current && parentId === current.id) {
      throw invalidField(field, `A bird cannot be its own ${label}`);
    }
    const [parent] = await db
      .select({ species: chickens.species, sex: chickens.sex })
      .from(chickens)
      .where(and(eq(chickens.id, parentId), eq(chickens.farmId, farmId)))
      .limit(1);
    if (!parent) throw invalidField(field, `The ${label} was not found`, 404);
    if (parent.species !== species) {
      throw invalidField(field, `The ${label} must be of the same species`);
    }
    if (!(sexes as readonly string[]).includes(parent.sex)) {
      throw invalidField(field, `The ${label} must be ${label === "sire" ? "male" : "female"}`);
    }
    if (current && (await isAncestor(db, current.id, parentId))) {
      throw invalidField(field, `That bird descends from this one, so it cannot be its ${label}`);
    }
  }
}

/** Whether `ancestorId` is `birdId` or one of its ancestors (walks sires and dams in SQL). */
async function isAncestor(db: Database, ancestorId: string, birdId: string): Promise<boolean> {
  // Both drivers (pg and PGlite) answer raw SQL with { rows }.
  const result = (await db.execute(sql`
    WITH RECURSIVE line(id) AS (
      SELECT ${birdId}::uuid
      UNION
      SELECT p.parent FROM chickens c
        JOIN line ON c.id = line.id
        CROSS JOIN LATERAL (VALUES (c.sire_id), (c.dam_id)) AS p(parent)
        WHERE p.parent IS NOT NULL
    )
    SELECT EXISTS (SELECT 1 FROM line WHERE id = ${ancestorId}::uuid) AS found`)) as unknown as {
    rows: { found: boolean }[];
  };
  return Boolean(result.rows[0]?.found);
}

/** What deleting a bird takes with it (the confirmation names these). */
export async function chickenDeletePreview(db: Database, keeper: Keeper, id: string) {
  await getChicken(db, keeper, id);
  const countOf = async (
    table: typeof eggRecords | typeof weightRecords | typeof feedRecords | typeof healthPredictions,
  ) => {
    const [row] = await db.select({ n: count() }).from(table).where(eq(table.chickenId, id));
    return Number(row?.n ?? 0);
  };
  const [eggs, weights, feeds, predictions, [offspring]] = await Promise.all([
    countOf(eggRecords),
    countOf(weightRecords),
    countOf(feedRecords),
    countOf(healthPredictions),
    db
      .select({ n: count() })
      .from(chickens)
      .where(
        and(
          eq(chickens.farmId, keeper.farmId),
          or(eq(chickens.sireId, id), eq(chickens.damId, id)),
        ),
      ),
  ]);
  return {
    eggRecords: eggs,
    weightRecords: weights,
    feedRecords: feeds,
    healthPredictions: predictions,
    offspring: Number(offspring?.n ?? 0),
  };
}

/**
 * Records how a bird in no flock left (died, sold, ...), or clears it (`outcome: null`). A bird in a
 * flock leaves through a flock event naming it, so the flock's headcount follows.
 */
export async function setChickenOutcome(
  db: Database,
  keeper: Keeper,
  id: string,
  body: z.output<typeof chickenOutcomeBody>,
): Promise<Chicken> {
  const current = await getChicken(db, keeper, id);
  if (current.flockId) {
    throw invalidField(
      "outcome",
      "This bird is in a flock: record the loss as a flock event naming the bird",
      409,
    );
  }
  checkConditionId(body.conditionId);
  const [row] = await db
    .update(chickens)
    .set({
      outcome: body.outcome,
      outcomeDate: body.outcome ? (body.date ?? resolveToday()) : null,
      outcomeNotes: body.outcome ? (body.notes ?? null) : null,
      outcomeCause: body.outcome ? (body.lossCause ?? null) : null,
      outcomeConditionId: body.outcome ? (body.conditionId ?? null) : null,
      updatedAt: new Date(),
      updatedBy: keeper.user.id,
    })
    .where(and(eq(chickens.id, id), eq(chickens.farmId, keeper.farmId)))
    .returning();
  if (!row) throw notFound("Chicken");
  const answer = await present(db, keeper, row);
  // A slaughter or sale within a meat withdrawal: recorded, with the warning (issue 20).
  if (body.outcome === "slaughtered" || body.outcome === "sold") {
    const warnings = await meatWarnings(db, keeper, {
      date: row.outcomeDate ?? resolveToday(),
      chickenId: row.id,
    });
    if (warnings.length > 0) answer.warnings = warnings;
  }
  return answer;
}
