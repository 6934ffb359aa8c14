import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A keeper's recent food searches ("Can My Flock Eat This?"). One row per distinct term (case
 * insensitive, by `termKey`); searching again moves it to the top. Only the latest few are kept.
 */
export const recentSearches = pgTable(
  "recent_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    term: text("term").notNull(),
    termKey: text("term_key").notNull(),
    foodName: text("food_name"),
    safetyLevel: text("safety_level"),
    searchedAt: timestamp("searched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("recent_searches_user_term_idx").on(t.userId, t.termKey),
    index("recent_searches_user_time_idx").on(t.userId, t.searchedAt),
  ],
);
