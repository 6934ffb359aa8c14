import { sql } from "drizzle-orm";
import {
  check,
  date,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { flocks } from "./flock";
import { authorship, farms } from "./farms";

/**
 * Money in and out (issue 20): one expense or income of the farm, optionally one flock's, in the
 * currency the keeper had set when recording it. Feed records' costs and flock events' prices are
 * not copied here (the money view reads them where they are: domain/money.ts).
 */
export const transactions = pgTable(
  "transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    ...authorship(),
    /** The flock it belongs to; the flock's deletion leaves the transaction as the farm's. */
    flockId: uuid("flock_id").references(() => flocks.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    category: text("category").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    amount: doublePrecision("amount").notNull(),
    currency: text("currency").notNull(),
    quantity: doublePrecision("quantity"),
    unit: text("unit"),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Every read is "this farm, a date range" (the summary sums it by month).
    index("transactions_farm_date_idx").on(t.farmId, t.date),
    index("transactions_flock_idx").on(t.flockId),
    check("transactions_type_check", sql`${t.type} in ('expense', 'income')`),
    check("transactions_amount_check", sql`${t.amount} > 0`),
  ],
);
