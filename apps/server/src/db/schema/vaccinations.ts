import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { authorship, farms } from "./farms";

/** A keeper's vaccination records; status is derived from nextDue when read. */
export const vaccinations = pgTable(
  "vaccinations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    ...authorship(),
    /** Id the record had in the browser's local storage before it was imported (re-import is a no-op). */
    clientId: text("client_id"),
    vaccine: text("vaccine").notNull(),
    /** A bird of the keeper's flock when picked from it; the name is kept either way. */
    birdId: uuid("bird_id"),
    birdName: text("bird_name").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    nextDue: date("next_due", { mode: "string" }).notNull(),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("vaccinations_farm_date_idx").on(t.farmId, t.date),
    uniqueIndex("vaccinations_farm_client_idx").on(t.farmId, t.clientId),
  ],
);
