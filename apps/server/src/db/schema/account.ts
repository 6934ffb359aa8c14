import { sql } from "drizzle-orm";
import { check, doublePrecision, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A keeper's preferences, one row per keeper (absent = defaults): the units the app shows
 * (records are stored in the spec's units, °F and lbs) and the egg price profitability uses.
 * The saved weather place lives in `keeper_places` (weather module).
 */
export const keeperSettings = pgTable(
  "keeper_settings",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 'F' or 'C' */
    temperatureUnit: text("temperature_unit").notNull().default("F"),
    /** 'lbs' or 'kg' */
    weightUnit: text("weight_unit").notNull().default("lbs"),
    /** Price of one egg in the keeper's currency; null = not set (calculators fall back to 0.30). */
    eggPrice: doublePrecision("egg_price"),
    /** ISO 4217 code money is recorded and shown in (issue 20). */
    currency: text("currency").notNull().default("USD"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("keeper_settings_temperature_unit_check", sql`${t.temperatureUnit} in ('F', 'C')`),
    check("keeper_settings_weight_unit_check", sql`${t.weightUnit} in ('lbs', 'kg')`),
    check("keeper_settings_egg_price_check", sql`${t.eggPrice} is null or ${t.eggPrice} >= 0`),
  ],
);
