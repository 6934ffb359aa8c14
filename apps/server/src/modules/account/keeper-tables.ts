/**
 * The keeper-data table registry: every table with a `farm_id` (a farm's records) or `user_id`
 * (one person's own: settings, sessions) column, and how the account module exports, imports and
 * deletes it. `keeper-tables.test.ts` introspects the Drizzle schema and fails when such a table is
 * missing here, so a table added later cannot be silently left out of an export or left behind by
 * a deletion. The farms' own tables (farms, members, invitations) are the farms module's.
 *
 * Adding a table: add an entry (parents before children: import inserts in this order and delete
 * removes in reverse). Columns, types, foreign keys and the user column are read from the Drizzle
 * table itself, so most tables need nothing else. Bump EXPORT_SCHEMA_VERSION only when a change
 * would make an older server misread a new file (new tables and new nullable columns do not).
 */
import { is } from "drizzle-orm";
import { PgTable, getTableConfig, type PgColumn } from "drizzle-orm/pg-core";
import {
  adminSessions,
  analyses,
  chickens,
  clickEvents,
  dailyProduction,
  eggRecords,
  farmInvitations,
  farmMembers,
  eggCollections,
  farms,
  environmentalRecords,
  flockEvents,
  flocks,
  feedRecords,
  hatchCandlings,
  calendarFeeds,
  chores,
  hatchRecords,
  healthPredictions,
  idempotencyKeys,
  imageOwners,
  keeperPlaces,
  keeperSettings,
  pushSubscriptions,
  emailDigests,
  recentSearches,
  sessions,
  signInEvents,
  taskStates,
  treatments,
  transactions,
  vaccinations,
  weightRecords,
} from "../../db/schema/index";

/**
 * - `records`: rows with a uuid `id`; exported, imported with new ids (foreign keys remapped), deleted.
 * - `singleton`: one row per keeper keyed by user id (settings); exported, imported (replacing), deleted.
 * - `export-only`: exported and deleted, not imported (they describe use of this server, not records).
 * - `images`: the keeper's photos (`image_owners`); exported as links (or embedded), imported, deleted
 *   together with images no other keeper owns.
 * - `delete-only`: sign-in state and derived totals; deleted with the account, never exported.
 */
export type KeeperTableMode = "records" | "singleton" | "export-only" | "images" | "delete-only";

export type KeeperTable = {
  /** Name in the export document and of the CSV file in the zip. */
  key: string;
  table: PgTable;
  mode: KeeperTableMode;
  /**
   * Columns (property names) holding ids of another keeper table without a declared foreign key;
   * on import an id the file does not contain becomes null (it never points at someone else's row).
   */
  softRefs?: Record<string, string>;
  /** Text columns holding `/api/images/<hash>.jpg` addresses of the keeper's photos. */
  imageUrlColumns?: string[];
  /** Why the table is treated this way, when it is not obvious. */
  note?: string;
};

/** Who belongs to which farm: kept by the farms module, exported as the farm's member list. */
const FARM_STRUCTURE = new Set<PgTable>([farms, farmMembers, farmInvitations]);

export const keeperTables: KeeperTable[] = [
  { key: "settings", table: keeperSettings, mode: "singleton" },
  { key: "weatherPlace", table: keeperPlaces, mode: "singleton" },
  { key: "images", table: imageOwners, mode: "images" },
  { key: "flocks", table: flocks, mode: "records" },
  { key: "chickens", table: chickens, mode: "records", imageUrlColumns: ["imageUrl"] },
  {
    key: "flockEvents",
    table: flockEvents,
    mode: "records",
    // A move's two halves share a move id that is not a record id; it is kept as it is.
  },
  { key: "eggCollections", table: eggCollections, mode: "records" },
  { key: "eggRecords", table: eggRecords, mode: "records" },
  { key: "hatchRecords", table: hatchRecords, mode: "records" },
  { key: "hatchCandlings", table: hatchCandlings, mode: "records" },
  {
    key: "vaccinations",
    table: vaccinations,
    mode: "records",
    softRefs: { birdId: "chickens" },
  },
  { key: "treatments", table: treatments, mode: "records" },
  { key: "feedRecords", table: feedRecords, mode: "records" },
  { key: "transactions", table: transactions, mode: "records" },
  { key: "weightRecords", table: weightRecords, mode: "records" },
  { key: "environmentalRecords", table: environmentalRecords, mode: "records" },
  { key: "healthPredictions", table: healthPredictions, mode: "records" },
  { key: "analyses", table: analyses, mode: "records" },
  { key: "recentSearches", table: recentSearches, mode: "records" },
  {
    key: "clickEvents",
    table: clickEvents,
    mode: "export-only",
    note: "Usage analytics recorded by this server: shown to the keeper, not carried to another server.",
  },
  { key: "chores", table: chores, mode: "records" },
  {
    key: "taskStates",
    table: taskStates,
    mode: "delete-only",
    note: "Which of Today's tasks were done or snoozed, and by whom: the farm's state here, rebuilt as it is used.",
  },
  {
    key: "calendarFeeds",
    table: calendarFeeds,
    mode: "delete-only",
    note: "Secret calendar feed addresses: a new one is made on another server.",
  },
  {
    key: "emailDigests",
    table: emailDigests,
    mode: "delete-only",
    note: "This server's morning summary emails: turned on again on another server.",
  },
  {
    key: "pushSubscriptions",
    table: pushSubscriptions,
    mode: "delete-only",
    note: "This server's notification subscriptions of the keeper's devices: they subscribe again on another server.",
  },
  { key: "sessions", table: sessions, mode: "delete-only" },
  {
    key: "idempotencyKeys",
    table: idempotencyKeys,
    mode: "delete-only",
    note: "Answers to writes the keeper's devices may send again (7 days): nothing to carry elsewhere.",
  },
  {
    key: "signIns",
    table: signInEvents,
    mode: "export-only",
    note: "The keeper's sign-in history on this server: shown to them, not carried to another server.",
  },
  {
    key: "adminSessions",
    table: adminSessions,
    mode: "delete-only",
    note: "Admin sessions of a keeper listed in ADMIN_EMAILS (password sessions have no user).",
  },
  {
    key: "dailyProduction",
    table: dailyProduction,
    mode: "delete-only",
    note: "Per-day egg and feed totals kept by database triggers: rebuilt from imported records, never exported.",
  },
];

/** Whose rows a table holds: a farm's records (`farm_id`) or one person's own (`user_id`). */
export type OwnerScope = "farm" | "user";

/** The column saying whose a row is (`farm_id`, else `user_id`) and its scope, or null. */
export function ownerColumnOf(table: PgTable): { column: PgColumn; scope: OwnerScope } | null {
  const columns = getTableConfig(table).columns;
  const farm = columns.find((c) => c.name === "farm_id");
  if (farm) return { column: farm, scope: "farm" };
  const user = columns.find((c) => c.name === "user_id");
  return user ? { column: user, scope: "user" } : null;
}

/** The column named `user_id`, or null. */
export function userColumnOf(table: PgTable): PgColumn | null {
  return getTableConfig(table).columns.find((c) => c.name === "user_id") ?? null;
}

/** Every table in a schema module's exports that holds keeper data (a `farm_id` or `user_id`). */
export function tablesWithUserId(schema: Record<string, unknown>): PgTable[] {
  return Object.values(schema).filter(
    (v): v is PgTable => is(v, PgTable) && ownerColumnOf(v) !== null && !FARM_STRUCTURE.has(v),
  );
}

/** The registry entry of a table, by identity. */
export function entryFor(table: PgTable): KeeperTable | undefined {
  return keeperTables.find((e) => e.table === table);
}
