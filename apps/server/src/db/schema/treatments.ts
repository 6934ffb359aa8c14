import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { authorship, farms } from "./farms";
import { chickens, flocks } from "./flock";

/**
 * Treatments (issue 20): a product given to one bird or a whole flock, with its withdrawal days.
 * The withdrawal ends are not stored: they are the end date plus the days, worked out when read
 * (`domain/treatment.ts`), so a corrected treatment corrects its withdrawal at once.
 */
export const treatments = pgTable(
  "treatments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    ...authorship(),
    chickenId: uuid("chicken_id").references(() => chickens.id, { onDelete: "cascade" }),
    flockId: uuid("flock_id").references(() => flocks.id, { onDelete: "cascade" }),
    /** An entry of the medications list (data/medications.json), when the product is from it. */
    medicationId: text("medication_id"),
    product: text("product").notNull(),
    activeIngredient: text("active_ingredient"),
    dose: doublePrecision("dose"),
    doseUnit: text("dose_unit"),
    route: text("route").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    reason: text("reason").notNull(),
    /** A condition of the conditions base (data/conditions.json). */
    conditionId: text("condition_id"),
    prescribedByVet: boolean("prescribed_by_vet").notNull().default(false),
    eggWithdrawalDays: integer("egg_withdrawal_days").notNull(),
    meatWithdrawalDays: integer("meat_withdrawal_days").notNull(),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("treatments_farm_date_idx").on(t.farmId, t.endDate),
    index("treatments_chicken_idx").on(t.chickenId),
    index("treatments_flock_idx").on(t.flockId),
    check("treatments_bird_or_flock", sql`(${t.chickenId} is null) <> (${t.flockId} is null)`),
    check("treatments_dates", sql`${t.endDate} >= ${t.startDate}`),
    check(
      "treatments_withdrawal_days",
      sql`${t.eggWithdrawalDays} between 0 and 365 and ${t.meatWithdrawalDays} between 0 and 365`,
    ),
  ],
);
