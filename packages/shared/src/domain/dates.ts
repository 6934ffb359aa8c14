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

/** Days in each month of a common year. */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
/** "00" to "31", written once. */
const TWO_DIGITS = Array.from({ length: 32 }, (_, i) => String(i).padStart(2, "0"));

/** The digit at `i` (NaN for any other character). */
function digitAt(value: string, i: number): number {
  const d = value.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : Number.NaN;
}

/**
 * Year, month and day of a 'YYYY-MM-DD' string that is a real calendar date, or null. Read digit
 * by digit, without a regular expression or a Date: Today and the production answers step through
 * dates many times per request (issue 26 item 1).
 */
function splitIsoDate(value: string): [year: number, month: number, day: number] | null {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return null;
  const year =
    digitAt(value, 0) * 1000 + digitAt(value, 1) * 100 + digitAt(value, 2) * 10 + digitAt(value, 3);
  const month = digitAt(value, 5) * 10 + digitAt(value, 6);
  const day = digitAt(value, 8) * 10 + digitAt(value, 9);
  // NaN fails every comparison, so a non-digit anywhere ends here.
  if (!(year >= 0 && month >= 1 && month <= 12 && day >= 1)) return null;
  // 0000-02-29 stays refused, as by the Date-based reader this replaced (Date.UTC reads year 0 as
  // 1900, which has no 29 February); PostgreSQL refuses year 0 anyway.
  const last = month === 2 && year !== 0 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= last ? [year, month, day] : null;
}

/*
 * Calendar dates as day numbers (days since 1970-01-01) and back, in integer arithmetic: Howard
 * Hinnant's `days_from_civil` and `civil_from_days` (proleptic Gregorian, like Date).
 */
function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The 'YYYY-MM-DD' of a day number, or null for a year that is not written with four digits. */
function isoOfDayNumber(n: number): string | null {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36524) -
      Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  if (!(year >= 0 && year <= 9999)) return null;
  return `${year < 1000 ? String(year).padStart(4, "0") : year}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}`;
}

/** Parses 'YYYY-MM-DD' into a Date at UTC midnight, or null when it is not a real calendar date. */
export function parseIsoDate(value: string | null | undefined): Date | null {
  if (typeof value !== "string") return null;
  const parts = splitIsoDate(value);
  if (!parts) return null;
  const date = new Date(Date.UTC(parts[0], parts[1] - 1, parts[2]));
  // Date.UTC maps years 0-99 to 1900-1999, so set the full year explicitly.
  if (parts[0] < 100) date.setUTCFullYear(parts[0]);
  return date;
}

/** True when the string is a real 'YYYY-MM-DD' calendar date (rejects 2023-02-30, 2024-13-01...). */
export function isValidIsoDate(value: string | null | undefined): value is string {
  return parseIsoDate(value) !== null;
}

/** Formats the UTC calendar day of a Date as 'YYYY-MM-DD'. */
export function formatIsoDate(date: Date): string {
  const year = date.getUTCFullYear();
  // Three getters cost a fraction of toISOString, which stays for the years it writes with a
  // sign (and throws for an invalid date, as before).
  if (year >= 1000 && year <= 9999) {
    return `${year}-${TWO_DIGITS[date.getUTCMonth() + 1]}-${TWO_DIGITS[date.getUTCDate()]}`;
  }
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
  const parts = typeof value === "string" ? splitIsoDate(value) : null;
  if (parts) {
    const sum = isoOfDayNumber(dayNumber(...parts) + Math.trunc(days));
    if (sum !== null) return sum;
  }
  // A result beyond year 9999 (written with a sign), an invalid day count, or an invalid date.
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
