import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  createWeightRecordBody,
  recentQuery,
  weightRecord,
  weightRecordList,
} from "@flockkeeper/shared/schemas/production";
import { createWeightRecord, recentWeightRecords } from "./weight-records.service";
import { keeperOf } from "../../access/access";

/** Weight records: add a weigh-in, list the recent ones. */
export async function weightRecordsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireUser };

  r.get(
    "/api/weight-records/recent",
    { ...auth, schema: { querystring: recentQuery, response: { 200: weightRecordList } } },
    async (req) => recentWeightRecords(app.db, keeperOf(req), req.query),
  );

  r.post(
    "/api/weight-records",
    {
      ...auth,
      config: { permission: "record.add", rateLimit: { max: 240, timeWindow: "1 minute" } },
      schema: { body: createWeightRecordBody, response: { 201: weightRecord } },
    },
    async (req, reply) =>
      reply.code(201).send(await createWeightRecord(app.db, keeperOf(req), req.body)),
  );
}
