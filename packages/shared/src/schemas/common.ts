import { z } from "zod";
import {
  MS_PER_DAY,
  INVALID_DATE_MESSAGE,
  FUTURE_DATE_MESSAGE,
  parseIsoDate,
  isValidIsoDate,
  formatIsoDate,
  todayIso,
  addDaysIso,
  daysBetweenIso,
} from "../domain/dates";

/*
 * Reusable zod pieces, and (re-exported from domain/dates.ts) the UTC calendar-date helpers every
 * domain module uses.
 */

export {
  MS_PER_DAY,
  INVALID_DATE_MESSAGE,
  FUTURE_DATE_MESSAGE,
  parseIsoDate,
  isValidIsoDate,
  formatIsoDate,
  todayIso,
  addDaysIso,
  daysBetweenIso,
};

/**
 * Latest date accepted as "not in the future" when no explicit today is given: the UTC date one day
 * ahead of now, because a keeper east of Greenwich (up to UTC+14) is already on tomorrow's UTC date.
 */
function latestAllowedDate(): string {
  return addDaysIso(todayIso(new Date()), 1);
}

/** A required 'YYYY-MM-DD' string that is a real calendar date. */
export const isoDate = z
  .string({ error: INVALID_DATE_MESSAGE })
  .refine((value) => isValidIsoDate(value), { message: INVALID_DATE_MESSAGE });

/**
 * An isoDate that is not after `today` ('YYYY-MM-DD'). Without `today` the check runs at validation
 * time against the server clock, allowing one day of slack for keepers in time zones ahead of UTC.
 */
export function notFutureDate(today?: string) {
  return isoDate.refine(
    (value) => !isValidIsoDate(value) || value <= (today ?? latestAllowedDate()),
    {
      message: FUTURE_DATE_MESSAGE,
    },
  );
}

/** Route parameter object `{ id }` where id must be a UUID. */
export const uuidParam = z.object({ id: z.uuid({ message: "Invalid id" }) });

/** A required string, trimmed, non-empty after trimming and at most `max` characters. */
export function trimmedString(max: number, requiredMessage = "This field is required") {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { message: requiredMessage })
    .max(max, { message: `Must be at most ${max} characters` });
}

/** An optional free-text string, trimmed, at most `max` characters; null or blank becomes undefined. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { message: `Must be at most ${max} characters` })
    .nullish()
    .transform((value) => (value ? value : undefined));
}
