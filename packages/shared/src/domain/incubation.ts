import { MS_PER_DAY, addDaysIso, daysBetweenIso, parseIsoDate, todayIso } from "../schemas/common";
import type { PoultrySpecies } from "../schemas/species";

/*
 * Incubation (hatch record) maths. All dates are 'YYYY-MM-DD' strings handled in UTC; functions that
 * need the current time take `now` (and optionally the keeper's time-zone offset in minutes, as from
 * Date.prototype.getTimezoneOffset()) instead of reading the clock. Invalid dates throw RangeError, so
 * validate input with `isoDate` first.
 */

/** Incubation period in days per species (spec section 3). */
export const INCUBATION_DAYS: Record<PoultrySpecies, number> = {
  chicken: 21,
  duck: 28,
  goose: 30,
  turkey: 28,
  guinea_fowl: 26,
  quail: 17,
};

/** Incubation period used when the species is unknown. */
export const DEFAULT_INCUBATION_DAYS = 21;

/** Days before the expected hatch when egg turning stops ("lockdown"). */
export const LOCKDOWN_DAYS_BEFORE_HATCH = 3;

/** A hatch due in this many days or fewer (but not today or overdue) is "Due Soon". */
export const DUE_SOON_DAYS = 2;

/** Badge shown on an active hatch record. */
export type HatchBadge = "Overdue" | "Due Today" | "Due Soon" | "Incubating";

const MS_PER_HOUR = 3_600_000;
const MS_PER_MINUTE = 60_000;

/** Incubation period in days for a species, 21 when the species is unknown. */
export function incubationDays(species: PoultrySpecies | string | null | undefined): number {
  if (species && Object.hasOwn(INCUBATION_DAYS, species)) {
    return INCUBATION_DAYS[species as PoultrySpecies];
  }
  return DEFAULT_INCUBATION_DAYS;
}

/** Expected hatch date: incubation start plus the species' incubation period. */
export function expectedHatchDate(
  startDate: string,
  species: PoultrySpecies | string | null | undefined,
): string {
  return addDaysIso(startDate, incubationDays(species));
}

/** Date to stop turning the eggs: three days before the expected hatch date. */
export function lockdownDate(
  startDate: string,
  species: PoultrySpecies | string | null | undefined,
): string {
  return addDaysIso(expectedHatchDate(startDate, species), -LOCKDOWN_DAYS_BEFORE_HATCH);
}

/** Whole calendar days from today (given as 'YYYY-MM-DD' or derived from `now`) to the expected hatch. */
export function daysToHatch(expected: string, now: Date | string, tzOffsetMinutes = 0): number {
  const today = typeof now === "string" ? now : todayIso(now, tzOffsetMinutes);
  return daysBetweenIso(today, expected);
}

/** Badge for days to hatch: negative Overdue, 0 Due Today, 1-2 Due Soon, otherwise Incubating. */
export function hatchBadge(days: number): HatchBadge {
  if (days < 0) return "Overdue";
  if (days === 0) return "Due Today";
  if (days <= DUE_SOON_DAYS) return "Due Soon";
  return "Incubating";
}

/** The instant a 'YYYY-MM-DD' day starts in the keeper's time zone. */
function startOfDayMs(date: string, tzOffsetMinutes: number): number {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new RangeError(`Invalid date: ${date}`);
  return parsed.getTime() + tzOffsetMinutes * MS_PER_MINUTE;
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

/**
 * Countdown to the start of the expected hatch day: whole days, else hours, else minutes,
 * else 'Time to hatch!' (e.g. "5 days", "1 day", "7 hours", "42 minutes").
 */
export function countdownText(expected: string, now: Date, tzOffsetMinutes = 0): string {
  const remaining = startOfDayMs(expected, tzOffsetMinutes) - now.getTime();
  const days = Math.floor(remaining / MS_PER_DAY);
  if (days >= 1) return plural(days, "day");
  const hours = Math.floor(remaining / MS_PER_HOUR);
  if (hours >= 1) return plural(hours, "hour");
  const minutes = Math.floor(remaining / MS_PER_MINUTE);
  if (minutes >= 1) return plural(minutes, "minute");
  return "Time to hatch!";
}

/** Elapsed share (0-100) of the period from the start day to the expected hatch day, clamped. */
export function incubationProgress(
  startDate: string,
  expected: string,
  now: Date,
  tzOffsetMinutes = 0,
): number {
  const start = startOfDayMs(startDate, tzOffsetMinutes);
  const end = startOfDayMs(expected, tzOffsetMinutes);
  const total = end - start;
  if (total <= 0) return now.getTime() >= end ? 100 : 0;
  const share = ((now.getTime() - start) / total) * 100;
  return Math.min(100, Math.max(0, share));
}

/** Hatch rate as a percentage (one decimal) of eggs set; 0 when nothing was set, at most 100. */
export function hatchRate(hatched: number, set: number): number {
  if (!Number.isFinite(hatched) || !Number.isFinite(set) || set <= 0 || hatched <= 0) return 0;
  const rate = (Math.min(hatched, set) / set) * 100;
  return Math.round(rate * 10) / 10;
}
