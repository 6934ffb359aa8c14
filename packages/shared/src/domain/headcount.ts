import { addDaysIso, isoDatesBetween } from "./dates";
import type { PoultrySpecies } from "../schemas/species";

/*
 * Headcount and hen-day lay rate of a flock from its life events (issue 19). Pure functions over
 * 'YYYY-MM-DD' dates: the server, the property tests and the web all count the same way.
 *
 * Counting rules, so every caller agrees:
 * - Events apply on their date: a flock's headcount on D is the sum of its events dated D or earlier.
 * - On one day gains count before losses, so "bought 10, sold 2" on one day never dips below zero.
 * - Females: an event's `females` when given, else count − males when males are given, else unknown
 *   (the split is then null for the flock, but every bird still counts as a possible layer).
 * - Laying age: a hatched bird lays from its hatch date + the species' point of lay; an acquired or
 *   moved-in bird of `ageWeeks` from the event date + (point of lay − age); without an age the birds
 *   are taken to be of laying age on arrival (keepers mostly buy point-of-lay pullets or hens).
 * - Losses take the oldest birds first (laying-age ones before younger ones), females before unknown.
 */

/** Typical point of lay in weeks by species (common extension-guide figures; breeds differ). */
export const POINT_OF_LAY_WEEKS: Record<PoultrySpecies, number> = {
  chicken: 20,
  duck: 20,
  goose: 40,
  turkey: 30,
  guinea_fowl: 26,
  quail: 7,
};

export interface HeadcountEvent {
  type: string;
  date: string;
  count: number;
  females: number | null;
  males: number | null;
  ageWeeks?: number | null;
}

/** The event types that add birds; every other type takes them away. */
export const GAIN_TYPES = ["acquired", "hatched", "moved_in"] as const;
const GAINS = new Set<string>(GAIN_TYPES);
export const isGain = (type: string) => GAINS.has(type);

/** Events in the order they apply: by date, gains before losses on one day. */
export function orderEvents<T extends HeadcountEvent>(events: readonly T[]): T[] {
  return [...events].sort(
    (a, b) =>
      (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
      Number(isGain(b.type)) - Number(isGain(a.type)),
  );
}

export interface Headcount {
  headcount: number;
  females: number | null;
  males: number | null;
}

/** Males an event records, when known. */
function malesOf(e: HeadcountEvent): number | null {
  if (e.males !== null) return e.males;
  if (e.females !== null) return e.count - e.females;
  return null;
}
function femalesOf(e: HeadcountEvent): number | null {
  if (e.females !== null) return e.females;
  if (e.males !== null) return e.count - e.males;
  return null;
}

/**
 * Headcount (and the sex split where every event recorded one) on `date`, from events of any order.
 */
export function headcountOn(events: readonly HeadcountEvent[], date: string): Headcount {
  let headcount = 0;
  let females: number | null = 0;
  let males: number | null = 0;
  for (const e of events) {
    if (e.date > date) continue;
    const sign = isGain(e.type) ? 1 : -1;
    headcount += sign * e.count;
    const f = femalesOf(e);
    const m = malesOf(e);
    females = females === null || f === null ? null : females + sign * f;
    males = males === null || m === null ? null : males + sign * m;
  }
  return { headcount, females, males };
}

export interface HeadcountProblem {
  /** The date the headcount would go below zero. */
  date: string;
  /** Birds available on that date before the loss that does not fit. */
  available: number;
  /** The loss that does not fit. */
  count: number;
}

/**
 * The first point where a loss takes more birds than the flock has (null when every loss fits).
 * Used to refuse a new or edited event with "only N birds on DATE".
 */
export function firstShortfall(events: readonly HeadcountEvent[]): HeadcountProblem | null {
  let headcount = 0;
  for (const e of orderEvents(events)) {
    if (isGain(e.type)) headcount += e.count;
    else {
      if (e.count > headcount) return { date: e.date, available: headcount, count: e.count };
      headcount -= e.count;
    }
  }
  return null;
}

/** A group of birds that entered together: when they start laying and how many may lay. */
interface Cohort {
  layingFrom: string;
  /** Possible layers: known females, or every bird of unknown sex. */
  layers: number;
}

/** The date a cohort of this event starts laying. */
function layingFrom(e: HeadcountEvent, species: PoultrySpecies): string {
  const pol = POINT_OF_LAY_WEEKS[species];
  if (e.type === "hatched") return addDaysIso(e.date, pol * 7);
  if (e.ageWeeks === null || e.ageWeeks === undefined) return e.date;
  return addDaysIso(e.date, Math.max(0, pol - e.ageWeeks) * 7);
}

export interface DayCount {
  date: string;
  headcount: number;
  /** Females (or birds of unknown sex) of laying age present that day. */
  layingHens: number;
}

/**
 * Headcount and laying-age females on each day from `from` to `to` (inclusive), one pass over the
 * events: O(events + days) for the whole period.
 */
export function dailyCounts(
  events: readonly HeadcountEvent[],
  species: PoultrySpecies,
  from: string,
  to: string,
): DayCount[] {
  const ordered = orderEvents(events);
  const cohorts: Cohort[] = [];
  let headcount = 0;
  let i = 0;
  const days: DayCount[] = [];
  const apply = (e: HeadcountEvent) => {
    if (isGain(e.type)) {
      headcount += e.count;
      const f = femalesOf(e);
      cohorts.push({ layingFrom: layingFrom(e, species), layers: f ?? e.count });
      // Oldest first: cohorts are kept sorted by the day they start laying.
      cohorts.sort((a, b) =>
        a.layingFrom < b.layingFrom ? -1 : a.layingFrom > b.layingFrom ? 1 : 0,
      );
    } else {
      headcount -= e.count;
      // Males known to leave do not reduce the layers; the rest come from the oldest layers first.
      let take = femalesOf(e) ?? e.count;
      for (const c of cohorts) {
        if (take === 0) break;
        const t = Math.min(c.layers, take);
        c.layers -= t;
        take -= t;
      }
    }
  };
  for (const day of isoDatesBetween(from, to)) {
    while (i < ordered.length && ordered[i]!.date <= day) apply(ordered[i++]!);
    let layingHens = 0;
    for (const c of cohorts) if (c.layingFrom <= day) layingHens += c.layers;
    days.push({
      date: day,
      headcount: Math.max(0, headcount),
      layingHens: Math.min(layingHens, Math.max(0, headcount)),
    });
  }
  return days;
}

/** Eggs / hen-days as a percentage with one decimal, or null when there are no hen-days. */
export function layRatePct(eggs: number, henDays: number): number | null {
  if (henDays <= 0) return null;
  return Math.round((eggs / henDays) * 1000) / 10;
}

/**
 * A flock's eggs on one day: the basket includes its birds' own records, so they are not added on
 * top; without a basket the birds' records are the day's eggs. When the birds' records add up to more
 * than the basket (a basket logged before the last bird's eggs), the larger figure is the truth.
 */
export function flockDayEggs(basket: number | null, birdRecords: number | null): number | null {
  if (basket === null) return birdRecords;
  if (birdRecords === null) return basket;
  return Math.max(basket, birdRecords);
}
