import { z } from "zod";
import { trimmedString } from "./common";

/* Farms: the household or business that owns the records, its members and their invitations. */

/**
 * What a member may do on a farm (checked on the server, in `access/access.ts`):
 * - `owner`: everything, including members, invitations, farm settings, export, deleting the farm;
 * - `keeper`: every record read and write, including deletes and money;
 * - `helper` (a chicken sitter, a child): sees birds and today's tasks, adds egg, feed, weight and
 *   coop records and marks vaccinations done; cannot edit or delete others' records, see money,
 *   export, or manage members.
 */
export const FARM_ROLES = ["owner", "keeper", "helper"] as const;
export const farmRole = z.enum(FARM_ROLES, { error: "Role must be owner, keeper or helper" });
export type FarmRole = z.infer<typeof farmRole>;

/** Days an invitation link stays valid. */
export const INVITATION_DAYS = 7;

/** One of the caller's farms (`GET /api/farms`). */
export const farmSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The caller's role on this farm. */
  role: farmRole,
  memberCount: z.number().int(),
});
export type FarmSummary = z.infer<typeof farmSummary>;

/** `GET /api/farms` and `PUT /api/farms/current`: the caller's farms and the one in use. */
export const farmList = z.object({
  currentFarmId: z.uuid(),
  farms: z.array(farmSummary),
});
export type FarmList = z.infer<typeof farmList>;

/** `POST /api/farms` (a new farm, the caller its owner) and `PATCH /api/farms/{id}` (rename). */
export const farmBody = z.object({ name: trimmedString(100, "Farm name is required") });
export type FarmBody = z.infer<typeof farmBody>;

/** `PUT /api/farms/current`: switch the farm in use (remembered per keeper). */
export const switchFarmBody = z.object({ farmId: z.uuid({ message: "Invalid farm id" }) });

export const farmIdParam = z.object({ id: z.uuid({ message: "Invalid farm id" }) });
export const farmMemberParams = z.object({
  id: z.uuid({ message: "Invalid farm id" }),
  userId: z.uuid({ message: "Invalid user id" }),
});

/** A member of a farm (`GET /api/farms/{id}/members`). Never carries credentials. */
export const farmMember = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  role: farmRole,
  joinedAt: z.iso.datetime({ offset: true }),
});
export type FarmMember = z.infer<typeof farmMember>;
export const farmMemberList = z.array(farmMember);

/** `PATCH /api/farms/{id}/members/{userId}`. */
export const changeRoleBody = z.object({ role: farmRole });

/** Invitation tokens: 32 random bytes, base64url (43 characters). */
export const invitationToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, { message: "This invitation link is not valid" });

/** `POST /api/farms/{id}/invitations`. */
export const createInvitationBody = z.object({ role: farmRole });

/** The answer to creating an invitation: the one-time link, shown once (only its hash is kept). */
export const createdInvitation = z.object({
  id: z.uuid(),
  token: invitationToken,
  url: z.string(),
  role: farmRole,
  expiresAt: z.iso.datetime({ offset: true }),
});
export type CreatedInvitation = z.infer<typeof createdInvitation>;

/** An open invitation as the owner sees it in the list (no token: only its hash is stored). */
export const farmInvitation = z.object({
  id: z.uuid(),
  role: farmRole,
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  createdBy: z.string(),
});
export type FarmInvitation = z.infer<typeof farmInvitation>;
export const farmInvitationList = z.array(farmInvitation);

/**
 * `DELETE /api/farms/{id}/invitations/{token}` revokes an invitation: `{token}` is the link's token
 * or, from the owner's list (which cannot show tokens), the invitation's id.
 */
export const invitationRevokeParams = z.object({
  id: z.uuid({ message: "Invalid farm id" }),
  token: z.union([z.uuid(), invitationToken], { error: "This invitation link is not valid" }),
});

export const invitationTokenParam = z.object({ token: invitationToken });

/** `GET /api/invitations/{token}`: what the link offers, before accepting it. */
export const invitationPreview = z.object({
  farmName: z.string(),
  role: farmRole,
  invitedBy: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

/** `POST /api/invitations/{token}/accept`: the farm joined, now the farm in use. */
export const acceptedInvitation = z.object({ farmId: z.uuid(), role: farmRole });

/**
 * Who added and last changed a record, on every farm record's answer: user ids (names come from
 * the members list), null when that account has since been deleted.
 */
export const recordAuthorship = {
  farmId: z.uuid(),
  createdBy: z.uuid().nullable(),
  updatedBy: z.uuid().nullable(),
};
