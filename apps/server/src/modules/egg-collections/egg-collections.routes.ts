import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { uuidParam } from "@flockkeeper/shared/schemas/common";
import {
  createEggCollectionBody,
  eggCollection,
  eggCollectionList,
  eggCollectionQuery,
  updateEggCollectionBody,
} from "@flockkeeper/shared/schemas/flock";
import { keeperOf } from "../../access/access";
import {
  createEggCollection,
  deleteEggCollection,
  listEggCollections,
  updateEggCollection,
} from "./egg-collections.service";

const writeLimit = { max: 240, timeWindow: "1 minute" };

/**
 * A flock's daily basket: `GET/POST /api/egg-collections`, `PATCH/DELETE /api/egg-collections/{id}`.
 * Every member adds baskets; a helper corrects only their own, within 24 hours.
 */
export async function eggCollectionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireUser };

  r.get(
    "/api/egg-collections",
    { ...auth, schema: { querystring: eggCollectionQuery, response: { 200: eggCollectionList } } },
    async (req) => listEggCollections(app.db, keeperOf(req), req.query),
  );

  r.post(
    "/api/egg-collections",
    {
      ...auth,
      config: { permission: "record.add", rateLimit: writeLimit },
      schema: { body: createEggCollectionBody, response: { 201: eggCollection } },
    },
    async (req, reply) =>
      reply.code(201).send(await createEggCollection(app.db, keeperOf(req), req.body)),
  );

  r.patch(
    "/api/egg-collections/:id",
    {
      ...auth,
      config: { permission: "record.add", rateLimit: writeLimit },
      schema: {
        params: uuidParam,
        body: updateEggCollectionBody,
        response: { 200: eggCollection },
      },
    },
    async (req) => updateEggCollection(app.db, keeperOf(req), req.params.id, req.body),
  );

  r.delete(
    "/api/egg-collections/:id",
    { ...auth, config: { permission: "record.add" }, schema: { params: uuidParam } },
    async (req, reply) => {
      await deleteEggCollection(app.db, keeperOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
