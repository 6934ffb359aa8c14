import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A farm: the household or business that owns the keeper records (birds, eggs, hatches, feed, ...).
 * Every keeper has at least one; a keeper whose records predate farms got one whose id is their
 * user id (migration 0015).
 */
export const farms = pgTable("farms", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who belongs to which farm, with which role (`owner`, `keeper`, `helper`: see
 * packages/shared/src/schemas/farm.ts). The farm in use is the member row the keeper selected last
 * (`selected_at`), so switching is one update and `resolveKeeper` one indexed lookup.
 */
export const farmMembers = pgTable(
  "farm_members",
  {
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    selectedAt: timestamp("selected_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.farmId] }),
    index("farm_members_user_selected_idx").on(t.userId, t.selectedAt.desc()),
    index("farm_members_farm_idx").on(t.farmId),
  ],
);

/**
 * One-time links to join a farm with a role. Only the SHA-256 of the token is stored; a link is
 * usable while not accepted, not revoked and not expired (7 days).
 */
export const farmInvitations = pgTable(
  "farm_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    farmId: uuid("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    role: text("role").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("farm_invitations_farm_idx").on(t.farmId)],
);

/** Who added and who last changed a farm record; null once that account is deleted. */
export function authorship() {
  return {
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  };
}
