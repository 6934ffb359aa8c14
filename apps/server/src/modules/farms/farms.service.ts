import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, notExists, sql } from "drizzle-orm";
import {
  INVITATION_DAYS,
  type CreatedInvitation,
  type FarmInvitation,
  type FarmList,
  type FarmMember,
  type FarmRole,
  type InvitationPreview,
} from "@flockkeeper/shared/schemas/farm";
import type { Database } from "../../db/client";
import {
  adminImages,
  farmInvitations,
  farmMembers,
  farms,
  imageOwners,
  images,
  users,
} from "../../db/schema/index";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { createOwnFarm, membershipChanged } from "../../access/access";
import type { SessionUser } from "../../auth/session-store";

/*
 * Farms, members and invitations. Every function here takes the signed-in user and the farm named
 * in the path, and checks the user's role on that farm (not on the farm in use): a member of
 * several farms manages each with the role they hold there. A farm they are not in answers 404.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

const displayName = (u: {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}) => [u.firstName, u.lastName].filter(Boolean).join(" ").trim() || u.email || "A keeper";

const lastOwner = (action: string) =>
  new AppError(
    409,
    "LAST_OWNER",
    `A farm always has at least one owner: make another member an owner first, then ${action}.`,
  );

/** The user's role on the farm; 404 when they are not a member (exactly like a missing farm). */
async function roleOn(db: Database | Tx, userId: string, farmId: string): Promise<FarmRole> {
  const [m] = await db
    .select({ role: farmMembers.role })
    .from(farmMembers)
    .where(and(eq(farmMembers.userId, userId), eq(farmMembers.farmId, farmId)));
  if (!m) throw notFound("Farm");
  return m.role as FarmRole;
}

async function requireOwner(db: Database | Tx, userId: string, farmId: string): Promise<void> {
  if ((await roleOn(db, userId, farmId)) !== "owner") {
    throw forbidden("Only an owner of this farm can do that");
  }
}

// ---------------------------------------------------------------- farms

/** The user's farms with their role, the farm in use first in `currentFarmId`. */
export async function listFarms(db: Database, user: SessionUser): Promise<FarmList> {
  const memberCount = db
    .select({ farmId: farmMembers.farmId, n: count().as("n") })
    .from(farmMembers)
    .groupBy(farmMembers.farmId)
    .as("member_count");
  const rows = await db
    .select({
      id: farms.id,
      name: farms.name,
      role: farmMembers.role,
      memberCount: memberCount.n,
      selectedAt: farmMembers.selectedAt,
    })
    .from(farmMembers)
    .innerJoin(farms, eq(farms.id, farmMembers.farmId))
    .innerJoin(memberCount, eq(memberCount.farmId, farms.id))
    .where(eq(farmMembers.userId, user.id))
    .orderBy(asc(farms.name), asc(farms.id));
  if (rows.length === 0) {
    await createOwnFarm(db, user);
    return listFarms(db, user);
  }
  const current = rows.reduce((a, b) => (b.selectedAt > a.selectedAt ? b : a));
  return {
    currentFarmId: current.id,
    farms: rows.map((r) => ({
      id: r.id,
      name: r.name,
      role: r.role as FarmRole,
      memberCount: Number(r.memberCount),
    })),
  };
}

/** Makes the farm the one in use (remembered for the user); 404 unless they are a member. */
export async function switchFarm(db: Database, user: SessionUser, farmId: string) {
  const updated = await db
    .update(farmMembers)
    .set({ selectedAt: new Date() })
    .where(and(eq(farmMembers.userId, user.id), eq(farmMembers.farmId, farmId)))
    .returning({ farmId: farmMembers.farmId });
  if (updated.length === 0) throw notFound("Farm");
  await membershipChanged(db, { userId: user.id });
  return listFarms(db, user);
}

/** A new farm, the user its owner; it becomes the farm in use. */
export async function createFarm(db: Database, user: SessionUser, name: string) {
  await db.transaction(async (tx) => {
    const [farm] = await tx.insert(farms).values({ name }).returning({ id: farms.id });
    await tx.insert(farmMembers).values({ farmId: farm!.id, userId: user.id, role: "owner" });
  });
  await membershipChanged(db, { userId: user.id });
  return listFarms(db, user);
}

export async function renameFarm(db: Database, user: SessionUser, farmId: string, name: string) {
  await requireOwner(db, user.id, farmId);
  await db.update(farms).set({ name }).where(eq(farms.id, farmId));
  return listFarms(db, user);
}

/**
 * Deletes farms with every record and membership (foreign keys cascade from `farms`), then the
 * photos nothing else points at. Run inside the caller's transaction.
 */
export async function deleteFarms(tx: Tx, farmIds: string[]): Promise<void> {
  if (farmIds.length === 0) return;
  const owned = (
    await tx
      .select({ hash: imageOwners.hash })
      .from(imageOwners)
      .where(inArray(imageOwners.farmId, farmIds))
  ).map((r) => r.hash);
  await tx.delete(farms).where(inArray(farms.id, farmIds));
  for (let i = 0; i < owned.length; i += 500) {
    await tx.delete(images).where(
      and(
        inArray(images.hash, owned.slice(i, i + 500)),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(imageOwners)
            .where(eq(imageOwners.hash, images.hash)),
        ),
        // The same picture may also be one of the admin's ad images.
        notExists(
          tx
            .select({ one: sql`1` })
            .from(adminImages)
            .where(eq(adminImages.hash, images.hash)),
        ),
      ),
    );
  }
}

/** Deletes the farm (owner): its records, photos, members' access and open invitations. */
export async function deleteFarm(db: Database, user: SessionUser, farmId: string) {
  await db.transaction(async (tx) => {
    await requireOwner(tx, user.id, farmId);
    await deleteFarms(tx, [farmId]);
  });
  await membershipChanged(db, { farmId });
  return listFarms(db, user);
}

/**
 * The farms an account deletion takes with it (those where the user is the only member), after
 * checking it leaves no farm without an owner: 409 naming the farm to hand over first.
 */
export async function farmsLeftBy(tx: Tx, userId: string): Promise<string[]> {
  const mine = await tx
    .select({ farmId: farmMembers.farmId, role: farmMembers.role, name: farms.name })
    .from(farmMembers)
    .innerJoin(farms, eq(farms.id, farmMembers.farmId))
    .where(eq(farmMembers.userId, userId))
    .for("update");
  const alone: string[] = [];
  for (const m of mine) {
    const others = await tx
      .select({ role: farmMembers.role })
      .from(farmMembers)
      .where(and(eq(farmMembers.farmId, m.farmId), ne(farmMembers.userId, userId)));
    if (others.length === 0) alone.push(m.farmId);
    else if (m.role === "owner" && !others.some((o) => o.role === "owner")) {
      throw new AppError(
        409,
        "LAST_OWNER",
        `You are the last owner of ${m.name}, which has other members: make one of them an owner (or remove them) on the Farm page first, then delete your account.`,
      );
    }
  }
  return alone;
}

// ---------------------------------------------------------------- members

/** The farm's members (any member may see who else keeps the flock). Never credentials. */
export async function listMembers(
  db: Database,
  user: SessionUser,
  farmId: string,
): Promise<FarmMember[]> {
  await roleOn(db, user.id, farmId);
  const rows = await db
    .select({
      userId: farmMembers.userId,
      role: farmMembers.role,
      joinedAt: farmMembers.joinedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(farmMembers)
    .innerJoin(users, eq(users.id, farmMembers.userId))
    .where(eq(farmMembers.farmId, farmId))
    .orderBy(asc(farmMembers.joinedAt), asc(farmMembers.userId));
  return rows.map((r) => ({
    userId: r.userId,
    name: displayName(r),
    email: r.email,
    role: r.role as FarmRole,
    joinedAt: r.joinedAt.toISOString(),
  }));
}

/** Another owner than `userId` on the farm (checked under lock, so two demotions cannot race). */
async function hasOtherOwner(tx: Tx, farmId: string, userId: string): Promise<boolean> {
  const owners = await tx
    .select({ userId: farmMembers.userId })
    .from(farmMembers)
    .where(and(eq(farmMembers.farmId, farmId), eq(farmMembers.role, "owner")))
    .for("update");
  return owners.some((o) => o.userId !== userId);
}

/** Changes a member's role (owner only); the last owner cannot be demoted. */
export async function changeRole(
  db: Database,
  user: SessionUser,
  farmId: string,
  memberId: string,
  role: FarmRole,
) {
  await db.transaction(async (tx) => {
    await requireOwner(tx, user.id, farmId);
    const current = await roleOn(tx, memberId, farmId).catch(() => {
      throw notFound("Member");
    });
    if (current === "owner" && role !== "owner" && !(await hasOtherOwner(tx, farmId, memberId))) {
      throw lastOwner("change this role");
    }
    await tx
      .update(farmMembers)
      .set({ role })
      .where(and(eq(farmMembers.farmId, farmId), eq(farmMembers.userId, memberId)));
  });
  await membershipChanged(db, { userId: memberId });
  return listMembers(db, user, farmId);
}

/**
 * Removes a member (owner), or the caller themselves (leaving, any role). The last owner cannot
 * leave a farm others still keep; the only member cannot leave at all (delete the farm instead).
 * Access ends with the next request on every instance: membership is read on each request.
 */
export async function removeMember(
  db: Database,
  user: SessionUser,
  farmId: string,
  memberId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const leaving = memberId === user.id;
    if (!leaving) await requireOwner(tx, user.id, farmId);
    const role = await roleOn(tx, memberId, farmId).catch(() => {
      throw notFound(leaving ? "Farm" : "Member");
    });
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(farmMembers)
      .where(eq(farmMembers.farmId, farmId));
    if (Number(n) <= 1) {
      throw new AppError(
        409,
        "ONLY_MEMBER",
        "You are the only member of this farm: delete the farm instead of leaving it.",
      );
    }
    if (role === "owner" && !(await hasOtherOwner(tx, farmId, memberId))) {
      throw lastOwner(leaving ? "leave" : "remove this member");
    }
    await tx
      .delete(farmMembers)
      .where(and(eq(farmMembers.farmId, farmId), eq(farmMembers.userId, memberId)));
  });
  // Access ends with their next request, on every instance (the membership cache is told).
  await membershipChanged(db, { userId: memberId });
}

// ---------------------------------------------------------------- invitations

const openInvitation = (now: Date) =>
  and(
    isNull(farmInvitations.acceptedAt),
    isNull(farmInvitations.revokedAt),
    gt(farmInvitations.expiresAt, now),
  );

/** A one-time link to join the farm with a role (owner). Only the token's hash is stored. */
export async function createInvitation(
  db: Database,
  user: SessionUser,
  farmId: string,
  role: FarmRole,
  publicUrl: string,
): Promise<CreatedInvitation> {
  await requireOwner(db, user.id, farmId);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  const [row] = await db
    .insert(farmInvitations)
    .values({ farmId, tokenHash: hashToken(token), role, createdBy: user.id, expiresAt })
    .returning({ id: farmInvitations.id });
  return {
    id: row!.id,
    token,
    url: `${publicUrl}/invite/${token}`,
    role,
    expiresAt: expiresAt.toISOString(),
  };
}

/** The farm's open invitations (owner), newest first. */
export async function listInvitations(
  db: Database,
  user: SessionUser,
  farmId: string,
): Promise<FarmInvitation[]> {
  await requireOwner(db, user.id, farmId);
  const rows = await db
    .select({
      id: farmInvitations.id,
      role: farmInvitations.role,
      createdAt: farmInvitations.createdAt,
      expiresAt: farmInvitations.expiresAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(farmInvitations)
    .leftJoin(users, eq(users.id, farmInvitations.createdBy))
    .where(and(eq(farmInvitations.farmId, farmId), openInvitation(new Date())))
    .orderBy(desc(farmInvitations.createdAt));
  return rows.map((r) => ({
    id: r.id,
    role: r.role as FarmRole,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    createdBy: displayName({ firstName: r.firstName, lastName: r.lastName, email: r.email }),
  }));
}

/** Revokes an open invitation of the farm (owner), named by its token or, from the list, its id. */
export async function revokeInvitation(
  db: Database,
  user: SessionUser,
  farmId: string,
  tokenOrId: string,
): Promise<void> {
  await requireOwner(db, user.id, farmId);
  const which = /^[0-9a-f-]{36}$/i.test(tokenOrId)
    ? eq(farmInvitations.id, tokenOrId)
    : eq(farmInvitations.tokenHash, hashToken(tokenOrId));
  const revoked = await db
    .update(farmInvitations)
    .set({ revokedAt: new Date() })
    .where(and(which, eq(farmInvitations.farmId, farmId), openInvitation(new Date())))
    .returning({ id: farmInvitations.id });
  if (revoked.length === 0) throw notFound("Invitation");
}

const invalidLink = () =>
  new AppError(
    404,
    "NOT_FOUND",
    "This invitation link is not valid: it may have expired, been used or been withdrawn. Ask the farm's owner for a new one.",
  );

/** What an invitation link offers (anyone holding the link may ask). */
export async function previewInvitation(db: Database, token: string): Promise<InvitationPreview> {
  const [row] = await db
    .select({
      farmName: farms.name,
      role: farmInvitations.role,
      expiresAt: farmInvitations.expiresAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(farmInvitations)
    .innerJoin(farms, eq(farms.id, farmInvitations.farmId))
    .leftJoin(users, eq(users.id, farmInvitations.createdBy))
    .where(and(eq(farmInvitations.tokenHash, hashToken(token)), openInvitation(new Date())));
  if (!row) throw invalidLink();
  return {
    farmName: row.farmName,
    role: row.role as FarmRole,
    // Only a first name: the link may be forwarded further than the owner meant.
    invitedBy: row.firstName?.trim() || "The farm's owner",
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Joins the farm with the invitation's role; the link is used up and the farm becomes current. */
export async function acceptInvitation(db: Database, user: SessionUser, token: string) {
  const joined = await db.transaction(async (tx) => {
    const [inv] = await tx
      .select()
      .from(farmInvitations)
      .where(and(eq(farmInvitations.tokenHash, hashToken(token)), openInvitation(new Date())))
      .for("update");
    if (!inv) throw invalidLink();
    const [already] = await tx
      .select({ role: farmMembers.role })
      .from(farmMembers)
      .where(and(eq(farmMembers.farmId, inv.farmId), eq(farmMembers.userId, user.id)));
    if (already) {
      throw new AppError(
        409,
        "ALREADY_MEMBER",
        "You are already a member of this farm. The link is still unused, for the person it was meant for.",
      );
    }
    await tx
      .update(farmInvitations)
      .set({ acceptedAt: new Date(), acceptedBy: user.id })
      .where(eq(farmInvitations.id, inv.id));
    await tx.insert(farmMembers).values({
      farmId: inv.farmId,
      userId: user.id,
      role: inv.role,
      selectedAt: new Date(),
    });
    return { farmId: inv.farmId, role: inv.role as FarmRole };
  });
  await membershipChanged(db, { userId: user.id });
  return joined;
}
