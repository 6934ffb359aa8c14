import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  createEnvironmentalRecordBody,
  environmentalRecord,
  environmentalRecordList,
  recentQuery,
  updateEnvironmentalRecordBody,
} from "@flockkeeper/shared/schemas/production";
import { uuidParam } from "@flockkeeper/shared/schemas/common";
import {
  createEnvironmentalRecord,
  deleteEnvironmentalRecord,
  recentEnvironmentalRecords,
  updateEnvironmentalRecord,
} from "./environmental-records.service";
import { keeperOf } from "../../access/access";

/** Environmental (coop) records: add a reading, list the recent ones, correct or delete one. */
export async function environmentalRecordsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireUser };
  const write = {
    permission: "record.add" as const,
    rateLimit: { max: 240, timeWindow: "1 minute" },
  };

  r.get(
    "/api/environmental-records/recent",
    { ...auth, schema: { querystring: recentQuery, response: { 200: environmentalRecordList } } },
    async (req) => recentEnvironmentalRecords(app.db, keeperOf(req), req.query),
  );

  r.post(
    "/api/environmental-records",
    {
      ...auth,
      config: write,
      schema: { body: createEnvironmentalRecordBody, response: { 201: environmentalRecord } },
    },
    async (req, reply) =>
      reply.code(201).send(await createEnvironmentalRecord(app.db, keeperOf(req), req.body)),
  );

  // Corrections: every member may, a helper only their own records within 24 h (the service checks).
  r.patch(
    "/api/environmental-records/:id",
    {
      ...auth,
      config: write,
      schema: {
        params: uuidParam,
        body: updateEnvironmentalRecordBody,
        response: { 200: environmentalRecord },
      },
    },
    async (req) => updateEnvironmentalRecord(app.db, keeperOf(req), req.params.id, req.body),
  );

  r.delete(
    "/api/environmental-records/:id",
    { ...auth, config: write, schema: { params: uuidParam } },
    async (req, reply) => {
      await deleteEnvironmentalRecord(app.db, keeperOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
