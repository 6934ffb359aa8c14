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
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { authorship, farms } from "./farms";
import { chickens } from "./flock";

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
    notes: text("notes"),
    ageWeeks: integer("age_weeks"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("flock_events_flock_date_idx").on(t.flockId, t.date),
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
