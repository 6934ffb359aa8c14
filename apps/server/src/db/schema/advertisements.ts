import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Advertisements managed in /admin; only active ones are shown in ad slots. */
export const advertisements = pgTable(
  "advertisements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    price: text("price"),
    category: text("category").notNull(),
    contactInfo: text("contact_info"),
    imageUrl: text("image_url"),
    link: text("link"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("advertisements_active_category_idx").on(t.isActive, t.category),
    check(
      "advertisements_category_check",
      sql`${t.category} in ('feed', 'equipment', 'health', 'housing', 'services', 'other')`,
    ),
  ],
);
