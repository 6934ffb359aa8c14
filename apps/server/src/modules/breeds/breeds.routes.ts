import type { FastifyInstance } from "fastify";
import { breedList, breedsQuery } from "@flockkeeper/shared/schemas/breeds-api";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { listBreeds } from "./breeds.service";

/** Breeds and rarity: `GET /api/breeds?species=&forms=1`. */
export async function breedsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/breeds",
    { schema: { querystring: breedsQuery, response: { 200: breedList } } },
    async (req) =>
      listBreeds(req.query.species, req.query.forms === "1" || req.query.forms === "true"),
  );
}
