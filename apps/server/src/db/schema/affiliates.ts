import { sql } from "drizzle-orm";
import { boolean, check, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Affiliate partners; an active partner is shown as an affiliate block. */
export const affiliatePartners = pgTable(
  "affiliate_partners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Set on the example partners the admin asked for, so asking twice adds nothing. */
    seedKey: text("seed_key").unique(),
    name: text("name").notNull(),
    baseUrl: text("base_url").notNull(),
    isActive: boolean("is_active").notNull().default(false),
    commission: text("commission"),
    affiliateId: text("affiliate_id"),
    affiliateUrl: text("affiliate_url"),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    emoji: text("emoji").notNull().default(""),
    category: text("category").notNull(),
    value: text("value").notNull().default("medium"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "affiliate_partners_category_check",
      sql`${t.category} in ('supplies', 'education', 'coops', 'feed')`,
    ),
    check("affiliate_partners_value_check", sql`${t.value} in ('high', 'premium', 'medium')`),
  ],
);

/** Our application to each partner's affiliate programme. */
export const affiliateApplications = pgTable(
  "affiliate_applications",
  {
    partnerId: uuid("partner_id")
      .primaryKey()
      .references(() => affiliatePartners.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("not_applied"),
    notes: text("notes").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "affiliate_applications_status_check",
      sql`${t.status} in ('not_applied', 'pending', 'approved', 'rejected')`,
    ),
  ],
);
