import { and, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import type { FlockProduction } from "@flockkeeper/shared/schemas/flock";
import type { PoultrySpecies } from "@flockkeeper/shared/schemas/species";
import { isFemaleSex, type ChickenSex } from "@flockkeeper/shared/schemas/chicken";
import { addDaysIso } from "@flockkeeper/shared/domain/dates";
import {
  dailyCounts,
  flockDayEggs,
  layRatePct,
  POINT_OF_LAY_WEEKS,
  type DayCount,
  type HeadcountEvent,
} from "@flockkeeper/shared/domain/headcount";
import type { Database } from "../../db/client";
import { chickens, eggCollections, eggRecords, flockEvents, flocks } from "../../db/schema/index";
import { notFound } from "../../lib/errors";
import type { Keeper } from "../../access/access";
import { resolveToday } from "../../lib/keeper-today";

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

const key = (flockId: string | null, date: string) => `${flockId ?? ""}|${date}`;

/** Per-bird egg records of the period summed by the bird's flock (null: birds in no flock) and day. */
async function birdEggsByFlockDay(db: Database, farmId: string, from: string, to: string) {
  const rows = await db
    .select({
      flockId: chickens.flockId,
      date: eggRecords.date,
      eggs: sql<number>`sum(${eggRecords.eggsLaid})::int`,
    })
    .from(eggRecords)
    .innerJoin(chickens, eq(chickens.id, eggRecords.chickenId))
    .where(and(eq(eggRecords.farmId, farmId), gte(eggRecords.date, from), lte(eggRecords.date, to)))
    .groupBy(chickens.flockId, eggRecords.date);
  return new Map(rows.map((r) => [key(r.flockId, r.date), Number(r.eggs)]));
}

async function basketsByFlockDay(
  db: Database,
  farmId: string,
  flockIds: string[],
  from: string,
  to: string,
) {
  if (flockIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({
      flockId: eggCollections.flockId,
      date: eggCollections.date,
      eggs: eggCollections.eggs,
    })
    .from(eggCollections)
    .where(
      and(
        eq(eggCollections.farmId, farmId),
        inArray(eggCollections.flockId, flockIds),
        gte(eggCollections.date, from),
        lte(eggCollections.date, to),
      ),
    );
  return new Map(rows.map((r) => [key(r.flockId, r.date), r.eggs]));
}

async function flockGroups(
  db: Database,
  farmId: string,
  flockRows: { id: string; species: string }[],
  from: string,
  to: string,
  birdEggs: Map<string, number>,
): Promise<Group[]> {
  const ids = flockRows.map((f) => f.id);
  const [events, baskets] = await Promise.all([
    ids.length === 0
      ? []
      : db
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
          .where(and(inArray(flockEvents.flockId, ids), lte(flockEvents.date, to))),
    basketsByFlockDay(db, farmId, ids, from, to),
  ]);
  const byFlock = new Map<string, HeadcountEvent[]>();
  for (const { flockId, ...e } of events) {
    byFlock.set(flockId, [...(byFlock.get(flockId) ?? []), e]);
  }
  return flockRows.map((f) => {
    const counts = dailyCounts(byFlock.get(f.id) ?? [], f.species as PoultrySpecies, from, to);
    const eggs = new Map<string, number>();
    for (const { date } of counts) {
      const day = flockDayEggs(
        baskets.get(key(f.id, date)) ?? null,
        birdEggs.get(key(f.id, date)) ?? null,
      );
      if (day !== null) eggs.set(date, day);
    }
    return { flockId: f.id, counts, eggs };
  });
}

/** Birds in no flock: each female present and of laying age counts as one hen that day. */
async function looseBirdsGroup(
  db: Database,
  farmId: string,
  from: string,
  to: string,
  birdEggs: Map<string, number>,
): Promise<Group> {
  const birds = await db
    .select({
      sex: chickens.sex,
      species: chickens.species,
      hatchDate: chickens.hatchDate,
      outcomeDate: chickens.outcomeDate,
    })
    .from(chickens)
    .where(and(eq(chickens.farmId, farmId), isNull(chickens.flockId)));
  const counts: DayCount[] = [];
  for (let day = from; day <= to; day = addDaysIso(day, 1)) {
    let headcount = 0;
    let layingHens = 0;
    for (const b of birds) {
      if (b.outcomeDate !== null && b.outcomeDate <= day) continue;
      headcount++;
      if (!isFemaleSex(b.sex as ChickenSex)) continue;
      const pol = POINT_OF_LAY_WEEKS[b.species as PoultrySpecies] ?? 20;
      if (b.hatchDate === null || addDaysIso(b.hatchDate, pol * 7) <= day) layingHens++;
    }
    counts.push({ date: day, headcount, layingHens });
  }
  const eggs = new Map<string, number>();
  for (const { date } of counts) {
    const n = birdEggs.get(key(null, date));
    if (n !== undefined) eggs.set(date, n);
  }
  return { flockId: null, counts, eggs };
}

/** Sums groups day by day; only the groups with a record that day count towards its hen-days. */
function summarise(flockId: string | null, from: string, to: string, groups: Group[]) {
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
  const [flock] = await db
    .select({ id: flocks.id, species: flocks.species })
    .from(flocks)
    .where(and(eq(flocks.id, flockId), eq(flocks.farmId, keeper.farmId)))
    .limit(1);
  if (!flock) throw notFound("Flock");
  const { from, to } = period(q);
  const birdEggs = await birdEggsByFlockDay(db, keeper.farmId, from, to);
  const groups = await flockGroups(db, keeper.farmId, [flock], from, to, birdEggs);
  return summarise(flockId, from, to, groups);
}

/** The whole farm: every flock (archived ones too: their history counts) and the birds in none. */
export async function farmProduction(
  db: Database,
  keeper: Keeper,
  q: { today?: string; days: number },
): Promise<FlockProduction> {
  const { from, to } = period(q);
  const [flockRows, birdEggs] = await Promise.all([
    db
      .select({ id: flocks.id, species: flocks.species })
      .from(flocks)
      .where(eq(flocks.farmId, keeper.farmId)),
    birdEggsByFlockDay(db, keeper.farmId, from, to),
  ]);
  const [groups, loose] = await Promise.all([
    flockGroups(db, keeper.farmId, flockRows, from, to, birdEggs),
    looseBirdsGroup(db, keeper.farmId, from, to, birdEggs),
  ]);
  return summarise(null, from, to, [...groups, loose]);
}
