import { and, eq, inArray } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { SessionUser } from "../auth/session-store";
import type { Database } from "../db/client";
import { adminImages, chickens, imageOwners } from "../db/schema/index";
import { notFound, unauthorized } from "../lib/errors";

/**
 * Who is acting, and on whose records. The auth plugin builds one per signed-in request
 * (`req.keeper`, through `resolveKeeper`); routes read it with `keeperOf(req)` and hand it to the
 * service, which scopes every query by `keeper.userId`.
 *
 * This is the single place where "whose data is this" is decided. Today a keeper's records are
 * their own (`userId` is the signed-in user's id). When records belong to a farm, the farm in use
 * and the member's role are added here, `resolveKeeper` looks them up, and `isGranted` checks the
 * role: services and routes keep taking a `Keeper`.
 */
export interface Keeper {
  /** The signed-in person (name, email: for display, export and admin checks). */
  readonly user: SessionUser;
  /** Owner of the records this request reads and writes. */
  readonly userId: string;
}

/** What a caller may do with a resource (immich-style `resource.action`). */
export type Permission = "chicken.read" | "chicken.write";

/** The request context for a signed-in user: the one place that decides whose records they act on. */
export async function resolveKeeper(_db: Database, user: SessionUser): Promise<Keeper> {
  return { user, userId: user.id };
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

/**
 * Whether this keeper's role allows the permission at all (before any ids are looked at).
 * Every keeper holds every permission on their own records today; farm roles plug in here.
 */
function isGranted(_keeper: Keeper, _permission: Permission): boolean {
  return true;
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
        .where(and(eq(chickens.userId, keeper.userId), inArray(chickens.id, unique)));
      return new Map(rows.map((r) => [r.id, { name: r.name }]));
    }
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
 * - `"owner"`: a photo this keeper stored themselves (`image_owners`), private to its owners;
 * - `null`: anyone else, signed out or not. Knowing the hash grants nothing.
 * Farms will widen "owner" to the farm's members here, and only here.
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
 * The subset of `hashes` this keeper owns (stored from their own bytes). An account import links a
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
          eq(imageOwners.userId, keeper.userId),
          inArray(imageOwners.hash, unique.slice(i, i + 500)),
        ),
      );
    for (const r of rows) owned.add(r.hash);
  }
  return owned;
}
