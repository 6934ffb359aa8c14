import { z } from "zod";
import { isoDate, notFutureDate } from "./common";
import { recordAuthorship } from "./farm";

/* Egg records (spec: Egg record entity and its validation rules). */

/** Quality of the eggs in one record. */
export const eggQuality = z.enum(["excellent", "good", "poor", "soft_shell", "double_yolk"], {
  error: "Egg quality must be excellent, good, poor, soft_shell or double_yolk",
});
export type EggQuality = z.infer<typeof eggQuality>;

/** Size of the eggs in one record. */
export const eggSize = z.enum(["small", "medium", "large", "jumbo"], {
  error: "Egg size must be small, medium, large or jumbo",
});
export type EggSize = z.infer<typeof eggSize>;

/** Earliest date an egg record may carry. */
export const EGG_RECORD_MIN_DATE = "1900-01-01";
/** Widest date range one list or analytics request may cover (a year and a day). */
export const EGG_RECORD_MAX_RANGE_DAYS = 366;

export const EGG_MESSAGES = {
  chicken: "Please select a chicken",
  negative: "Cannot be negative",
  max: "Maximum 10 eggs per day",
  notNumber: "Eggs laid must be a number",
  whole: "Eggs laid must be a whole number",
  tooEarly: "Date cannot be before 1900-01-01",
} as const;

/** A date-only value; an ISO date-time (as a Date serialises) is cut to its date. */
const dateOnly = (v: unknown) =>
  typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v;

const recordDate = z.preprocess(
  dateOnly,
  notFutureDate().refine((d) => d >= EGG_RECORD_MIN_DATE, { message: EGG_MESSAGES.tooEarly }),
);

/**
 * Eggs laid: a whole number 0..10. Numeric text is accepted; anything else is refused (the form turns
 * non-numeric input into 0 before sending, per the spec; the API does not guess).
 */
export const eggsLaid = z.preprocess(
  (v) => (typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: EGG_MESSAGES.notNumber })
    .int({ message: EGG_MESSAGES.whole })
    .min(0, { message: EGG_MESSAGES.negative })
    .max(10, { message: EGG_MESSAGES.max }),
);

const chickenId = z.uuid({ error: EGG_MESSAGES.chicken });

const optionalEnum = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" ? null : v), schema.nullish());

/** `POST /api/egg-records`. Quality and size may be null (the prototype sent null for "not set"). */
export const createEggRecordBody = z.object({
  chickenId,
  date: recordDate,
  eggsLaid,
  eggQuality: optionalEnum(eggQuality),
  eggSize: optionalEnum(eggSize),
  notes: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z.string().trim().max(1000, { message: "Notes must be at most 1000 characters" }).nullish(),
  ),
});
export type CreateEggRecordBody = z.input<typeof createEggRecordBody>;

/**
 * `PATCH /api/egg-records/{id}`: the same fields, each optional, with the same messages. A field
 * left out stays as it is; null clears quality, size or notes.
 */
export const updateEggRecordBody = createEggRecordBody.partial();
export type UpdateEggRecordBody = z.input<typeof updateEggRecordBody>;

/**
 * `POST /api/egg-records/batch`: the quick daily collection form, one count per bird for one day.
 * All records are written or none.
 */
export const createEggRecordBatchBody = z.object({
  date: recordDate,
  records: z
    .array(
      z.object({
        chickenId,
        eggsLaid,
        eggQuality: optionalEnum(eggQuality),
        eggSize: optionalEnum(eggSize),
      }),
      { error: "Enter at least one count" },
    )
    .min(1, { message: "Enter at least one count" })
    .max(500, { message: "At most 500 birds at once" })
    .refine((rs) => new Set(rs.map((r) => r.chickenId)).size === rs.length, {
      message: "Each bird may appear only once",
    }),
});
export type CreateEggRecordBatchBody = z.input<typeof createEggRecordBatchBody>;

/** Date range query shared by the list, stats and analytics routes; defaults to the last 30 days. */
export const eggRecordRangeQuery = z
  .object({
    chickenId: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.uuid({ error: "Invalid chickenId" }).optional(),
    ),
    startDate: z.preprocess(dateOnly, isoDate.optional()),
    endDate: z.preprocess(dateOnly, isoDate.optional()),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: "startDate must not be after endDate",
    path: ["startDate"],
  });
export type EggRecordRangeQuery = z.infer<typeof eggRecordRangeQuery>;

/** `GET /api/egg-records/stats`: `today` is the keeper's local date (defaults to the server's UTC date). */
export const eggStatsQuery = z.object({
  chickenId: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.uuid({ error: "Invalid chickenId" }).optional(),
  ),
  today: isoDate.optional(),
});

/** An egg record as the API returns it. */
export const eggRecord = z.object({
  id: z.uuid(),
  ...recordAuthorship,
  chickenId: z.uuid(),
  date: isoDate,
  eggsLaid: z.number().int(),
  eggQuality: eggQuality.nullable(),
  eggSize: eggSize.nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  /**
   * Laid within a treatment's egg withdrawal of the bird or its flock (issue 20): counted as laid,
   * not for eating or sale. Worked out when answered, so it follows the treatment's edits.
   */
  withheld: z.boolean(),
});
export type EggRecord = z.infer<typeof eggRecord>;
/**
 * An egg record in `GET /api/egg-records`: who added it (`createdBy`, for "logged by" and what a
 * helper may change) but not the farm, which is the farm in use for every record of the list
 * (`GET /api/farms`), nor who changed it last. A month of a flock is thousands of records: the
 * two uuids were a third of the list's bytes (issue 18 bench).
 */
export const eggRecordListItem = eggRecord.omit({ farmId: true, updatedBy: true }).extend({
  /**
   * Laid within a treatment's egg withdrawal (issue 20): counted as laid, not for eating or sale.
   * Only present when true: the list is the busiest answer, and almost every record is not.
   */
  withheld: z.literal(true).optional(),
});
export type EggRecordListItem = z.infer<typeof eggRecordListItem>;
/** `GET /api/egg-records`. */
export const eggRecordList = z.array(eggRecordListItem);
/** `POST /api/egg-records/batch`: the records written, each in full. */
export const eggRecordBatchResponse = z.array(eggRecord);

/** Egg Tracking stats (spec: today, this week, 30-day total, lay rate). */
export const eggStatsResponse = z.object({
  today: z.string(),
  eggsToday: z.number().int(),
  eggsThisWeek: z.number().int(),
  eggsLast30Days: z.number().int(),
  /** Laying (female) birds the rate is computed for: the chosen bird, or every hen. */
  layingBirds: z.number().int(),
  /** Percent with one decimal over the days of the last 30 that have records. */
  layRate: z.number(),
  /** The same over the days of the last 7 that have records. */
  weekLayRate: z.number(),
  /** Days of the last 30 (and of the last 7) with egg records: the rates are over these days. */
  daysWithRecords: z.number().int(),
  weekDaysWithRecords: z.number().int(),
});
export type EggStatsResponse = z.infer<typeof eggStatsResponse>;

/** `GET /api/egg-records/analytics`: totals over a date range for the Analytics charts. */
export const eggAnalyticsResponse = z.object({
  startDate: isoDate,
  endDate: isoDate,
  daily: z.array(z.object({ date: isoDate, eggs: z.number().int(), records: z.number().int() })),
  perBird: z.array(
    z.object({ chickenId: z.uuid(), eggs: z.number().int(), days: z.number().int() }),
  ),
  quality: z.array(z.object({ quality: eggQuality.nullable(), eggs: z.number().int() })),
  size: z.array(z.object({ size: eggSize.nullable(), eggs: z.number().int() })),
});
export type EggAnalyticsResponse = z.infer<typeof eggAnalyticsResponse>;
