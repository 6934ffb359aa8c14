import type { FastifyInstance } from "fastify";
import {
  affiliateApplicationBody,
  affiliateBlockList,
  affiliateBlockQuery,
  affiliatePartner,
  affiliatePartnerList,
  affiliatePerformance as affiliatePerformanceSchema,
  createAffiliatePartnerBody,
  updateAffiliatePartnerBody,
} from "@flockkeeper/shared/schemas/affiliate";
import { uuidParam } from "@flockkeeper/shared/schemas/common";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  affiliatePerformance,
  createPartner,
  deletePartner,
  listBlocks,
  listPartners,
  seedExamplePartners,
  setApplication,
  updatePartner,
} from "./affiliates.service";

/** Affiliate blocks for visitors, and partner and application management for the admin. */
export async function affiliateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: app.requireAdmin };

  r.get(
    "/api/affiliate-blocks",
    { schema: { querystring: affiliateBlockQuery, response: { 200: affiliateBlockList } } },
    async (req) => listBlocks(app.db, req.query.category),
  );

  r.get(
    "/api/admin/affiliates",
    { ...admin, schema: { response: { 200: affiliatePartnerList } } },
    async () => listPartners(app.db),
  );

  r.post(
    "/api/admin/affiliates",
    { ...admin, schema: { body: createAffiliatePartnerBody, response: { 201: affiliatePartner } } },
    async (req, reply) => reply.code(201).send(await createPartner(app.db, req.body)),
  );

  r.get(
    "/api/admin/affiliates/performance",
    { ...admin, schema: { response: { 200: affiliatePerformanceSchema } } },
    async () => affiliatePerformance(app.db),
  );

  r.post(
    "/api/admin/affiliates/examples",
    { ...admin, schema: { response: { 200: affiliatePartnerList } } },
    async () => seedExamplePartners(app.db),
  );

  r.patch(
    "/api/admin/affiliates/:id",
    {
      ...admin,
      schema: {
        params: uuidParam,
        body: updateAffiliatePartnerBody,
        response: { 200: affiliatePartner },
      },
    },
    async (req) => updatePartner(app.db, req.params.id, req.body),
  );

  r.put(
    "/api/admin/affiliates/:id/application",
    {
      ...admin,
      schema: {
        params: uuidParam,
        body: affiliateApplicationBody,
        response: { 200: affiliatePartner },
      },
    },
    async (req) => setApplication(app.db, req.params.id, req.body),
  );

  r.delete(
    "/api/admin/affiliates/:id",
    { ...admin, schema: { params: uuidParam } },
    async (req, reply) => {
      await deletePartner(app.db, req.params.id);
      return reply.code(204).send();
    },
  );
}
