import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  createWeightRecordBody,
  recentQuery,
  updateWeightRecordBody,
  weightRecord,
  weightRecordList,
} from "@flockkeeper/shared/schemas/production";
import { uuidParam } from "@flockkeeper/shared/schemas/common";
import {
  createWeightRecord,
  deleteWeightRecord,
  recentWeightRecords,
  updateWeightRecord,
} from "./weight-records.service";
import { keeperOf } from "../../access/access";

/** Weight records: add a weigh-in, list the recent ones, correct or delete one. */
export async function weightRecordsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireUser };
  const write = {
    permission: "record.add" as const,
    rateLimit: { max: 240, timeWindow: "1 minute" },
  };

  r.get(
    "/api/weight-records/recent",
    { ...auth, schema: { querystring: recentQuery, response: { 200: weightRecordList } } },
    async (req) => recentWeightRecords(app.db, keeperOf(req), req.query),
  );

  r.post(
    "/api/weight-records",
    {
      ...auth,
      config: write,
      schema: { body: createWeightRecordBody, response: { 201: weightRecord } },
    },
    async (req, reply) =>
      reply.code(201).send(await createWeightRecord(app.db, keeperOf(req), req.body)),
  );

  // Corrections: every member may, a helper only their own records within 24 h (the service checks).
  r.patch(
    "/api/weight-records/:id",
    {
      ...auth,
      config: write,
      schema: { params: uuidParam, body: updateWeightRecordBody, response: { 200: weightRecord } },
    },
    async (req) => updateWeightRecord(app.db, keeperOf(req), req.params.id, req.body),
  );

  r.delete(
    "/api/weight-records/:id",
    { ...auth, config: write, schema: { params: uuidParam } },
    async (req, reply) => {
      await deleteWeightRecord(app.db, keeperOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
