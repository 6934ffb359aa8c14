import type { FastifyInstance } from "fastify";
import {
  adminAdvertisement,
  adminAdvertisementList,
  advertisementListQuery,
  createAdvertisementBody,
  updateAdvertisementBody,
} from "@flockkeeper/shared/schemas/advertisement";
import { uuidParam } from "@flockkeeper/shared/schemas/common";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { LRUCache } from "lru-cache";
import {
  createAd,
  deleteAd,
  listAdminAds,
  listPublicAds,
  updateAd,
} from "./advertisements.service";

const PUBLIC_ADS_TTL_MS = 30_000;

/** Public ad slots (`GET /api/advertisements`) and the admin's ad management. */
export async function advertisementRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The hottest read in the app: answered from a 30 s cache of ready JSON (validated when filled).
  // Only on the embedded database, whose lock means every admin change goes through this process
  // and clears it. On PostgreSQL another instance may change the ads, so each request reads them.
  const cache =
    app.dbHandle.kind === "pglite"
      ? new LRUCache<string, string>({ max: 200, ttl: PUBLIC_ADS_TTL_MS })
      : null;

  r.get(
    "/api/advertisements",
    { schema: { querystring: advertisementListQuery } },
    async (req, reply) => {
      const key = req.query.category?.trim() ?? "";
      let json = cache?.get(key);
      if (json === undefined) {
        json = JSON.stringify(await listPublicAds(app.db, key || undefined));
        cache?.set(key, json);
      }
      return reply.type("application/json; charset=utf-8").send(json);
    },
  );

  r.get(
    "/api/admin/advertisements",
    { onRequest: app.requireAdmin, schema: { response: { 200: adminAdvertisementList } } },
    async () => listAdminAds(app.db),
  );

  r.post(
    "/api/admin/advertisements",
    {
      onRequest: app.requireAdmin,
      schema: { body: createAdvertisementBody, response: { 201: adminAdvertisement } },
    },
    async (req, reply) => {
      const ad = await createAd(app.db, req.body);
      cache?.clear();
      return reply.code(201).send(ad);
    },
  );

  r.patch(
    "/api/admin/advertisements/:id",
    {
      onRequest: app.requireAdmin,
      schema: {
        params: uuidParam,
        body: updateAdvertisementBody,
        response: { 200: adminAdvertisement },
      },
    },
    async (req) => {
      const ad = await updateAd(app.db, req.params.id, req.body);
      cache?.clear();
      return ad;
    },
  );

  r.delete(
    "/api/admin/advertisements/:id",
    { onRequest: app.requireAdmin, schema: { params: uuidParam } },
    async (req, reply) => {
      await deleteAd(app.db, req.params.id);
      cache?.clear();
      return reply.code(204).send();
    },
  );
}
