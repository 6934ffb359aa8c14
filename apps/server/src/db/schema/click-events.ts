import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Clicks on tracked elements; userId is set when a keeper was signed in. */
export const clickEvents = pgTable(
  "click_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    elementName: text("element_name").notNull(),
    elementType: text("element_type").notNull(),
    elementId: text("element_id"),
    page: text("page").notNull(),
    sessionId: text("session_id").notNull(),
    metadata: jsonb("metadata"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("click_events_created_idx").on(t.createdAt),
    index("click_events_page_idx").on(t.page),
  ],
);
