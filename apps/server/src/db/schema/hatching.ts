import { date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { hatchRecords } from "./flock";
import { authorship, farms } from "./farms";

/**
 * Candling sessions of a hatch record. Each row holds what that session found across all the eggs
 * set (fertile, clear, quitters so far), so the latest session by day is the current picture.
 */
export const hatchCandlings = pgTable(
  "hatch_candlings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    ...authorship(),
    hatchRecordId: uuid("hatch_record_id")
      .notNull()
      .references(() => hatchRecords.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    /** Incubation day (the day the eggs were set is day 0). */
    day: integer("day").notNull(),
    fertile: integer("fertile").notNull(),
    clear: integer("clear").notNull(),
    quitters: integer("quitters").notNull(),
    bloodRings: integer("blood_rings"),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("hatch_candlings_record_idx").on(t.hatchRecordId, t.day)],
);
