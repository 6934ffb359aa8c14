import { doublePrecision, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { farms } from "./farms";

/** One saved weather place per keeper (the place the weather page opens with). */
export const keeperPlaces = pgTable("keeper_places", {
  farmId: uuid("farm_id")
    .primaryKey()
    .references(() => farms.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Forecasts fetched from the weather provider, one row per location rounded to 2 decimals
 * ("51.51,-0.13"). Kept in the database, not in process memory, so every instance shares it.
 */
export const weatherCache = pgTable(
  "weather_cache",
  {
    locationKey: text("location_key").primaryKey(),
    payload: jsonb("payload").notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("weather_cache_fetched_idx").on(t.fetchedAt)],
);
