import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { chickens } from "./flock";
import { images } from "./images";
import { authorship, farms } from "./farms";

/**
 * A signed-in keeper's saved photo analyses (droppings, bird health, breed ID), so this week's
 * result can be compared with last week's. `result` is the answer as sent to the keeper.
 */
export const analyses = pgTable(
  "analyses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    ...authorship(),
    /** droppings | health | breed */
    kind: text("kind").notNull(),
    /** Headline: healthStatus for droppings and health, the breed name for breed ID. */
    status: text("status").notNull(),
    /** ai | offline */
    method: text("method").notNull(),
    result: jsonb("result").notNull(),
    imageHash: text("image_hash").references(() => images.hash, { onDelete: "set null" }),
    birdId: uuid("bird_id").references(() => chickens.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("analyses_farm_idx").on(t.farmId, t.createdAt),
    index("analyses_farm_bird_idx").on(t.farmId, t.birdId),
  ],
);
