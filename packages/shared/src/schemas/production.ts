import { z } from "zod";
import { unitTextSchema } from "./unit-text";
import { healthStatus, MAX_BIRD_WEIGHT_LBS } from "./chicken";
import { isoDate, notFutureDate } from "./common";
import {
  DEFAULT_PRODUCTION_PERIOD,
  PRODUCTION_PERIODS,
  type ProductionPeriod,
} from "../domain/production-periods";
import { recordAuthorship } from "./farm";
import { poultrySpecies } from "./species";

/*
 * Production Hub (spec: Feed record, Weight record, Environmental record, Production summary,
 * Disease alert, Health prediction; the dashboard's forms and messages).
 */

export const PRODUCTION_MESSAGES = {
  chicken: "Chicken is required",
  date: "Date is required",
  feedType: "Feed type is required",
  feedAmount: "Feed amount is required",
  weight: "Weight is required",
  feedAmountPositive: "Feed amount must be more than 0",
  feedAmountMax: "Feed amount must be at most 10000 lbs",
  feedCostNegative: "Feed cost cannot be negative",
  feedCostMax: "Feed cost must be at most 100000",
  weightPositive: "Weight must be more than 0",
  weightMax: `Weight must be at most ${MAX_BIRD_WEIGHT_LBS} lbs`,
  humidity: "Humidity must be a whole number from 0 to 100",
  temperature: "Temperature must be between -80 and 150 °F",
  notANumber: "Must be a number",
  tooEarly: "Date cannot be before 1900-01-01",
  period: "Period must be 7, 14, 30 or 90 days",
  noBirds: "Add a bird to your flock before recording feed for the whole flock",
} as const;

/** The dashboard's period choices in days (spec section 9; default 7), from domain/production.ts. */
export { DEFAULT_PRODUCTION_PERIOD, PRODUCTION_PERIODS, type ProductionPeriod };

/** Default egg price per egg (spec: egg calculator default price 0.30). */
export const DEFAULT_EGG_PRICE = 0.3;

/** Body condition of a weighed bird. */
export const bodyCondition = z.enum(["underweight", "normal", "overweight"], {
  error: "Body condition must be underweight, normal or overweight",
});
export type BodyCondition = z.infer<typeof bodyCondition>;

export const weatherKind = z.enum(["sunny", "rainy", "cloudy", "windy", "stormy"], {
  error: "Weather must be sunny, rainy, cloudy, windy or stormy",
});
export const coopCondition = z.enum(["clean", "dirty", "needs_maintenance"], {
  error: "Coop condition must be clean, dirty or needs_maintenance",
});
export const ventilation = z.enum(["poor", "good", "excellent"], {
  error: "Ventilation must be poor, good or excellent",
});
export const lighting = z.enum(["natural", "artificial", "mixed"], {
  error: "Lighting must be natural, artificial or mixed",
});

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === "string" && v.trim() === "") ? undefined : v;

/** A date-only value; an ISO date-time (as a Date serialises) is cut to its date. */
const dateOnly = (v: unknown) => {
  const b = blankToUndefined(v);
  return typeof b === "string" && /^\d{4}-\d{2}-\d{2}T/.test(b) ? b.slice(0, 10) : b;
};

/** Numbers arrive as numbers or numeric text (the prototype parsed them in the form). */
const numeric = (v: unknown) => {
  const b = blankToUndefined(v);
  return typeof b === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(b) ? Number(b) : b;
};

const recordDate = z.preprocess(
  dateOnly,
  z
    .string({ error: PRODUCTION_MESSAGES.date })
    .pipe(notFutureDate())
    .refine((d) => d >= "1900-01-01", { message: PRODUCTION_MESSAGES.tooEarly }),
);

const chickenId = z.preprocess(blankToUndefined, z.uuid({ error: PRODUCTION_MESSAGES.chicken }));

const notes = z.preprocess(
  blankToUndefined,
  z.string().trim().max(1000, { message: "Notes must be at most 1000 characters" }).optional(),
);

const optionalEnum = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());

const feedFields = {
  date: recordDate,
  feedType: z.preprocess(
    blankToUndefined,
    z
      .string({ error: PRODUCTION_MESSAGES.feedType })
      .trim()
      .min(1, { message: PRODUCTION_MESSAGES.feedType })
      .max(100, { message: "Feed type must be at most 100 characters" }),
  ),
  feedAmount: z.preprocess(
    numeric,
    z
      .number({
        error: (iss) =>
          iss.input === undefined ? PRODUCTION_MESSAGES.feedAmount : PRODUCTION_MESSAGES.notANumber,
      })
      .positive({ message: PRODUCTION_MESSAGES.feedAmountPositive })
      .max(10_000, { message: PRODUCTION_MESSAGES.feedAmountMax }),
  ),
  feedCost: z.preprocess(
    numeric,
    z
      .number({ error: PRODUCTION_MESSAGES.notANumber })
      .min(0, { message: PRODUCTION_MESSAGES.feedCostNegative })
      .max(100_000, { message: PRODUCTION_MESSAGES.feedCostMax })
      .optional(),
  ),
  notes,
};

/** `POST /api/feed-records`: feed given to one bird on one day (lbs, cost optional). */
export const createFeedRecordBody = z.object({ chickenId, ...feedFields });
export type CreateFeedRecordBody = z.input<typeof createFeedRecordBody>;

/**
 * `POST /api/feed-records/flock`: feed for a flock. With `flockId`, one record for that flock (a
 * flock need not have bird profiles); without it, the farm's birds share it evenly, one record each
 * (the spec's whole-flock entry).
 */
export const createFlockFeedRecordBody = z.object({
  ...feedFields,
  flockId: z.preprocess(blankToUndefined, z.uuid({ error: "Please choose a flock" }).optional()),
});
export type CreateFlockFeedRecordBody = z.input<typeof createFlockFeedRecordBody>;

/** `POST /api/weight-records`. */
export const createWeightRecordBody = z.object({
  chickenId,
  date: recordDate,
  weight: z.preprocess(
    numeric,
    z
      .number({
        error: (iss) =>
          iss.input === undefined ? PRODUCTION_MESSAGES.weight : PRODUCTION_MESSAGES.notANumber,
      })
      .positive({ message: PRODUCTION_MESSAGES.weightPositive })
      .max(MAX_BIRD_WEIGHT_LBS, { message: PRODUCTION_MESSAGES.weightMax }),
  ),
  bodyCondition: z.preprocess(blankToUndefined, bodyCondition.default("normal")),
  notes,
});
export type CreateWeightRecordBody = z.input<typeof createWeightRecordBody>;

/** `POST /api/environmental-records`: only the date is required. */
export const createEnvironmentalRecordBody = z.object({
  date: recordDate,
  temperature: z.preprocess(
    numeric,
    z
      .number({ error: PRODUCTION_MESSAGES.temperature })
      .min(-80, { message: PRODUCTION_MESSAGES.temperature })
      .max(150, { message: PRODUCTION_MESSAGES.temperature })
      .optional(),
  ),
  humidity: z.preprocess(
    numeric,
    z
      .number({ error: PRODUCTION_MESSAGES.humidity })
      .int({ message: PRODUCTION_MESSAGES.humidity })
      .min(0, { message: PRODUCTION_MESSAGES.humidity })
      .max(100, { message: PRODUCTION_MESSAGES.humidity })
      .optional(),
  ),
  weather: optionalEnum(weatherKind),
  coopCondition: optionalEnum(coopCondition),
  ventilation: optionalEnum(ventilation),
  lighting: optionalEnum(lighting),
  notes,
});
export type CreateEnvironmentalRecordBody = z.input<typeof createEnvironmentalRecordBody>;

/**
 * A field of a correction (`PATCH`) that may be cleared: left out it stays as it is, null or blank
 * clears it, anything else is checked as on create (same messages).
 */
const clearable = <T extends z.ZodType>(field: T) =>
  z
    .preprocess(
      (v) => (v === null || (typeof v === "string" && v.trim() === "") ? null : v),
      field.nullable(),
    )
    .optional();

/** `PATCH /api/feed-records/{id}`: the create fields, each optional; cost and notes can be cleared. */
export const updateFeedRecordBody = z.object({
  chickenId: chickenId.optional(),
  date: feedFields.date.optional(),
  feedType: feedFields.feedType.optional(),
  feedAmount: feedFields.feedAmount.optional(),
  feedCost: clearable(feedFields.feedCost),
  notes: clearable(notes),
});
export type UpdateFeedRecordBody = z.input<typeof updateFeedRecordBody>;

/** `PATCH /api/weight-records/{id}`: the create fields, each optional; notes can be cleared. */
export const updateWeightRecordBody = z.object({
  chickenId: chickenId.optional(),
  date: recordDate.optional(),
  weight: createWeightRecordBody.shape.weight.optional(),
  bodyCondition: z.preprocess(blankToUndefined, bodyCondition.optional()),
  notes: clearable(notes),
});
export type UpdateWeightRecordBody = z.input<typeof updateWeightRecordBody>;

const env = createEnvironmentalRecordBody.shape;
/** `PATCH /api/environmental-records/{id}`: the create fields, each optional and (but the date) clearable. */
export const updateEnvironmentalRecordBody = z.object({
  date: recordDate.optional(),
  temperature: clearable(env.temperature),
  humidity: clearable(env.humidity),
  weather: clearable(env.weather),
  coopCondition: clearable(env.coopCondition),
  ventilation: clearable(env.ventilation),
  lighting: clearable(env.lighting),
  notes: clearable(notes),
});
export type UpdateEnvironmentalRecordBody = z.input<typeof updateEnvironmentalRecordBody>;

/** `?today=` is the keeper's local date; the server accepts it within a day of its own. */
const todayParam = z.preprocess(blankToUndefined, isoDate.optional());

/** `?days=` of the recent lists: 1..366, default 7; `?today=` as for the summary. */
export const recentQuery = z.object({
  today: todayParam,
  days: z.preprocess(
    numeric,
    z
      .number({ error: "Days must be a whole number from 1 to 366" })
      .int({ message: "Days must be a whole number from 1 to 366" })
      .min(1, { message: "Days must be a whole number from 1 to 366" })
      .max(366, { message: "Days must be a whole number from 1 to 366" })
      .default(7),
  ),
});

export const periodParam = z.preprocess(
  numeric,
  z
    .number({ error: PRODUCTION_MESSAGES.period })
    .refine((p) => (PRODUCTION_PERIODS as readonly number[]).includes(p), {
      message: PRODUCTION_MESSAGES.period,
    })
    .default(DEFAULT_PRODUCTION_PERIOD),
);

/**
 * `GET /api/production/summary?period=&eggPrice=&today=`. Without eggPrice the keeper's saved egg
 * price is used, else DEFAULT_EGG_PRICE.
 */
export const summaryQuery = z.object({
  period: periodParam,
  eggPrice: z.preprocess(
    numeric,
    z
      .number({ error: "Egg price must be a number" })
      .min(0, { message: "Egg price cannot be negative" })
      .max(100, { message: "Egg price must be at most 100" })
      .optional(),
  ),
  today: todayParam,
});
export type SummaryQuery = z.input<typeof summaryQuery>;

/** `GET /api/production/trends` and `/api/production/export`. */
export const periodQuery = z.object({ period: periodParam, today: todayParam });

export const exportParams = z.object({
  type: z.enum(["feed", "weight", "environment", "eggs"], {
    error: "Export type must be feed, weight, environment or eggs",
  }),
});

export const feedRecord = z.object({
  id: z.uuid(),
  ...recordAuthorship,
  /** The bird fed, or null for a flock's record. */
  chickenId: z.uuid().nullable(),
  /** The flock fed, for a flock's record. */
  flockId: z.uuid().nullable(),
  /** Who ate it: the bird's name, or the flock's for a flock's record. */
  chickenName: z.string(),
  date: isoDate,
  feedType: z.string(),
  feedAmount: z.number(),
  feedCost: z.number().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type FeedRecord = z.infer<typeof feedRecord>;
export const feedRecordList = z.array(feedRecord);

export const weightRecord = z.object({
  id: z.uuid(),
  ...recordAuthorship,
  chickenId: z.uuid(),
  chickenName: z.string(),
  date: isoDate,
  weight: z.number(),
  bodyCondition,
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type WeightRecord = z.infer<typeof weightRecord>;
export const weightRecordList = z.array(weightRecord);

export const environmentalRecord = z.object({
  id: z.uuid(),
  ...recordAuthorship,
  date: isoDate,
  temperature: z.number().nullable(),
  humidity: z.number().int().nullable(),
  weather: weatherKind.nullable(),
  coopCondition: coopCondition.nullable(),
  ventilation: ventilation.nullable(),
  lighting: lighting.nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type EnvironmentalRecord = z.infer<typeof environmentalRecord>;
export const environmentalRecordList = z.array(environmentalRecord);

/** Production summary (spec) plus the inputs it was computed from. */
export const productionSummary = z.object({
  period: z.number().int(),
  startDate: isoDate,
  endDate: isoDate,
  totalEggs: z.number(),
  avgEggsPerBird: z.number(),
  /** Eggs per lb of feed. */
  feedEfficiency: z.number(),
  totalFeedCost: z.number(),
  /** Egg value at the egg price minus feed cost. */
  profitability: z.number(),
  /**
   * Mean of each bird's latest weight in the period (lbs); null without weigh-ins, and null when
   * the birds weighed are of several species: a hen is never averaged with a turkey (issue 25).
   */
  avgBirdWeight: z.number().nullable(),
  /** The same mean per species (lbs), species in display order; empty without weigh-ins. */
  avgWeightBySpecies: z.array(
    z.object({ species: poultrySpecies, avgWeight: z.number(), birds: z.number().int() }),
  ),
  totalFeedLbs: z.number(),
  eggPrice: z.number(),
  eggValue: z.number(),
  /** Feed cost per dozen eggs; null without eggs. */
  costPerDozen: z.number().nullable(),
  /** Laying-age females today (flock headcounts and birds in no flock) the per-bird average divides by. */
  layingBirds: z.number().int(),
  /** Days of the period that have egg records: the lay rate is over these days only. */
  daysWithRecords: z.number().int(),
  /** Laying-age females present, summed over the days with records. */
  henDays: z.number().int(),
  /** Eggs / hen-days, percent with one decimal; null without hen-days. */
  layRate: z.number().nullable(),
});
export type ProductionSummary = z.infer<typeof productionSummary>;

/** Day-by-day figures and per-bird laying for the charts. */
export const productionTrends = z.object({
  startDate: isoDate,
  endDate: isoDate,
  daily: z.array(
    z.object({
      date: isoDate,
      eggs: z.number(),
      feedLbs: z.number(),
      feedCost: z.number(),
      /**
       * Mean weigh-in of the day (lbs) when the period's weigh-ins are all of one species; null
       * otherwise, so a hen is never averaged with a turkey (issue 25): see `weightBySpecies`.
       */
      avgWeight: z.number().nullable(),
      /** The day's mean weigh-in per species (lbs), species in display order; empty without any. */
      weightBySpecies: z.array(z.object({ species: poultrySpecies, avgWeight: z.number() })),
      /** Birds present that day (flock headcounts and birds in no flock). */
      headcount: z.number().int(),
      /** Eggs / laying-age females that day, percent; null on a day without egg records. */
      layRate: z.number().nullable(),
    }),
  ),
  /** Days of the period with egg records (the per-bird rates below are over these days). */
  daysWithRecords: z.number().int(),
  /** The species weighed in the period, in display order: one weight line each in the chart. */
  weightSpecies: z.array(poultrySpecies),
  layers: z.array(
    z.object({
      chickenId: z.uuid(),
      name: z.string(),
      eggs: z.number(),
      /** Percent of the days with records on which the bird laid, one decimal. */
      layRate: z.number(),
    }),
  ),
  birdsByHealth: z.array(z.object({ status: healthStatus, count: z.number().int() })),
});
export type ProductionTrends = z.infer<typeof productionTrends>;

export const alertSeverity = z.enum(["low", "medium", "high", "urgent", "critical"]);
export type AlertSeverity = z.infer<typeof alertSeverity>;

/** A disease alert the server raises from the keeper's records (spec fields plus `kind`). */
export const diseaseAlert = z.object({
  id: z.string(),
  chickenId: z.uuid().nullable(),
  chickenName: z.string().nullable(),
  kind: z.enum([
    "laying-drop",
    "flock-laying-drop",
    "weight-loss",
    "sick",
    "environment",
    "analysis",
  ]),
  severity: alertSeverity,
  title: z.string(),
  /** The spec's sentence, in °F and lbs; `descriptionText` is the same with its quantities apart. */
  description: z.string(),
  actionRequired: z.string(),
  /** `description` as a template and quantities, for showing in the keeper's units. */
  descriptionText: unitTextSchema,
  /** `actionRequired` as a template and quantities. */
  actionRequiredText: unitTextSchema,
  createdAt: z.string(),
});
export type DiseaseAlert = z.infer<typeof diseaseAlert>;
export const diseaseAlertList = z.array(diseaseAlert);

export const riskLevel = z.enum(["low", "medium", "high", "critical"]);
export type RiskLevel = z.infer<typeof riskLevel>;

/** One reading that pushed a bird's risk up, with the points it added. */
export const riskReason = z.object({
  factor: z.string(),
  /** In °F; `detailText` is the same with its quantities apart (absent on predictions saved before it). */
  detail: z.string(),
  detailText: unitTextSchema.optional(),
  points: z.number(),
});
export type RiskReason = z.infer<typeof riskReason>;

/**
 * One bird's prediction (`chickenId`, `chickenName`) or a whole flock's (`flockId`, `flockName`:
 * judged from its headcount, hen-day laying and losses, for flocks kept without one profile per bird).
 */
export const healthPrediction = z.object({
  id: z.uuid(),
  chickenId: z.uuid().nullable(),
  chickenName: z.string().nullable(),
  flockId: z.uuid().nullable(),
  flockName: z.string().nullable(),
  riskLevel,
  riskScore: z.number(),
  confidenceScore: z.number().min(0).max(1),
  predictionDate: z.string(),
  predictedConditions: z.array(z.string()),
  recommendedActions: z.array(z.string()),
  reasons: z.array(riskReason),
});
export type HealthPrediction = z.infer<typeof healthPrediction>;
export const healthPredictionList = z.array(healthPrediction);

export const generatePredictionsResponse = z.object({
  generated: z.number().int(),
  predictions: healthPredictionList,
});
export type GeneratePredictionsResponse = z.infer<typeof generatePredictionsResponse>;
