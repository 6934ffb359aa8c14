import { sql } from "drizzle-orm";
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { chickens, flocks } from "./flock";
import { authorship, farms } from "./farms";

/** Feed given to one bird on one day (lbs); a whole-flock entry is stored split per bird. */
export const feedRecords = pgTable(
  "feed_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    ...authorship(),
    /** The bird fed; null for a flock's record (`flock_id`): exactly one of the two is set. */
    chickenId: uuid("chicken_id").references(() => chickens.id, { onDelete: "cascade" }),
    flockId: uuid("flock_id").references(() => flocks.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    feedType: text("feed_type").notNull(),
    feedAmount: doublePrecision("feed_amount").notNull(),
    feedCost: doublePrecision("feed_cost"),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The summary sums amount and cost over "this keeper, a date range": with both in the index
    // the sum is an index-only scan.
    index("feed_records_farm_date_idx").on(t.farmId, t.date, t.feedAmount, t.feedCost),
    index("feed_records_chicken_date_idx").on(t.chickenId, t.date),
    index("feed_records_flock_idx").on(t.flockId),
    check("feed_records_bird_or_flock", sql`(${t.chickenId} is null) <> (${t.flockId} is null)`),
  ],
);

/** One weigh-in of one bird (lbs). */
export const weightRecords = pgTable(
  "weight_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    ...authorship(),
    chickenId: uuid("chicken_id")
      .notNull()
      .references(() => chickens.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    weight: doublePrecision("weight").notNull(),
    bodyCondition: text("body_condition").notNull().default("normal"),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("weight_records_farm_date_idx").on(t.farmId, t.date),
    // Latest weigh-in per bird: (chicken, date desc).
    index("weight_records_chicken_date_idx").on(t.chickenId, t.date, t.weight),
  ],
);

/** A coop reading: temperature °F, humidity %, conditions. */
export const environmentalRecords = pgTable(
  "environmental_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    ...authorship(),
    date: date("date", { mode: "string" }).notNull(),
    temperature: doublePrecision("temperature"),
    humidity: integer("humidity"),
    weather: text("weather"),
    coopCondition: text("coop_condition"),
    ventilation: text("ventilation"),
    lighting: text("lighting"),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("environmental_records_farm_date_idx").on(t.farmId, t.date)],
);

/** A stored run of the rule-based risk model for one bird, with the readings that led to it. */
export const healthPredictions = pgTable(
  "health_predictions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    ...authorship(),
    /** A bird's prediction, or (flockId) a whole flock's from its headcount, baskets and losses. */
    chickenId: uuid("chicken_id").references(() => chickens.id, { onDelete: "cascade" }),
    flockId: uuid("flock_id").references(() => flocks.id, { onDelete: "cascade" }),
    riskLevel: text("risk_level").notNull(),
    riskScore: integer("risk_score").notNull(),
    confidenceScore: doublePrecision("confidence_score").notNull(),
    predictionDate: timestamp("prediction_date", { withTimezone: true }).notNull().defaultNow(),
    predictedConditions: jsonb("predicted_conditions").$type<string[]>().notNull(),
    recommendedActions: jsonb("recommended_actions").$type<string[]>().notNull(),
    reasons: jsonb("reasons")
      .$type<{ factor: string; detail: string; points: number }[]>()
      .notNull(),
  },
  (t) => [
    index("health_predictions_farm_date_idx").on(t.farmId, t.predictionDate),
    check(
      "health_predictions_subject_check",
      sql`(${t.chickenId} is null) <> (${t.flockId} is null)`,
    ),
  ],
);

/**
 * Each keeper's eggs and feed per day, kept by triggers on egg_records and feed_records (see the
 * migration that creates it), so the production summary reads at most a period's worth of rows
 * however many birds the flock has. Derived data: never written by the app, never exported.
 */
export const dailyProduction = pgTable(
  "daily_production",
  {
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    eggsLaid: integer("eggs_laid").notNull().default(0),
    feedAmount: doublePrecision("feed_amount").notNull().default(0),
    feedCost: doublePrecision("feed_cost").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.date] })],
);
