import { and, eq, gte, isNotNull, lte, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { FlockProduction } from "@flockkeeper/shared/schemas/flock";
import type { PoultrySpecies } from "@flockkeeper/shared/schemas/species";
import { isFemaleSex, type ChickenSex } from "@flockkeeper/shared/schemas/chicken";
import { addDaysIso, isoDatesBetween } from "@flockkeeper/shared/domain/dates";
import {
  dailyCounts,
  flockDayEggs,
  layRatePct,
  POINT_OF_LAY_WEEKS,
  type DayCount,
  type HeadcountEvent,
} from "@flockkeeper/shared/domain/headcount";
import type { Database } from "../../db/client";
import { oncePerDatabase } from "../../db/prepared";
import {
  chickens,
  eggCollections,
  eggRecords,
  farms,
  flockEvents,
  flocks,
} from "../../db/schema/index";
import { notFound } from "../../lib/errors";
import type { Keeper } from "../../access/access";
import { resolveToday } from "../../lib/keeper-today";
import { withheldEggs, withdrawalOverlapSql } from "../treatments/treatments.service";
import { eventOfTuple, type EventTuple } from "./flocks.service";

/*
 * Production over hen-days (issue 19 item 4): eggs / laying-age females present, summed only over
 * the days that have egg records, per flock and for the farm. A flock's day counts its basket, or its
 * birds' own records when no basket was logged (never both: flockDayEggs). Birds in no flock form one
 * more group, each female of laying age counting until her outcome date.
 */

interface Group {
  flockId: string | null;
  counts: DayCount[];
  /** Eggs per date, only for dates with a record. */
  eggs: Map<string, number>;
}

/**
 * Eggs by flock (null: the birds in no flock) and date. Two levels rather than one key joining
 * both: a joined key is a new string to hash at every lookup, a day's date string keeps its hash
 * (the summary looks up every day of every flock; issue 26 item 1).
 */
class ByFlockDay {
  private readonly flocks = new Map<string | null, Map<string, number>>();
  get(flockId: string | null, date: string): number | undefined {
    return this.flocks.get(flockId)?.get(date);
  }
  set(flockId: string | null, date: string, n: number): void {
    let days = this.flocks.get(flockId);
    if (!days) this.flocks.set(flockId, (days = new Map()));
    days.set(date, n);
  }
}

/**
 * The birds' own egg records of the period summed by the bird's flock and day (key: flock id), for
 * the birds in flocks (few rows: read through their flock). The whole farm's reads, with the birds
 * in no flock, are one statement of their own (farmProduction).
 */
async function birdEggsByFlockDay(
  db: Database,
  farmId: string,
  from: string,
  to: string,
  opts: { flockId?: string },
) {
  const flockBirds = await db
    .select({
      flockId: chickens.flockId,
      days: sql<string>`json_agg(json_build_array(${eggRecords.date}, ${eggRecords.eggsLaid}))::text`,
    })
    .from(chickens)
    .innerJoin(
      eggRecords,
      and(
        eq(eggRecords.chickenId, chickens.id),
        gte(eggRecords.date, from),
        lte(eggRecords.date, to),
      ),
    )
    .where(
      and(
        eq(chickens.farmId, farmId),
        opts.flockId ? eq(chickens.flockId, opts.flockId) : isNotNull(chickens.flockId),
      ),
    )
    .groupBy(chickens.flockId);
  const eggs = new ByFlockDay();
  for (const r of flockBirds) {
    for (const [date, n] of JSON.parse(r.days) as [string, number][]) {
      eggs.set(r.flockId, date, (eggs.get(r.flockId, date) ?? 0) + n);
    }
  }
  return eggs;
}

async function basketsByFlockDay(
  db: Database,
  farmId: string,
  from: string,
  to: string,
  flockId?: string,
) {
  // One row per flock with its days as JSON text: the embedded engine spends far more per row
  // returned than on building the JSON (10 rows instead of 900 for a 10-flock farm's 90 days).
  const rows = await db
    .select({
      flockId: eggCollections.flockId,
      days: sql<string>`json_agg(json_build_array(${eggCollections.date}, ${eggCollections.eggs}))::text`,
    })
    .from(eggCollections)
    .where(
      and(
        eq(eggCollections.farmId, farmId),
        gte(eggCollections.date, from),
        lte(eggCollections.date, to),
        flockId ? eq(eggCollections.flockId, flockId) : undefined,
      ),
    )
    .groupBy(eggCollections.flockId);
  const baskets = new ByFlockDay();
  for (const r of rows) {
    for (const [date, eggs] of JSON.parse(r.days) as [string, number][]) {
      baskets.set(r.flockId, date, eggs);
    }
  }
  return baskets;
}

/** The life events of the farm's flocks up to `to` (or of one flock), grouped by flock. */
async function eventsByFlock(db: Database, farmId: string, to: string, flockId?: string) {
  // As for the baskets: one row per flock, its events as JSON text.
  const rows = await db
    .select({
      flockId: flockEvents.flockId,
      events: sql<string>`json_agg(json_build_array(${flockEvents.type}, ${flockEvents.date}, ${flockEvents.count}, ${flockEvents.females}, ${flockEvents.males}, ${flockEvents.ageWeeks}))::text`,
    })
    .from(flockEvents)
    .where(
      and(
        eq(flockEvents.farmId, farmId),
        lte(flockEvents.date, to),
        flockId ? eq(flockEvents.flockId, flockId) : undefined,
      ),
    )
    .groupBy(flockEvents.flockId);
  return new Map<string, HeadcountEvent[]>(
    rows.map((r) => [r.flockId, (JSON.parse(r.events) as EventTuple[]).map(eventOfTuple)]),
  );
}

/** Each flock's days: headcount and laying hens from its events, eggs from basket or birds. */
function flockGroups(
  flockRows: { id: string; species: string }[],
  events: Map<string, HeadcountEvent[]>,
  baskets: ByFlockDay,
  birdEggs: ByFlockDay,
  from: string,
  to: string,
): Group[] {
  return flockRows.map((f) => {
    const counts = dailyCounts(events.get(f.id) ?? [], f.species as PoultrySpecies, from, to);
    const eggs = new Map<string, number>();
    for (const { date } of counts) {
      const day = flockDayEggs(baskets.get(f.id, date) ?? null, birdEggs.get(f.id, date) ?? null);
      if (day !== null) eggs.set(date, day);
    }
    return { flockId: f.id, counts, eggs };
  });
}

/** A bird in no flock, with what the lay rate needs. */
interface LooseBird {
  sex: string;
  species: string;
  hatchDate: string | null;
  outcomeDate: string | null;
}

/** Birds in no flock: each female present and of laying age counts as one hen that day. */
function looseBirdsGroup(
  birds: LooseBird[],
  from: string,
  to: string,
  birdEggs: ByFlockDay,
): Group {
  // When each bird starts laying, worked out once rather than once a day.
  const layers = birds.map((b) => ({
    gone: b.outcomeDate,
    layingFrom: !isFemaleSex(b.sex as ChickenSex)
      ? null
      : b.hatchDate === null
        ? ""
        : addDaysIso(b.hatchDate, (POINT_OF_LAY_WEEKS[b.species as PoultrySpecies] ?? 20) * 7),
  }));
  const counts: DayCount[] = [];
  for (const day of isoDatesBetween(from, to)) {
    let headcount = 0;
    let layingHens = 0;
    for (const b of layers) {
      if (b.gone !== null && b.gone <= day) continue;
      headcount++;
      if (b.layingFrom !== null && b.layingFrom <= day) layingHens++;
    }
    counts.push({ date: day, headcount, layingHens });
  }
  const eggs = new Map<string, number>();
  for (const { date } of counts) {
    const n = birdEggs.get(null, date);
    if (n !== undefined) eggs.set(date, n);
  }
  return { flockId: null, counts, eggs };
}

/** Sums groups day by day; only the groups with a record that day count towards its hen-days. */
function summarise(
  flockId: string | null,
  from: string,
  to: string,
  groups: Group[],
  withheldEggs: number,
) {
  let eggs = 0;
  let henDays = 0;
  const recorded = new Set<string>();
  const days = groups[0]?.counts.map((c, i) => {
    let dayEggs: number | null = null;
    let headcount = 0;
    let dayHens = 0;
    let recordedHens = 0;
    for (const g of groups) {
      const c2 = g.counts[i]!;
      headcount += c2.headcount;
      dayHens += c2.layingHens;
      const e = g.eggs.get(c.date);
      if (e !== undefined) {
        dayEggs = (dayEggs ?? 0) + e;
        recordedHens += c2.layingHens;
      }
    }
    if (dayEggs !== null) {
      recorded.add(c.date);
      eggs += dayEggs;
      henDays += recordedHens;
    }
    return {
      date: c.date,
      eggs: dayEggs,
      headcount,
      layingHens: dayHens,
      layRate: dayEggs === null ? null : layRatePct(dayEggs, recordedHens),
    };
  });
  const answer: FlockProduction = {
    flockId,
    from,
    to,
    daysWithRecords: recorded.size,
    eggs,
    henDays,
    withheldEggs,
    layRate: layRatePct(eggs, henDays),
    days: days ?? [],
  };
  return answer;
}

function period(q: { today?: string; days: number }) {
  const to = resolveToday(q.today);
  return { from: addDaysIso(to, -(q.days - 1)), to };
}

/** One flock's eggs, headcount and hen-day lay rate over the last `days` days. */
export async function flockProductionOf(
  db: Database,
  keeper: Keeper,
  flockId: string,
  q: { today?: string; days: number },
): Promise<FlockProduction> {
  const { from, to } = period(q);
  // One round of queries, all scoped by farm: the flock, its events, baskets and birds' records.
  const [[flock], events, baskets, birdEggs, withheld] = await Promise.all([
    db
      .select({ id: flocks.id, species: flocks.species })
      .from(flocks)
      .where(and(eq(flocks.id, flockId), eq(flocks.farmId, keeper.farmId)))
      .limit(1),
    eventsByFlock(db, keeper.farmId, to, flockId),
    basketsByFlockDay(db, keeper.farmId, from, to, flockId),
    birdEggsByFlockDay(db, keeper.farmId, from, to, { flockId }),
    withheldEggs(db, keeper, { from, to, flockId }),
  ]);
  if (!flock) throw notFound("Flock");
  return summarise(
    flockId,
    from,
    to,
    flockGroups([flock], events, baskets, birdEggs, from, to),
    withheld.total,
  );
}

/*
 * The whole farm's reads in one prepared statement (issue 26 item 1: the stats and summary
 * answers ran eight statements built per request, each on its own pool connection; building them
 * was a sixth of the app's CPU and each statement cost PostgreSQL its own parse, plan and round
 * trip). One row from the farm's own row, each part as JSON text (the same on either driver, as
 * the list statements read events): the flocks, their events up to `to` per flock, the baskets,
 * the flock birds' records summed per flock and day, the per-day totals the database keeps, the
 * days with any egg record (the skip scan of the (farm, date) index), the birds in no flock, and
 * whether any treatment's withdrawal overlaps the period (only then are the withheld eggs read).
 * Each table is named with its own alias: in a one-table select Drizzle writes a column without
 * its table, so `${eggRecords.date}` inside a join would be ambiguous or the wrong table's.
 */
const farmParam = sql.placeholder("farmId");
const fromParam = sql.placeholder("from");
const toParam = sql.placeholder("to");

/**
 * The parts of the farm's reads (see above), each a sub-select over the farm, `from` and `to`: the
 * production statement selects them from the farm's row; the egg stats read them in their own
 * statement (egg-records.service.ts), in one round trip with the stats' aggregates.
 */
export function farmProductionParts(
  farm: Placeholder | SQL,
  from: Placeholder | SQL,
  to: Placeholder | SQL,
) {
  return {
    flocks: sql<string>`(select coalesce(json_agg(json_build_array(f.id, f.species)), '[]')::text
        from flocks f where f.farm_id = ${farm})`,
    events: sql<string>`(select coalesce(json_agg(json_build_array(x.flock_id, x.events)), '[]')::text
        from (select e.flock_id, json_agg(json_build_array(e.type, e.date, e.count, e.females, e.males, e.age_weeks)) as events
              from flock_events e where e.farm_id = ${farm} and e.date <= ${to} group by e.flock_id) x)`,
    baskets: sql<string>`(select coalesce(json_agg(json_build_array(c.flock_id, c.date, c.eggs)), '[]')::text
        from egg_collections c where c.farm_id = ${farm} and c.date >= ${from} and c.date <= ${to})`,
    flockBirdEggs: sql<string>`(select coalesce(json_agg(json_build_array(y.flock_id, y.date, y.eggs)), '[]')::text
        from (select b.flock_id, r.date, sum(r.eggs_laid)::int as eggs
              from chickens b join egg_records r on r.chicken_id = b.id and r.date >= ${from} and r.date <= ${to}
              where b.farm_id = ${farm} and b.flock_id is not null group by b.flock_id, r.date) y)`,
    totals: sql<string>`(select coalesce(json_agg(json_build_array(t.date, t.eggs_laid)), '[]')::text
        from daily_production t where t.farm_id = ${farm} and t.date >= ${from} and t.date <= ${to})`,
    recordDays: sql<string>`(with recursive d(date) as (
          select max(date) from egg_records where farm_id = ${farm} and date between ${from} and ${to}
          union all
          select (select max(e.date) from egg_records e
                  where e.farm_id = ${farm} and e.date < d.date and e.date >= ${from})
          from d where d.date is not null
        )
        select coalesce(json_agg(date::text), '[]')::text from d where date is not null)`,
    loose: sql<string>`(select coalesce(json_agg(json_build_array(l.sex, l.species, l.hatch_date, l.outcome_date)), '[]')::text
        from chickens l where l.farm_id = ${farm} and l.flock_id is null)`,
    withheld: withdrawalOverlapSql(farm, from, to, "any"),
  };
}

/** A row of the farm's reads: each part's JSON text, and whether any withdrawal overlaps. */
export type FarmProductionRow = {
  [K in keyof ReturnType<typeof farmProductionParts>]?: K extends "withheld"
    ? boolean | null
    : string | null;
};

const prepareFarmProduction = (db: Database) =>
  db
    .select(farmProductionParts(farmParam, fromParam, toParam))
    .from(farms)
    .where(eq(farms.id, farmParam))
    .prepare("farm_production");
const farmProductionStatement = oncePerDatabase(prepareFarmProduction);

/** The whole farm: every flock (archived ones too: their history counts) and the birds in none. */
export async function farmProduction(
  db: Database,
  keeper: Keeper,
  q: { today?: string; days: number },
): Promise<FlockProduction> {
  const { from, to } = period(q);
  const [row] = await farmProductionStatement(db).execute({ farmId: keeper.farmId, from, to });
  return farmProductionOfRow(db, keeper, from, to, row);
}

/** The farm's production from a row of its reads (`farmProductionParts`) over `from`..`to`. */
export async function farmProductionOfRow(
  db: Database,
  keeper: Keeper,
  from: string,
  to: string,
  row: FarmProductionRow | undefined,
): Promise<FlockProduction> {
  const parse = <T>(text: string | null | undefined) => (text ? (JSON.parse(text) as T) : []);
  const flockRows = parse<[string, string][]>(row?.flocks).map(([id, species]) => ({
    id,
    species,
  }));
  const events = new Map<string, HeadcountEvent[]>(
    parse<[string, EventTuple[]][]>(row?.events).map(([flockId, list]) => [
      flockId,
      list.map(eventOfTuple),
    ]),
  );
  const baskets = new ByFlockDay();
  for (const [flockId, date, eggs] of parse<[string, string, number][]>(row?.baskets)) {
    baskets.set(flockId, date, eggs);
  }
  // As birdEggsByFlockDay: flock birds' eggs by flock and day; the birds in no flock's from the
  // per-day totals minus the flock birds' share, on the days that have records.
  const birdEggs = new ByFlockDay();
  const flockBirdEggs = new Map<string, number>();
  for (const [flockId, date, n] of parse<[string, string, number][]>(row?.flockBirdEggs)) {
    birdEggs.set(flockId, date, n);
    flockBirdEggs.set(date, (flockBirdEggs.get(date) ?? 0) + n);
  }
  const total = new Map(parse<[string, number][]>(row?.totals));
  for (const date of parse<string[]>(row?.recordDays)) {
    const loose = (total.get(date) ?? 0) - (flockBirdEggs.get(date) ?? 0);
    // A day whose records are all flock birds' is not a day with records for the others.
    if (loose > 0 || !flockBirdEggs.has(date)) birdEggs.set(null, date, loose);
  }
  const birds = parse<[string, string, string | null, string | null][]>(row?.loose).map(
    ([sex, species, hatchDate, outcomeDate]): LooseBird => ({
      sex,
      species,
      hatchDate,
      outcomeDate,
    }),
  );
  const withheld = row?.withheld ? (await withheldEggs(db, keeper, { from, to })).total : 0;
  const groups = flockGroups(flockRows, events, baskets, birdEggs, from, to);
  return summarise(
    null,
    from,
    to,
    [...groups, looseBirdsGroup(birds, from, to, birdEggs)],
    withheld,
  );
}

/** A flock in use with its production over the period and its life events up to its end. */
export interface FlockWithProduction {
  id: string;
  name: string;
  species: string;
  production: FlockProduction;
  events: HeadcountEvent[];
}

/**
 * Each flock in use (not archived) on its own: eggs, headcount and laying hens per day over the
 * last `days` days, and its events (for losses). One round of queries for the whole farm.
 */
export async function flocksInUseProduction(
  db: Database,
  keeper: Keeper,
  q: { today?: string; days: number },
): Promise<FlockWithProduction[]> {
  const { from, to } = period(q);
  const [flockRows, events, baskets, birdEggs, withheld] = await Promise.all([
    db
      .select({ id: flocks.id, name: flocks.name, species: flocks.species })
      .from(flocks)
      .where(and(eq(flocks.farmId, keeper.farmId), eq(flocks.archived, false))),
    eventsByFlock(db, keeper.farmId, to),
    basketsByFlockDay(db, keeper.farmId, from, to),
    birdEggsByFlockDay(db, keeper.farmId, from, to, {}),
    withheldEggs(db, keeper, { from, to }),
  ]);
  const groups = flockGroups(flockRows, events, baskets, birdEggs, from, to);
  return flockRows.map((f, i) => ({
    ...f,
    production: summarise(f.id, from, to, [groups[i]!], withheld.byFlock.get(f.id) ?? 0),
    events: events.get(f.id) ?? [],
  }));
}
