/*
 * The UTC calendar-date helpers every domain module uses, free of zod so the browser can load them
 * without the schema library. `schemas/common.ts` re-exports them unchanged.
 *
 * Dates travel as 'YYYY-MM-DD' strings. All arithmetic is done on UTC midnight of that day,
 * so the result never depends on the machine's time zone.
 */

/** Milliseconds in one day. */
export const MS_PER_DAY = 86_400_000;

/** Message used whenever a date string is not a real 'YYYY-MM-DD' calendar date. */
export const INVALID_DATE_MESSAGE = "Date must be a valid date (YYYY-MM-DD)";

/** Message used when a date lies after today. */
export const FUTURE_DATE_MESSAGE = "Date cannot be in the future";

const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses 'YYYY-MM-DD' into a Date at UTC midnight, or null when it is not a real calendar date. */
export function parseIsoDate(value: string | null | undefined): Date | null {
  if (typeof value !== "string") return null;
  const match = ISO_DATE_RE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0-99 to 1900-1999, so set the full year explicitly.
  date.setUTCFullYear(year);
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return null;
  }
  return date;
}

/** True when the string is a real 'YYYY-MM-DD' calendar date (rejects 2023-02-30, 2024-13-01...). */
export function isValidIsoDate(value: string | null | undefined): value is string {
  return parseIsoDate(value) !== null;
}

/** Formats the UTC calendar day of a Date as 'YYYY-MM-DD'. */
export function formatIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Today's date as 'YYYY-MM-DD' for the instant `now`, seen from a time zone whose offset is
 * `tzOffsetMinutes` as returned by `Date.prototype.getTimezoneOffset()` (0 = UTC, 300 = UTC-5).
 */
export function todayIso(now: Date, tzOffsetMinutes = 0): string {
  return formatIsoDate(new Date(now.getTime() - tzOffsetMinutes * 60_000));
}

/** Adds (or with a negative number subtracts) whole days to a 'YYYY-MM-DD' date; throws if invalid. */
export function addDaysIso(value: string, days: number): string {
  const date = parseIsoDate(value);
  if (!date) throw new RangeError(`${INVALID_DATE_MESSAGE}: ${value}`);
  return formatIsoDate(new Date(date.getTime() + Math.trunc(days) * MS_PER_DAY));
}

/** The range `isoDatesBetween` gave last, kept for the next call. */
let lastRange: { from: string; to: string; days: readonly string[] } | null = null;

/**
 * Each date from `from` to `to`, both included (none when `from` is later or `to` is not a date);
 * throws if `from` is invalid. The
 * last range is kept: the production answers walk the same period once per flock on every request,
 * and parsing and formatting each day again was a tenth of their CPU (issue 26 item 1).
 */
export function isoDatesBetween(from: string, to: string): readonly string[] {
  if (lastRange && lastRange.from === from && lastRange.to === to) return lastRange.days;
  const start = parseIsoDate(from);
  if (!start) throw new RangeError(`${INVALID_DATE_MESSAGE}: ${from}`);
  // Compared as times, not as text: the day after 9999-12-31 is written "+010000-01-01", which
  // sorts before it and would never end the walk.
  const end = parseIsoDate(to)?.getTime() ?? Number.NEGATIVE_INFINITY;
  const days: string[] = [];
  for (let t = start.getTime(); t <= end; t += MS_PER_DAY) days.push(formatIsoDate(new Date(t)));
  lastRange = { from, to, days: Object.freeze(days) };
  return lastRange.days;
}
/** Whole calendar days from `from` to `to` (positive when `to` is later); throws if either is invalid. */
export function daysBetweenIso(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) throw new RangeError(`${INVALID_DATE_MESSAGE}: ${a ? to : from}`);
  return Math.round((b.getTime() - a.getTime()) / MS_PER_DAY);
}
