import { addDaysIso, daysBetweenIso, isValidIsoDate, todayIso } from "../schemas/common";

/*
 * Flock maths: bird age and egg-laying statistics. Dates are 'YYYY-MM-DD' strings in UTC; "today" is
 * passed in (as a date string, or as `now` plus an optional time-zone offset in minutes as returned by
 * Date.prototype.getTimezoneOffset()).
 */

/** Maximum eggs one egg record may hold (spec section 9). */
export const MAX_EGGS_PER_RECORD = 10;

/** The egg list shows the last 30 days by default (spec section 9). */
export const EGG_LIST_DEFAULT_DAYS = 30;

/** One egg record as needed for statistics. */
export interface EggCount {
  date: string;
  eggsLaid: number;
}

/** Egg totals for today, the last 7 days and the last 30 days (all windows include today). */
export interface EggStats {
  today: number;
  thisWeek: number;
  last30: number;
  /** Lay rate over the last 30 days, percent with one decimal. */
  layRate: number;
  /** Lay rate over the last 7 days, percent with one decimal. */
  weekLayRate: number;
}

function resolveToday(now: Date | string, tzOffsetMinutes: number): string {
  return typeof now === "string" ? now : todayIso(now, tzOffsetMinutes);
}

/** Age in whole weeks between hatch date and today (absolute difference), or null without a valid date. */
export function ageInWeeks(
  hatchDate: string | null | undefined,
  now: Date | string,
  tzOffsetMinutes = 0,
): number | null {
  if (!isValidIsoDate(hatchDate)) return null;
  const days = Math.abs(daysBetweenIso(hatchDate, resolveToday(now, tzOffsetMinutes)));
  return Math.floor(days / 7);
}

/** Human text for an age in weeks: "1 week", "12 weeks", or "" when unknown. */
export function formatAgeWeeks(weeks: number | null): string {
  if (weeks === null) return "";
  return `${weeks} ${weeks === 1 ? "week" : "weeks"}`;
}

/** Lay rate as a percentage with one decimal: eggs / (birds x days) x 100; 0 when birds or days is 0. */
export function layRate(eggs: number, birds: number, days: number): number {
  if (![eggs, birds, days].every(Number.isFinite) || birds <= 0 || days <= 0 || eggs <= 0) return 0;
  return Math.round((eggs / (birds * days)) * 1000) / 10;
}

/** First day of the default egg list window (today and the 29 days before it). */
export function eggListStartDate(today: string, days = EGG_LIST_DEFAULT_DAYS): string {
  return addDaysIso(today, -(days - 1));
}

/**
 * Egg totals for today, the last 7 days and the last 30 days (each including today), with lay rates
 * for `layingBirds`. Records with invalid dates, future dates or non-numeric counts are ignored.
 */
export function eggStats(
  records: readonly EggCount[],
  layingBirds: number,
  now: Date | string,
  tzOffsetMinutes = 0,
): EggStats {
  const today = resolveToday(now, tzOffsetMinutes);
  const weekStart = eggListStartDate(today, 7);
  const monthStart = eggListStartDate(today, 30);
  let todayCount = 0;
  let thisWeek = 0;
  let last30 = 0;
  for (const record of records) {
    if (!isValidIsoDate(record.date) || record.date > today || record.date < monthStart) continue;
    const eggs = Number.isFinite(record.eggsLaid) && record.eggsLaid > 0 ? record.eggsLaid : 0;
    last30 += eggs;
    if (record.date >= weekStart) thisWeek += eggs;
    if (record.date === today) todayCount += eggs;
  }
  return {
    today: todayCount,
    thisWeek,
    last30,
    layRate: layRate(last30, layingBirds, 30),
    weekLayRate: layRate(thisWeek, layingBirds, 7),
  };
}
