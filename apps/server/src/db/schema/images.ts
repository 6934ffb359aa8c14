import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { farms } from "./farms";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Uploaded images, content-addressed by SHA-256 so the same photo is stored once. */
export const images = pgTable("images", {
  hash: text("hash").primaryKey(),
  mime: text("mime").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Which keeper uploaded which image; an image lives while any owner row points at it. */
export const imageOwners = pgTable(
  "image_owners",
  {
    hash: text("hash")
      .notNull()
      .references(() => images.hash, { onDelete: "cascade" }),
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.farmId] }), index("image_owners_farm_idx").on(t.farmId)],
);

/**
 * Images the admin uploaded for advertisements. The admin need not be a keeper (a password gate),
 * so they own images here rather than in `image_owners`; an image lives while any owner row, of
 * either kind, points at it.
 */
export const adminImages = pgTable("admin_images", {
  hash: text("hash")
    .primaryKey()
    .references(() => images.hash, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
