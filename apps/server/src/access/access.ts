import { and, desc, eq, inArray } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import type { FarmRole } from "@flockkeeper/shared/schemas/farm";
import type { SessionUser } from "../auth/session-store";
import type { Database } from "../db/client";
import {
  invalidationFor,
  type InvalidationChannel,
  type InvalidationTopics,
} from "../db/invalidation";
import { adminImages, chickens, farmMembers, farms, imageOwners, users } from "../db/schema/index";
import { forbidden, notFound, unauthorized } from "../lib/errors";

/**
 * Who is acting, and on whose records. The auth plugin builds one per signed-in request
 * (`req.keeper`, through `resolveKeeper`); routes read it with `keeperOf(req)` and hand it to the
 * service, which scopes every query by `keeper.farmId` and stamps `keeper.user.id` as the author.
 *
 * This is the single place where "whose data is this, and what may this person do with it" is
 * decided: the farm in use, the member's role on it (`isGranted`), and which records (`checkAccess`).
 */
export interface Keeper {
  /** The signed-in person (name, email: for display, export and admin checks; `id` as the author). */
  readonly user: SessionUser;
  /** The farm whose records this request reads and writes (the farm in use). */
  readonly farmId: string;
  /** The signed-in person's role on that farm. */
  readonly role: FarmRole;
}

/**
 * What a caller may do (immich-style `resource.action`). A keeper route names one in its config
 * (`config: { permission }`); without one, a read needs `farm.read` and a write `farm.write`.
 */
export type Permission =
  /** See the farm's birds and records (every member). */
  | "farm.read"
  /** Add, change and delete any record, birds and hatches included (owner, keeper). */
  | "farm.write"
  /** Add an egg, feed, weight or coop record, mark a vaccination done, run a photo check (every member). */
  | "record.add"
  /** See costs, profit and prices (owner, keeper). */
  | "money.read"
  /** Members, invitations, farm settings, export and import, deleting the farm (owner). */
  | "farm.manage"
  | "chicken.read"
  | "chicken.write";

const GRANTS: Record<FarmRole, ReadonlySet<Permission>> = {
  owner: new Set<Permission>([
    "farm.read",
    "farm.write",
    "record.add",
    "money.read",
    "farm.manage",
    "chicken.read",
    "chicken.write",
  ]),
  keeper: new Set<Permission>([
    "farm.read",
    "farm.write",
    "record.add",
    "money.read",
    "chicken.read",
    "chicken.write",
  ]),
  helper: new Set<Permission>(["farm.read", "record.add", "chicken.read"]),
};

/** Whether this keeper's role allows the permission at all (before any ids are looked at). */
export function isGranted(keeper: Keeper, permission: Permission): boolean {
  return GRANTS[keeper.role].has(permission);
}

/** 403 unless the keeper's role allows the permission. */
export function requirePermission(keeper: Keeper, permission: Permission): void {
  if (!isGranted(keeper, permission)) throw forbidden(ROLE_REFUSALS[permission]);
}

const ROLE_REFUSALS: Record<Permission, string> = {
  "farm.read": "You are not a member of this farm",
  "farm.write": "Your role on this farm cannot change this record",
  "record.add": "Your role on this farm cannot add records",
  "money.read": "Your role on this farm does not include costs and sales",
  "farm.manage": "Only an owner of this farm can do that",
  "chicken.read": "You are not a member of this farm",
  "chicken.write": "Your role on this farm cannot change birds",
};

/** How long a helper may correct or delete a record they added (issue 19: "within 24 h"). */
export const HELPER_CORRECTION_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * 403 unless the keeper may change or delete this record: owners and keepers any record, helpers
 * only those they added themselves, and only within 24 hours of adding it (a sitter fixes a typo the
 * same day; older history is the keepers' to change). `createdAt` omitted: no time limit (records
 * that have no creation time, e.g. analyses history).
 */
export function requireRecordChange(
  keeper: Keeper,
  createdBy: string | null,
  createdAt?: Date | null,
  now: Date = new Date(),
): void {
  if (isGranted(keeper, "farm.write")) return;
  if (createdBy === null || createdBy !== keeper.user.id) {
    throw forbidden("A helper can change only the records they added");
  }
  if (createdAt && now.getTime() - createdAt.getTime() > HELPER_CORRECTION_WINDOW_MS) {
    throw forbidden("A helper can change a record only within 24 hours of adding it");
  }
}

/** The author columns of a new record. */
export const createdByKeeper = (keeper: Keeper) => ({
  farmId: keeper.farmId,
  createdBy: keeper.user.id,
  updatedBy: keeper.user.id,
});

/**
 * The request context for a signed-in user: the farm they use last selected and their role on it,
 * one indexed lookup (`farm_members_user_selected_idx`). Membership is read on every request, not
 * cached, so a removed member loses access on every instance at once. A keeper with no farm (a new
 * account, or one whose farms were all deleted or left) gets their own farm here. Null when the
 * account itself is gone (deleted on another instance a moment ago).
 */
export async function resolveKeeper(db: Database, user: SessionUser): Promise<Keeper | null> {
  const member = await cachedMembership(db, user.id);
  if (member) return { user, farmId: member.farmId, role: member.role };
  const created = await createOwnFarm(db, user);
  return created ? { user, farmId: created, role: "owner" } : null;
}

/**
 * `resolveKeeper` from this instance's membership cache alone, without waiting on anything;
 * undefined when the database must be asked (not cached, or the invalidation channel is down).
 */
export function cachedKeeper(db: Database, user: SessionUser): Keeper | undefined {
  const cache = membershipCacheFor(db);
  const member = cache.channel.live ? cache.entries.get(user.id) : undefined;
  return member ? { user, farmId: member.farmId, role: member.role } : undefined;
}

type Membership = { farmId: string; role: FarmRole };
type MembershipCache = {
  entries: LRUCache<string, Membership>;
  /** Bumped at every eviction: a read that an eviction overtook is not cached. */
  generation: number;
  channel: InvalidationChannel;
};
// Per database handle, like the session cache: two app instances in one process act as two.
const membershipCaches = new WeakMap<Database, MembershipCache>();
function membershipCacheFor(db: Database): MembershipCache {
  let c = membershipCaches.get(db);
  if (c) return c;
  const cache: MembershipCache = {
    entries: new LRUCache<string, Membership>({ max: 10_000, ttl: 5_000 }),
    generation: 0,
    channel: invalidationFor(db),
  };
  cache.channel.subscribe(
    "farmMembers",
    ({ userId, farmId }) => {
      cache.generation++;
      for (const [key, m] of [...cache.entries.entries()]) {
        if (key === userId || m.farmId === farmId) cache.entries.delete(key);
      }
    },
    () => {
      cache.generation++;
      cache.entries.clear();
    },
  );
  membershipCaches.set(db, (c = cache));
  return c;
}

/**
 * The farm in use and role, from memory for up to 5 s. Every membership change publishes a
 * `farmMembers` notice (`membershipChanged`), which every instance sharing the database acts on
 * within milliseconds; while that channel is down the database is read on every request.
 */
async function cachedMembership(db: Database, userId: string): Promise<Membership | null> {
  const cache = membershipCacheFor(db);
  const live = cache.channel.live;
  const hit = live ? cache.entries.get(userId) : undefined;
  if (hit) return hit;
  const generation = cache.generation;
  const found = await currentMembership(db, userId);
  if (found && live && generation === cache.generation) cache.entries.set(userId, found);
  return found;
}

/**
 * Tells every instance that a person's membership (or a whole farm's) changed: call it after the
 * change is committed. The next request of anyone it names reads the database again.
 */
export async function membershipChanged(
  db: Database,
  change: InvalidationTopics["farmMembers"],
): Promise<void> {
  membershipCacheFor(db);
  await invalidationFor(db).publish("farmMembers", change);
}

async function currentMembership(db: Database, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({ farmId: farmMembers.farmId, role: farmMembers.role })
    .from(farmMembers)
    .where(eq(farmMembers.userId, userId))
    .orderBy(desc(farmMembers.selectedAt))
    .limit(1);
  return row ? { farmId: row.farmId, role: row.role as FarmRole } : null;
}

/** The name a keeper's own farm gets: "Sam's farm", else "My farm". */
export const ownFarmName = (user: Pick<SessionUser, "firstName">) =>
  user.firstName?.trim() ? `${user.firstName.trim()}'s farm` : "My farm";

/**
 * Creates a farm owned by this user (they have none) and makes it the farm in use. Two first
 * requests at once must not make two farms: the user's row is locked while checking again.
 */
export async function createOwnFarm(db: Database, user: SessionUser): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [me] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, user.id))
      .for("update");
    // Deleted meanwhile (another request or instance): nothing to make a farm for.
    if (!me) return null;
    const again = await currentMembership(tx as unknown as Database, user.id);
    if (again) return again.farmId;
    // The farm takes the user's id when it is free (as migration 0015 did for every keeper then),
    // else a new one: a farm they once had and left to others is never taken back this way.
    const [same] = await tx
      .insert(farms)
      .values({ id: user.id, name: ownFarmName(user) })
      .onConflictDoNothing()
      .returning({ id: farms.id });
    const farm =
      same ??
      (
        await tx
          .insert(farms)
          .values({ name: ownFarmName(user) })
          .returning({ id: farms.id })
      )[0]!;
    await tx.insert(farmMembers).values({ farmId: farm.id, userId: user.id, role: "owner" });
    return farm.id;
  });
}

/** The keeper acting in this request; 401 when signed out (routes behind `app.requireUser`). */
export function keeperOf(req: FastifyRequest): Keeper {
  if (!req.keeper) throw unauthorized();
  return req.keeper;
}

/** The keeper acting in this request, or null for a visitor (routes behind `app.optionalUser`). */
export function optionalKeeperOf(req: FastifyRequest): Keeper | null {
  return req.keeper;
}

/** The subset of `ids` this keeper may use with `permission` (immich's `checkAccess`). */
export async function checkAccess(
  db: Database,
  keeper: Keeper,
  permission: Permission,
  ids: Iterable<string>,
): Promise<Map<string, { name: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0 || !isGranted(keeper, permission)) return new Map();
  switch (permission) {
    case "chicken.read":
    case "chicken.write": {
      const rows = await db
        .select({ id: chickens.id, name: chickens.name })
        .from(chickens)
        .where(and(eq(chickens.farmId, keeper.farmId), inArray(chickens.id, unique)));
      return new Map(rows.map((r) => [r.id, { name: r.name }]));
    }
    default:
      return new Map();
  }
}

/**
 * 404 unless the keeper may use every id with `permission` (immich's `requireAccess`): another
 * keeper's record answers exactly like a missing one. Returns what was found by id (birds: names).
 * `as` names the record in the message ("Chicken not found", "Bird not found").
 */
export async function requireAccess(
  db: Database,
  keeper: Keeper,
  request: { permission: Permission; ids: Iterable<string>; as?: string },
): Promise<Map<string, { name: string }>> {
  const unique = new Set(request.ids);
  const allowed = await checkAccess(db, keeper, request.permission, unique);
  if (allowed.size !== unique.size) throw notFound(request.as ?? "Chicken");
  return allowed;
}

/**
 * Who may see a stored image (`GET /api/images/<hash>.jpg`):
 * - `"public"`: one of the admin's ad pictures (`admin_images`), shown to every visitor;
 * - `"owner"`: a photo stored on the farm in use (`image_owners`), private to its members;
 * - `null`: anyone else, signed out or not. Knowing the hash grants nothing.
 */
export async function imageAccess(
  db: Database,
  keeper: Keeper | null,
  hash: string,
): Promise<"public" | "owner" | null> {
  const [ad] = await db
    .select({ hash: adminImages.hash })
    .from(adminImages)
    .where(eq(adminImages.hash, hash))
    .limit(1);
  if (ad) return "public";
  if (!keeper) return null;
  return (await ownedImages(db, keeper, [hash])).has(hash) ? "owner" : null;
}

/**
 * The subset of `hashes` the keeper's farm owns (stored from its members' bytes). An account import links a
 * photo it does not carry only when it is in here: naming a hash never makes anyone an owner.
 */
export async function ownedImages(
  db: Database,
  keeper: Keeper,
  hashes: Iterable<string>,
): Promise<Set<string>> {
  const unique = [...new Set(hashes)];
  const owned = new Set<string>();
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .select({ hash: imageOwners.hash })
      .from(imageOwners)
      .where(
        and(
          eq(imageOwners.farmId, keeper.farmId),
          inArray(imageOwners.hash, unique.slice(i, i + 500)),
        ),
      );
    for (const r of rows) owned.add(r.hash);
  }
  return owned;
}

/** The farm and authors of a stored record, as every record answer carries them. */
export const authorshipOf = (row: {
  farmId: string;
  createdBy: string | null;
  updatedBy: string | null;
}) => ({ farmId: row.farmId, createdBy: row.createdBy, updatedBy: row.updatedBy });
