import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isoDate } from "@flockkeeper/shared/schemas/common";
import {
  generatePredictionsResponse,
  healthPredictionList,
} from "@flockkeeper/shared/schemas/production";
import { generatePredictions, recentPredictions } from "./health-predictions.service";
import { keeperOf } from "../../access/access";

// The keeper's local date, so "the last 14 days" are theirs (no body, per the spec).
const generateQuery = z.object({ today: isoDate.optional() });

/** Rule-based health risk predictions: generate for every bird, list the latest. */
export async function healthPredictionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireUser };

  r.get(
    "/api/health-predictions/recent",
    { ...auth, schema: { response: { 200: healthPredictionList } } },
    async (req) => recentPredictions(app.db, keeperOf(req)),
  );

  // No body (spec). Each run reads the whole flock's recent records, so it is rate limited.
  r.post(
    "/api/health-predictions/generate",
    {
      ...auth,
      config: { permission: "farm.write", rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: { querystring: generateQuery, response: { 201: generatePredictionsResponse } },
    },
    async (req, reply) =>
      reply.code(201).send(await generatePredictions(app.db, keeperOf(req), req.query.today)),
  );
}
