import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  acceptedInvitation,
  changeRoleBody,
  createdInvitation,
  createInvitationBody,
  farmBody,
  farmIdParam,
  farmInvitationList,
  farmList,
  farmMemberList,
  farmMemberParams,
  invitationPreview,
  invitationRevokeParams,
  invitationTokenParam,
  switchFarmBody,
} from "@flockkeeper/shared/schemas/farm";
import type { ModuleOptions } from "../module";
import { audit } from "../../lib/audit";
import {
  acceptInvitation,
  changeRole,
  createFarm,
  createInvitation,
  deleteFarm,
  listFarms,
  listInvitations,
  listMembers,
  previewInvitation,
  removeMember,
  renameFarm,
  revokeInvitation,
  switchFarm,
} from "./farms.service";

/**
 * Farms, their members and invitations (issue 18). Each route names the farm in its path and the
 * service checks the caller's role on that farm; `/api/farms` and `/current` act on the caller.
 */
export async function farmsRoutes(app: FastifyInstance, { config }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireUser };
  const writeLimit = { rateLimit: { max: 60, timeWindow: "1 minute" } };

  r.get("/api/farms", { ...auth, schema: { response: { 200: farmList } } }, async (req) =>
    listFarms(app.db, req.user!),
  );

  r.post(
    "/api/farms",
    { ...auth, config: writeLimit, schema: { body: farmBody, response: { 201: farmList } } },
    async (req, reply) => reply.code(201).send(await createFarm(app.db, req.user!, req.body.name)),
  );

  r.put(
    "/api/farms/current",
    { ...auth, config: writeLimit, schema: { body: switchFarmBody, response: { 200: farmList } } },
    async (req) => switchFarm(app.db, req.user!, req.body.farmId),
  );

  r.patch(
    "/api/farms/:id",
    {
      ...auth,
      config: writeLimit,
      schema: { params: farmIdParam, body: farmBody, response: { 200: farmList } },
    },
    async (req) => renameFarm(app.db, req.user!, req.params.id, req.body.name),
  );

  r.delete(
    "/api/farms/:id",
    {
      // Deleting a farm deletes its records for every member: the owner proves it is them first.
      preHandler: [app.requireUser, app.requireRecentAuth],
      config: { rateLimit: { max: 5, timeWindow: "1 minute" } },
      schema: { params: farmIdParam, response: { 200: farmList } },
    },
    async (req) => {
      const farms = await deleteFarm(app.db, req.user!, req.params.id);
      audit(req.log, "farm.delete", { userId: req.user!.id, farmId: req.params.id });
      return farms;
    },
  );

  r.get(
    "/api/farms/:id/members",
    { ...auth, schema: { params: farmIdParam, response: { 200: farmMemberList } } },
    async (req) => listMembers(app.db, req.user!, req.params.id),
  );

  r.patch(
    "/api/farms/:id/members/:userId",
    {
      ...auth,
      config: writeLimit,
      schema: { params: farmMemberParams, body: changeRoleBody, response: { 200: farmMemberList } },
    },
    async (req) => {
      const members = await changeRole(
        app.db,
        req.user!,
        req.params.id,
        req.params.userId,
        req.body.role,
      );
      audit(req.log, "farm.role_changed", {
        userId: req.user!.id,
        farmId: req.params.id,
        memberId: req.params.userId,
        role: req.body.role,
      });
      return members;
    },
  );

  r.delete(
    "/api/farms/:id/members/:userId",
    { ...auth, config: writeLimit, schema: { params: farmMemberParams } },
    async (req, reply) => {
      await removeMember(app.db, req.user!, req.params.id, req.params.userId);
      audit(req.log, "farm.member_removed", {
        userId: req.user!.id,
        farmId: req.params.id,
        memberId: req.params.userId,
      });
      return reply.code(204).send();
    },
  );

  r.get(
    "/api/farms/:id/invitations",
    { ...auth, schema: { params: farmIdParam, response: { 200: farmInvitationList } } },
    async (req) => listInvitations(app.db, req.user!, req.params.id),
  );

  r.post(
    "/api/farms/:id/invitations",
    {
      ...auth,
      config: { rateLimit: { max: 30, timeWindow: "1 hour" } },
      schema: {
        params: farmIdParam,
        body: createInvitationBody,
        response: { 201: createdInvitation },
      },
    },
    async (req, reply) => {
      const created = await createInvitation(
        app.db,
        req.user!,
        req.params.id,
        req.body.role,
        config.publicUrl,
      );
      audit(req.log, "farm.invitation_created", {
        userId: req.user!.id,
        farmId: req.params.id,
        role: req.body.role,
      });
      return reply.code(201).send(created);
    },
  );

  r.delete(
    "/api/farms/:id/invitations/:token",
    { ...auth, config: writeLimit, schema: { params: invitationRevokeParams } },
    async (req, reply) => {
      await revokeInvitation(app.db, req.user!, req.params.id, req.params.token);
      return reply.code(204).send();
    },
  );

  // Signed out too: the invitee sees what they are joining before signing in or creating an account.
  r.get(
    "/api/invitations/:token",
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: { params: invitationTokenParam, response: { 200: invitationPreview } },
    },
    async (req) => previewInvitation(app.db, req.params.token),
  );

  r.post(
    "/api/invitations/:token/accept",
    {
      ...auth,
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: { params: invitationTokenParam, response: { 200: acceptedInvitation } },
    },
    async (req) => {
      const joined = await acceptInvitation(app.db, req.user!, req.params.token);
      audit(req.log, "farm.invitation_accepted", {
        userId: req.user!.id,
        farmId: joined.farmId,
        role: joined.role,
      });
      return joined;
    },
  );
}
