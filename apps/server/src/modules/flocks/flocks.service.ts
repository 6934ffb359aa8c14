import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  createFlockBody,
  createFlockEventBody,
  Flock,
  FlockEvent,
  FlockEventType,
  updateFlockBody,
  updateFlockEventBody,
} from "@flockkeeper/shared/schemas/flock";
import type { PoultrySpecies } from "@flockkeeper/shared/schemas/species";
import {
  firstShortfall,
  GAIN_TYPES,
  headcountOn,
  isGain,
  type HeadcountEvent,
} from "@flockkeeper/shared/domain/headcount";
import type { Database } from "../../db/client";
import { readTogether } from "../../db/reads";
import {
  buildStatement,
  isoTimestampSql,
  jsonIsoTimestampSql,
  jsonQuotedSql,
  jsonTextSql,
  preparedRows,
} from "../../db/prepared";
import { chickens, flockEvents, flocks } from "../../db/schema/index";
import { invalidField, notFound } from "../../lib/errors";
import {
  authorshipOf,
  createdByKeeper,
  isGranted,
  requireRecordChange,
  type Keeper,
} from "../../access/access";
import { resolveToday } from "../../lib/keeper-today";
import {
  meatWarnings,
  NO_WITHDRAWAL,
  withdrawalGuard,
  withdrawalOverlapSql,
} from "../treatments/treatments.service";
import { takesLossCause } from "@flockkeeper/shared/domain/loss";
import { checkConditionId } from "../../knowledge/conditions";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type FlockRow = typeof flocks.$inferSelect;
type EventRow = typeof flockEvents.$inferSelect;
type CreateFlockInput = z.output<typeof createFlockBody>;
type UpdateFlockInput = z.output<typeof updateFlockBody>;
type CreateEventInput = z.output<typeof createFlockEventBody>;
type UpdateEventInput = z.output<typeof updateFlockEventBody>;

type Guard = Pick<Flock, "eggsWithheldUntil" | "meatWithheldUntil">;

/** The API shape of a flock, with its headcount and withdrawal guard on `asOf`. */
function toFlock(
  // The list's rows bring their timestamps as ISO text already (see `listSql`).
  row: FlockRow | ListRow,
  events: HeadcountEvent[],
  profiles: number,
  asOf: string,
  guard: Guard,
): Flock {
  const hc = headcountOn(events, asOf);
  return {
    id: row.id,
    ...authorshipOf(row),
    name: row.name,
    species: row.species as PoultrySpecies,
    purpose: row.purpose as Flock["purpose"],
    location: row.location,
    startDate: row.startDate,
    notes: row.notes,
    archived: row.archived,
    headcount: hc.headcount,
    females: hc.females,
    males: hc.males,
    profiles,
    asOf,
    eggsWithheldUntil: guard.eggsWithheldUntil,
    meatWithheldUntil: guard.meatWithheldUntil,
    createdAt: typeof row.createdAt === "string" ? row.createdAt : row.createdAt.toISOString(),
    updatedAt: typeof row.updatedAt === "string" ? row.updatedAt : row.updatedAt.toISOString(),
  };
}

/** Prices are money: a helper's answers leave them out (as every money figure). */
const forRole = (keeper: Keeper, e: FlockEvent): FlockEvent =>
  isGranted(keeper, "money.read") ? e : { ...e, price: null };

export function toFlockEvent(row: EventRow, pairedFlockId: string | null = null): FlockEvent {
  return {
    id: row.id,
    ...authorshipOf(row),
    flockId: row.flockId,
    type: row.type as FlockEventType,
    date: row.date,
    count: row.count,
    females: row.females,
    males: row.males,
    chickenId: row.chickenId,
    pairedFlockId,
    price: row.price,
    buyer: row.buyer,
    cause: row.cause,
    lossCause: (row.lossCause ?? null) as FlockEvent["lossCause"],
    conditionId: row.conditionId ?? null,
    notes: row.notes,
    ageWeeks: row.ageWeeks,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Events of the given flocks, grouped by flock (only the columns the headcount needs). */
async function eventsByFlock(db: Database | Tx, flockIds: string[]) {
  const byFlock = new Map<string, HeadcountEvent[]>();
  if (flockIds.length === 0) return byFlock;
  const rows = await db
    .select({
      flockId: flockEvents.flockId,
      type: flockEvents.type,
      date: flockEvents.date,
      count: flockEvents.count,
      females: flockEvents.females,
      males: flockEvents.males,
      ageWeeks: flockEvents.ageWeeks,
    })
    .from(flockEvents)
    .where(inArray(flockEvents.flockId, flockIds));
  for (const { flockId, ...e } of rows) {
    const list = byFlock.get(flockId) ?? [];
    list.push(e);
    byFlock.set(flockId, list);
  }
  return byFlock;
}

/**
 * The list's statement, built once and run as a named prepared statement (`preparedRows`), as the
 * birds list's: one round trip on one connection per request, where it was four statements built
 * each time on three pool connections (flocks, their events, profile counts, the withdrawal guard).
 * Each flock comes with the events the headcount counts on `asOf` (those after it never count:
 * `headcountOn`), as [type, date, count, females, males, ageWeeks] in one json array, its number of
 * bird profiles, and whether any treatment is in withdrawal on `asOf` (only then is the withdrawal
 * guard read, issue 20). Raw, not Drizzle's prepared select (issue 26 item 1): mapping each row
 * through the columns' decoders into a nested object was the largest part of the list's own CPU
 * left (the limit bench's flocks answer was 0.63-0.79 of the limit). The row's columns arrive
 * under their own keys, the start date as its text (as Drizzle reads a string-mode date) and the
 * two timestamps as the ISO text `toISOString` writes (`isoTimestampSql`).
 */
const listSql = (archived: boolean) =>
  buildStatement(sql`select f.id, f.farm_id as "farmId", f.created_by as "createdBy",
    f.updated_by as "updatedBy", f.name, f.species, f.purpose, f.location,
    f.start_date::text as "startDate", f.notes, f.archived,
    ${sql.raw(isoTimestampSql("f.created_at"))} as "createdAt",
    ${sql.raw(isoTimestampSql("f.updated_at"))} as "updatedAt",
    (select coalesce(json_agg(json_build_array(e.type, e.date, e.count, e.females, e.males, e.age_weeks)), '[]'::json)
      from ${flockEvents} e where e.flock_id = f.id and e.date <= ${sql.placeholder("asOf")}) as "events",
    (select count(*)::int from ${chickens} c
      where c.farm_id = ${sql.placeholder("farmId")} and c.flock_id = f.id) as "profiles",
    ${withdrawalOverlapSql(sql.placeholder("farmId"), sql.placeholder("asOf"), sql.placeholder("asOf"), "any")} as "guarded"
  from ${flocks} f
  where f.farm_id = ${sql.placeholder("farmId")}${sql.raw(archived ? "" : " and not f.archived")}
  order by f.created_at, f.id`);
const listStatements = { all: listSql(true), active: listSql(false) };
type ListRow = Omit<FlockRow, "createdAt" | "updatedAt"> & {
  createdAt: string;
  updatedAt: string;
  events: EventTuple[];
  profiles: number;
  guarded: boolean;
};
/** A headcount event as the flocks' SQL writes it into JSON: [type, date, count, females, males, ageWeeks]. */
export type EventTuple = [string, string, number, number | null, number | null, number | null];
/** The event of one such tuple. */
export const eventOfTuple = ([type, date, count, females, males, ageWeeks]: EventTuple) => ({
  type,
  date,
  count,
  females,
  males,
  ageWeeks,
});

/*
 * The flocks list as JSON text written by the database (issue 26 item 1), as the birds list's
 * (`listChickensJson`): after the raw statement above, decoding the rows and the events' JSON,
 * counting heads and serialising again were most of the list's own CPU. Each flock's text follows
 * `toFlock` and the `flock` schema key for key (the serializer's order). The headcount is
 * `headcountOn` in SQL: gains add and every other type takes away, events dated after `asOf` never
 * count, and the sex split is the sum of each event's females (its count less its males when only
 * those are given) or null once one event recorded neither. A list with a treatment in withdrawal
 * on `asOf` (the guard differs per flock) is answered by `listFlocks` instead; under the test
 * runner every list is built both ways and must be the same bytes.
 */
const gainSql = `e.type in (${GAIN_TYPES.map((t) => `'${t}'`).join(", ")})`;
const signedSql = (value: string) => `case when ${gainSql} then ${value} else -(${value}) end`;
const splitSql = (own: string, other: string) =>
  `case when bool_or(e.females is null and e.males is null) then 'null' else coalesce(sum(${signedSql(`coalesce(e.${own}, e.count - e.${other})`)}), 0)::text end`;
const flockJson = [
  `'{"id":"' || f.id || '","farmId":"' || f.farm_id || '"'`,
  `',"createdBy":' || ${jsonQuotedSql("f.created_by")}`,
  `',"updatedBy":' || ${jsonQuotedSql("f.updated_by")}`,
  `',"name":' || to_json(f.name)::text`,
  `',"species":' || to_json(f.species)::text`,
  `',"purpose":' || to_json(f.purpose)::text`,
  `',"location":' || ${jsonTextSql("f.location")}`,
  `',"startDate":"' || f.start_date || '"'`,
  `',"notes":' || ${jsonTextSql("f.notes")}`,
  `',"archived":' || f.archived::text`,
  `',"headcount":' || h.headcount || ',"females":' || h.females || ',"males":' || h.males`,
  `',"profiles":' || (select count(*) from chickens c where c.farm_id = f.farm_id and c.flock_id = f.id)`,
  `',"asOf":"' || a.as_of || '","eggsWithheldUntil":null,"meatWithheldUntil":null'`,
  `',"createdAt":' || ${jsonIsoTimestampSql("f.created_at")}`,
  `',"updatedAt":' || ${jsonIsoTimestampSql("f.updated_at")} || '}'`,
].join(" || ");
const listJsonSql = (archived: boolean) =>
  buildStatement(sql`select coalesce('[' || string_agg(${sql.raw(flockJson)}, ',' order by f.created_at, f.id) || ']', '[]') as "json",
    ${withdrawalOverlapSql(sql.placeholder("farmId"), sql.placeholder("asOf"), sql.placeholder("asOf"), "any")} as "guarded"
  from (select ${sql.placeholder("asOf")}::date as as_of) a
  join ${flocks} f on f.farm_id = ${sql.placeholder("farmId")}${sql.raw(archived ? "" : " and not f.archived")}
  cross join lateral (
    select coalesce(sum(${sql.raw(signedSql("e.count"))}), 0) as headcount,
      ${sql.raw(splitSql("females", "males"))} as females,
      ${sql.raw(splitSql("males", "females"))} as males
    from ${flockEvents} e where e.flock_id = f.id and e.date <= a.as_of
  ) h`);
const listJsonStatements = { all: listJsonSql(true), active: listJsonSql(false) };

/**
 * The farm's flocks as the JSON text of a `flockList` (sent as it is), or as the objects when the
 * database's text would not be the same bytes (see above).
 */
export async function listFlocksJson(
  db: Database,
  keeper: Keeper,
  q: { today?: string; archived?: boolean },
): Promise<string | Flock[]> {
  const asOf = resolveToday(q.today);
  const statement = q.archived ? listJsonStatements.all : listJsonStatements.active;
  const [row] = await preparedRows<{ json: string; guarded: boolean }>(db, statement, {
    farmId: keeper.farmId,
    asOf,
  });
  if (!row || row.guarded) return listFlocks(db, keeper, { ...q, today: asOf });
  if (process.env.VITEST) {
    const objects = JSON.stringify(await listFlocks(db, keeper, { ...q, today: asOf }));
    if (objects !== row.json) {
      throw new Error(`flocks list JSON differs\nsql:     ${row.json}\nobjects: ${objects}`);
    }
  }
  return row.json;
}

/** The farm's flocks (archived ones only when asked), oldest first, with today's headcounts. */
export async function listFlocks(
  db: Database,
  keeper: Keeper,
  q: { today?: string; archived?: boolean },
): Promise<Flock[]> {
  const asOf = resolveToday(q.today);
  const statement = q.archived ? listStatements.all : listStatements.active;
  const rows = await preparedRows<ListRow>(db, statement, { farmId: keeper.farmId, asOf });
  const guard = rows.some((r) => r.guarded) ? await withdrawalGuard(db, keeper, asOf) : null;
  return rows.map((r) =>
    toFlock(
      r,
      r.events.map(eventOfTuple),
      r.profiles,
      asOf,
      guard ? guard.flock(r.id) : NO_WITHDRAWAL,
    ),
  );
}

/** One flock row of the keeper's farm, or 404; `lock` takes a row lock for the transaction. */
async function flockRow(db: Database | Tx, farmId: string, id: string, lock = false) {
  const q = db
    .select()
    .from(flocks)
    .where(and(eq(flocks.id, id), eq(flocks.farmId, farmId)))
    .limit(1);
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound("Flock");
  return row;
}

async function presentFlock(db: Database | Tx, keeper: Keeper, row: FlockRow, asOf: string) {
  // After a create or an edit `db` is the write's transaction: one client, so one read at a time.
  const [events, [profiles], guard] = await readTogether(db, [
    () => eventsByFlock(db, [row.id]),
    () =>
      db
        .select({ n: count() })
        .from(chickens)
        .where(and(eq(chickens.farmId, keeper.farmId), eq(chickens.flockId, row.id))),
    () => withdrawalGuard(db, keeper, asOf),
  ]);
  return toFlock(
    row,
    events.get(row.id) ?? [],
    Number(profiles?.n ?? 0),
    asOf,
    guard.flock(row.id),
  );
}

export async function getFlock(
  db: Database,
  keeper: Keeper,
  id: string,
  q: { today?: string },
): Promise<Flock> {
  const row = await flockRow(db, keeper.farmId, id);
  return presentFlock(db, keeper, row, resolveToday(q.today));
}

/** Creates a flock and, when a headcount is given, its starting `acquired` event, in one transaction. */
export async function createFlock(
  db: Database,
  keeper: Keeper,
  body: CreateFlockInput,
): Promise<Flock> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(flocks)
      .values({
        ...createdByKeeper(keeper),
        name: body.name,
        species: body.species,
        purpose: body.purpose,
        location: body.location ?? null,
        startDate: body.startDate,
        notes: body.notes ?? null,
      })
      .returning();
    if (body.headcount && body.headcount > 0) {
      await tx.insert(flockEvents).values({
        ...createdByKeeper(keeper),
        flockId: row!.id,
        type: "acquired",
        date: body.startDate,
        count: body.headcount,
        females: body.females ?? null,
        males: body.males ?? null,
        ageWeeks: body.ageWeeks ?? null,
      });
    }
    return presentFlock(tx, keeper, row!, resolveToday());
  });
}

export async function updateFlock(
  db: Database,
  keeper: Keeper,
  id: string,
  body: UpdateFlockInput,
): Promise<Flock> {
  return db.transaction(async (tx) => {
    const current = await flockRow(tx, keeper.farmId, id, true);
    if (body.species && body.species !== current.species) {
      const [other] = await tx
        .select({ id: chickens.id })
        .from(chickens)
        .where(and(eq(chickens.flockId, id), ne(chickens.species, body.species)))
        .limit(1);
      if (other) {
        throw invalidField(
          "species",
          "The flock has birds of its current species; move them first",
        );
      }
    }
    if (body.startDate && body.startDate !== current.startDate) {
      const [first] = await tx
        .select({ date: flockEvents.date })
        .from(flockEvents)
        .where(eq(flockEvents.flockId, id))
        .orderBy(asc(flockEvents.date))
        .limit(1);
      if (first && first.date < body.startDate) {
        throw invalidField(
          "startDate",
          `The flock has events from ${first.date}; the start date cannot be after that`,
        );
      }
    }
    const set: Partial<typeof flocks.$inferInsert> = {
      updatedAt: new Date(),
      updatedBy: keeper.user.id,
    };
    if (body.name !== undefined) set.name = body.name;
    if (body.species !== undefined) set.species = body.species;
    if (body.purpose !== undefined) set.purpose = body.purpose;
    if (body.location !== undefined) set.location = body.location;
    if (body.startDate !== undefined) set.startDate = body.startDate;
    if (body.notes !== undefined) set.notes = body.notes;
    if (body.archived !== undefined) set.archived = body.archived;
    const [row] = await tx.update(flocks).set(set).where(eq(flocks.id, id)).returning();
    return presentFlock(tx, keeper, row!, resolveToday());
  });
}

/**
 * Deletes a flock with its events and baskets (cascade). Its birds stay, out of any flock. A move's
 * other half in another flock goes too, so that flock's headcount does not keep half a move.
 */
export async function deleteFlock(db: Database, keeper: Keeper, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await flockRow(tx, keeper.farmId, id, true);
    const moves = await tx
      .select({ moveId: flockEvents.moveId })
      .from(flockEvents)
      .where(and(eq(flockEvents.flockId, id)));
    const moveIds = moves.map((m) => m.moveId).filter((m): m is string => m !== null);
    if (moveIds.length > 0) {
      const others = await tx
        .select({ flockId: flockEvents.flockId })
        .from(flockEvents)
        .where(
          and(
            eq(flockEvents.farmId, keeper.farmId),
            inArray(flockEvents.moveId, moveIds),
            ne(flockEvents.flockId, id),
          ),
        );
      await tx
        .delete(flockEvents)
        .where(and(eq(flockEvents.farmId, keeper.farmId), inArray(flockEvents.moveId, moveIds)));
      for (const flockId of new Set(others.map((o) => o.flockId))) {
        await assertFits(tx, flockId, "count");
      }
    }
    await tx.delete(flocks).where(eq(flocks.id, id));
  });
}

/* Life events. */

/** 409 naming `field` when the flock's events take its headcount below zero on some date. */
async function assertFits(tx: Tx, flockId: string, field: string) {
  const events = (await eventsByFlock(tx, [flockId])).get(flockId) ?? [];
  const short = firstShortfall(events);
  if (short) {
    throw invalidField(
      field,
      `Only ${short.available} ${short.available === 1 ? "bird" : "birds"} in the flock on ${short.date}, not ${short.count}`,
      409,
      { available: short.available, date: short.date },
    );
  }
}

/** The other half of a move (null for any other event). */
async function pairOf(db: Database | Tx, row: EventRow): Promise<EventRow | null> {
  if (!row.moveId) return null;
  const [pair] = await db
    .select()
    .from(flockEvents)
    // The farm too: an imported file carries its move ids, so they are unique only within a farm.
    .where(
      and(
        eq(flockEvents.farmId, row.farmId),
        eq(flockEvents.moveId, row.moveId),
        ne(flockEvents.id, row.id),
      ),
    )
    .limit(1);
  return pair ?? null;
}

/** The flock's events, newest first. */
export async function listFlockEvents(
  db: Database,
  keeper: Keeper,
  flockId: string,
): Promise<FlockEvent[]> {
  await flockRow(db, keeper.farmId, flockId);
  const rows = await db
    .select()
    .from(flockEvents)
    .where(eq(flockEvents.flockId, flockId))
    .orderBy(desc(flockEvents.date), desc(flockEvents.createdAt));
  const moveIds = rows.map((r) => r.moveId).filter((m): m is string => m !== null);
  const pairs =
    moveIds.length === 0
      ? []
      : await db
          .select({ moveId: flockEvents.moveId, flockId: flockEvents.flockId })
          .from(flockEvents)
          .where(
            and(
              eq(flockEvents.farmId, keeper.farmId),
              inArray(flockEvents.moveId, moveIds),
              ne(flockEvents.flockId, flockId),
            ),
          );
  const pairFlock = new Map(pairs.map((p) => [p.moveId, p.flockId]));
  return rows.map((r) =>
    forRole(keeper, toFlockEvent(r, r.moveId ? (pairFlock.get(r.moveId) ?? null) : null)),
  );
}

/** The outcome a loss event gives the bird it names (moves are not an outcome of the bird). */
const outcomeOf = (type: string) => (isGain(type) || type === "moved_out" ? null : type);

export async function createFlockEvent(
  db: Database,
  keeper: Keeper,
  flockId: string,
  body: CreateEventInput,
): Promise<FlockEvent> {
  return db.transaction(async (tx) => {
    const flock = await flockRow(tx, keeper.farmId, flockId, true);
    if (body.date < flock.startDate) {
      throw invalidField(
        "date",
        `The flock started on ${flock.startDate}; the event cannot be earlier`,
      );
    }
    let target: FlockRow | null = null;
    if (body.toFlockId) {
      if (body.toFlockId === flockId) {
        throw invalidField("toFlockId", "Birds cannot move to the flock they are in");
      }
      target = await flockRow(tx, keeper.farmId, body.toFlockId, true).catch(() => {
        throw invalidField("toFlockId", "The flock to move to was not found", 404);
      });
      if (target.species !== flock.species) {
        throw invalidField("toFlockId", "Birds can only move to a flock of the same species");
      }
      if (body.date < target.startDate) {
        throw invalidField("date", `The flock they move to started on ${target.startDate}`);
      }
    }
    if (body.chickenId) await checkEventBird(tx, keeper, flock, body.chickenId, body.type);
    checkConditionId(body.conditionId);

    const moveId = target ? crypto.randomUUID() : null;
    const values = {
      ...createdByKeeper(keeper),
      type: body.type,
      date: body.date,
      count: body.count,
      females: body.females ?? null,
      males: body.males ?? null,
      chickenId: body.chickenId ?? null,
      moveId,
      price: body.price ?? null,
      buyer: body.buyer ?? null,
      cause: body.cause ?? null,
      lossCause: body.lossCause ?? null,
      conditionId: body.conditionId ?? null,
      notes: body.notes ?? null,
      ageWeeks: body.ageWeeks ?? null,
    };
    const [row] = await tx
      .insert(flockEvents)
      .values({ ...values, flockId })
      .returning();
    if (target) {
      await tx.insert(flockEvents).values({
        ...values,
        flockId: target.id,
        type: "moved_in",
        price: null,
        buyer: null,
      });
    }
    await assertFits(tx, flockId, "count");
    const warnings = await meatWarningsFor(tx, keeper, row!);
    if (body.chickenId) {
      const outcome = outcomeOf(body.type);
      await tx
        .update(chickens)
        .set(
          target
            ? { flockId: target.id, updatedAt: new Date(), updatedBy: keeper.user.id }
            : isGain(body.type)
              ? { flockId, updatedAt: new Date(), updatedBy: keeper.user.id }
              : {
                  outcome,
                  outcomeDate: body.date,
                  outcomeNotes: body.cause ?? body.buyer ?? null,
                  outcomeCause: body.lossCause ?? null,
                  outcomeConditionId: body.conditionId ?? null,
                  updatedAt: new Date(),
                  updatedBy: keeper.user.id,
                },
        )
        .where(eq(chickens.id, body.chickenId));
    }
    return withWarnings(forRole(keeper, toFlockEvent(row!, target?.id ?? null)), warnings);
  });
}

/** A slaughter or sale within a treatment's meat withdrawal: the warning for the answer. */
async function meatWarningsFor(tx: Tx, keeper: Keeper, row: EventRow) {
  if (row.type !== "slaughtered" && row.type !== "sold") return [];
  return meatWarnings(tx, keeper, {
    date: row.date,
    flockId: row.flockId,
    chickenId: row.chickenId,
  });
}

const withWarnings = (e: FlockEvent, warnings: FlockEvent["warnings"] & object) =>
  warnings.length > 0 ? { ...e, warnings } : e;

/** A bird named by an event must be the farm's, of the flock's species, and (for a loss) in it. */
async function checkEventBird(
  tx: Tx,
  keeper: Keeper,
  flock: FlockRow,
  chickenId: string,
  type: string,
) {
  const [bird] = await tx
    .select({ flockId: chickens.flockId, species: chickens.species, outcome: chickens.outcome })
    .from(chickens)
    .where(and(eq(chickens.id, chickenId), eq(chickens.farmId, keeper.farmId)))
    .limit(1);
  if (!bird) throw invalidField("chickenId", "Bird not found", 404);
  if (bird.species !== flock.species) {
    throw invalidField("chickenId", "The bird is of another species than the flock");
  }
  if (isGain(type)) {
    if (bird.flockId && bird.flockId !== flock.id) {
      throw invalidField(
        "chickenId",
        "The bird is in another flock; record a move from that flock",
      );
    }
  } else {
    if (bird.flockId !== flock.id) throw invalidField("chickenId", "The bird is not in this flock");
    if (bird.outcome) throw invalidField("chickenId", "The bird has already left the flock", 409);
  }
}

async function eventRow(tx: Tx, keeper: Keeper, flockId: string, eventId: string) {
  await flockRow(tx, keeper.farmId, flockId, true);
  const [row] = await tx
    .select()
    .from(flockEvents)
    .where(
      and(
        eq(flockEvents.id, eventId),
        eq(flockEvents.flockId, flockId),
        eq(flockEvents.farmId, keeper.farmId),
      ),
    )
    .limit(1);
  if (!row) throw notFound("Event");
  requireRecordChange(keeper, row.createdBy, row.createdAt);
  return row;
}

/** Corrects an event (and the other half of a move); every flock it touches must still add up. */
export async function updateFlockEvent(
  db: Database,
  keeper: Keeper,
  flockId: string,
  eventId: string,
  body: UpdateEventInput,
): Promise<FlockEvent> {
  return db.transaction(async (tx) => {
    const row = await eventRow(tx, keeper, flockId, eventId);
    const pair = await pairOf(tx, row);
    const next = {
      count: body.count ?? row.count,
      females: body.females === undefined ? row.females : body.females,
      males: body.males === undefined ? row.males : body.males,
    };
    if ((next.females ?? 0) + (next.males ?? 0) > next.count) {
      throw invalidField(
        next.females !== null ? "females" : "males",
        `Females and males together cannot be more than the count (${next.count})`,
      );
    }
    if (row.chickenId && next.count !== 1) {
      throw invalidField("count", "An event for one bird (chickenId) has a count of 1");
    }
    const date = body.date ?? row.date;
    for (const id of [flockId, pair?.flockId]) {
      if (!id) continue;
      const f = await flockRow(tx, keeper.farmId, id, true);
      if (date < f.startDate) {
        throw invalidField(
          "date",
          `The flock started on ${f.startDate}; the event cannot be earlier`,
        );
      }
    }
    const shared = { date, ...next, updatedAt: new Date(), updatedBy: keeper.user.id };
    const own: Partial<typeof flockEvents.$inferInsert> = { ...shared };
    if (body.price !== undefined) own.price = body.price;
    if (body.buyer !== undefined) own.buyer = body.buyer;
    if (body.cause !== undefined) own.cause = body.cause;
    for (const field of ["lossCause", "conditionId"] as const) {
      if (body[field] != null && !takesLossCause(row.type)) {
        throw invalidField(field, `${field} is only for a died or culled event`);
      }
    }
    checkConditionId(body.conditionId);
    if (body.lossCause !== undefined) own.lossCause = body.lossCause;
    if (body.conditionId !== undefined) own.conditionId = body.conditionId;
    if (body.notes !== undefined) own.notes = body.notes;
    if (body.ageWeeks !== undefined) own.ageWeeks = body.ageWeeks;
    const [updated] = await tx
      .update(flockEvents)
      .set(own)
      .where(eq(flockEvents.id, eventId))
      .returning();
    if (pair) await tx.update(flockEvents).set(shared).where(eq(flockEvents.id, pair.id));
    await assertFits(tx, flockId, "count");
    if (pair) await assertFits(tx, pair.flockId, "count");
    if (row.chickenId && outcomeOf(row.type)) {
      await tx
        .update(chickens)
        .set({
          outcomeDate: date,
          outcomeNotes: updated!.cause ?? updated!.buyer ?? null,
          outcomeCause: updated!.lossCause,
          outcomeConditionId: updated!.conditionId,
          updatedAt: new Date(),
        })
        .where(eq(chickens.id, row.chickenId));
    }
    return withWarnings(
      forRole(keeper, toFlockEvent(updated!, pair?.flockId ?? null)),
      await meatWarningsFor(tx, keeper, updated!),
    );
  });
}

/**
 * Deletes an event (both halves of a move). Refused when later losses would then take the headcount
 * below zero. A bird the event named gets its place back: no outcome, or its flock before the move.
 */
export async function deleteFlockEvent(
  db: Database,
  keeper: Keeper,
  flockId: string,
  eventId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await eventRow(tx, keeper, flockId, eventId);
    const pair = await pairOf(tx, row);
    await tx
      .delete(flockEvents)
      .where(inArray(flockEvents.id, pair ? [row.id, pair.id] : [row.id]));
    await assertFits(tx, flockId, "count");
    if (pair) await assertFits(tx, pair.flockId, "count");
    if (row.chickenId) {
      const back = row.moveId
        ? { flockId: row.type === "moved_out" ? row.flockId : (pair?.flockId ?? row.flockId) }
        : outcomeOf(row.type)
          ? {
              outcome: null,
              outcomeDate: null,
              outcomeNotes: null,
              outcomeCause: null,
              outcomeConditionId: null,
            }
          : null;
      if (back) {
        await tx
          .update(chickens)
          .set({ ...back, updatedAt: new Date(), updatedBy: keeper.user.id })
          .where(eq(chickens.id, row.chickenId));
      }
    }
  });
}
