import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { authorship, farms } from "./farms";

/** A keeper's birds, of any of the six species (the API calls them chickens). */
export const chickens = pgTable(
  "chickens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    ...authorship(),
    name: text("name").notNull(),
    breed: text("breed").notNull(),
    color: text("color"),
    weight: doublePrecision("weight"),
    hatchDate: date("hatch_date", { mode: "string" }),
    sex: text("sex").notNull().default("hen"),
    notes: text("notes"),
    imageUrl: text("image_url"),
    species: text("species").notNull().default("chicken"),
    healthStatus: text("health_status").notNull().default("healthy"),
    /** The flock the bird belongs to, if any (issue 19); the flock's deletion leaves the bird. */
    flockId: uuid("flock_id").references((): AnyPgColumn => flocks.id, { onDelete: "set null" }),
    /** Band or leg-ring id, unique within the farm. */
    bandId: text("band_id"),
    /** Parents, birds of the same farm and species (set null when a parent is deleted). */
    sireId: uuid("sire_id").references((): AnyPgColumn => chickens.id, { onDelete: "set null" }),
    damId: uuid("dam_id").references((): AnyPgColumn => chickens.id, { onDelete: "set null" }),
    /**
     * How the bird left (died, sold, ...): set by a loss event naming the bird, or directly for a bird
     * in no flock. The bird and its records stay.
     */
    outcome: text("outcome"),
    outcomeDate: date("outcome_date", { mode: "string" }),
    outcomeNotes: text("outcome_notes"),
    /** Died or culled: the cause from the short list (`lossCause`) and the linked condition's id. */
    outcomeCause: text("outcome_cause"),
    outcomeConditionId: text("outcome_condition_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("chickens_farm_idx").on(t.farmId, t.createdAt),
    index("chickens_flock_idx").on(t.flockId),
    uniqueIndex("chickens_farm_band_key").on(t.farmId, t.bandId),
  ],
);

/**
 * Eggs laid by one bird on one day (several records a day are allowed, 0..10 eggs each). The table
 * also has a `list_json` text column, kept by a trigger and read only by the egg list (migrations
 * 0010 and 0017); it is left out of this schema on purpose, so no Drizzle read or write ever
 * touches it.
 */
export const eggRecords = pgTable(
  "egg_records",
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
    eggsLaid: integer("eggs_laid").notNull(),
    eggQuality: text("egg_quality"),
    eggSize: text("egg_size"),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Every list and stats query is "this keeper, a date range", optionally one bird.
    index("egg_records_farm_date_idx").on(
      t.farmId,
      t.date.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
    ),
    index("egg_records_chicken_date_idx").on(t.chickenId, t.date),
  ],
);

/** Incubations; success is null while active, then true (hatched) or false (failed). */
export const hatchRecords = pgTable(
  "hatch_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    ...authorship(),
    eggSource: text("egg_source").notNull(),
    species: text("species").notNull().default("chicken"),
    breed: text("breed"),
    incubationStartDate: date("incubation_start_date", { mode: "string" }).notNull(),
    expectedHatchDate: date("expected_hatch_date", { mode: "string" }).notNull(),
    incubationMethod: text("incubation_method").notNull().default("incubator"),
    temperature: doublePrecision("temperature"),
    humidity: integer("humidity"),
    turnedDaily: boolean("turned_daily").notNull().default(true),
    eggsSet: integer("eggs_set"),
    eggsHatched: integer("eggs_hatched"),
    notes: text("notes"),
    success: boolean("success"),
    actualHatchDate: timestamp("actual_hatch_date", { withTimezone: true }),
    /** Id of the data/incubation-profiles.json profile picked; null: the spec's species default. */
    profileId: text("profile_id"),
    /** Which incubator the batch is in, as the keeper names it. */
    incubatorName: text("incubator_name"),
    /** The breeders (issue 21 item 4): kept when a breeder is deleted, as null, like a bird's parents. */
    sireId: uuid("sire_id").references((): AnyPgColumn => chickens.id, { onDelete: "set null" }),
    damId: uuid("dam_id").references((): AnyPgColumn => chickens.id, { onDelete: "set null" }),
    breedingFlockId: uuid("breeding_flock_id").references((): AnyPgColumn => flocks.id, {
      onDelete: "set null",
    }),
    /** The recorded hatch result (POST .../result); eggsHatched holds the hatched count. */
    resultDate: date("result_date", { mode: "string" }),
    pippedNotHatched: integer("pipped_not_hatched"),
    assisted: integer("assisted"),
    diedInShell: integer("died_in_shell"),
    deformed: integer("deformed"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("hatch_records_farm_idx").on(t.farmId, t.expectedHatchDate)],
);

/**
 * Flocks (issue 19): a group of one species kept together. The headcount is never stored: it is the
 * sum of the flock's events (`flock_events`) up to a date, so a corrected event corrects every day.
 */
export const flocks = pgTable(
  "flocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    ...authorship(),
    name: text("name").notNull(),
    species: text("species").notNull(),
    purpose: text("purpose").notNull(),
    location: text("location"),
    startDate: date("start_date", { mode: "string" }).notNull(),
    notes: text("notes"),
    archived: boolean("archived").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("flocks_farm_idx").on(t.farmId, t.createdAt)],
);

/**
 * Life events of a flock: gains (acquired, hatched, moved_in) and losses (moved_out, died, ...). A
 * move is two rows sharing `move_id`, the moved_out in one flock and the moved_in in the other, so it
 * is edited and deleted as one.
 */
export const flockEvents = pgTable(
  "flock_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    ...authorship(),
    flockId: uuid("flock_id")
      .notNull()
      .references(() => flocks.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    count: integer("count").notNull(),
    females: integer("females"),
    males: integer("males"),
    chickenId: uuid("chicken_id").references((): AnyPgColumn => chickens.id, {
      onDelete: "set null",
    }),
    moveId: uuid("move_id"),
    price: doublePrecision("price"),
    buyer: text("buyer"),
    cause: text("cause"),
    /** Died or culled: the cause from the short list and the conditions-base id it was. */
    lossCause: text("loss_cause"),
    conditionId: text("condition_id"),
    notes: text("notes"),
    ageWeeks: integer("age_weeks"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("flock_events_flock_date_idx").on(t.flockId, t.date),
    // The farm's events up to a day, flock by flock in date order (production, egg stats: one
    // keeper's rows, not every farm's; test/query-plans.test.ts).
    index("flock_events_farm_flock_date_idx").on(t.farmId, t.flockId, t.date),
    index("flock_events_move_idx").on(t.moveId),
    index("flock_events_chicken_idx").on(t.chickenId),
  ],
);

/** The basket: eggs collected from one flock on one day (one row per flock and day). */
export const eggCollections = pgTable(
  "egg_collections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    ...authorship(),
    flockId: uuid("flock_id")
      .notNull()
      .references(() => flocks.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    eggs: integer("eggs").notNull(),
    cracked: integer("cracked"),
    dirty: integer("dirty"),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("egg_collections_flock_date_key").on(t.flockId, t.date),
    index("egg_collections_farm_date_idx").on(t.farmId, t.date),
  ],
);
