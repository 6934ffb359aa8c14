import type { FastifyInstance } from "fastify";
import { uuidParam } from "@flockkeeper/shared/schemas/common";
import {
  createRecentSearchBody,
  recentSearch,
  recentSearchList,
} from "@flockkeeper/shared/schemas/recent-search";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { addRecentSearch, deleteRecentSearch, listRecentSearches } from "./recent-searches.service";
import { keeperOf } from "../../access/access";

/** The signed-in keeper's recent food searches: `GET/POST /api/recent-searches`, `DELETE /api/recent-searches/{id}`. */
export async function recentSearchesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireUser };

  r.get(
    "/api/recent-searches",
    { ...auth, schema: { response: { 200: recentSearchList } } },
    async (req) => listRecentSearches(app.db, keeperOf(req)),
  );

  r.post(
    "/api/recent-searches",
    {
      ...auth,
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: { body: createRecentSearchBody, response: { 201: recentSearch } },
    },
    async (req, reply) =>
      reply.code(201).send(await addRecentSearch(app.db, keeperOf(req), req.body.term)),
  );

  r.delete(
    "/api/recent-searches/:id",
    { ...auth, schema: { params: uuidParam } },
    async (req, reply) => {
      await deleteRecentSearch(app.db, keeperOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
