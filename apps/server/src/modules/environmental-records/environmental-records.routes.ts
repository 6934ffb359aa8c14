import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  createEnvironmentalRecordBody,
  environmentalRecord,
  environmentalRecordList,
  recentQuery,
} from "@flockkeeper/shared/schemas/production";
import {
  createEnvironmentalRecord,
  recentEnvironmentalRecords,
} from "./environmental-records.service";
import { keeperOf } from "../../access/access";

/** Environmental (coop) records: add a reading, list the recent ones. */
export async function environmentalRecordsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireUser };

  r.get(
    "/api/environmental-records/recent",
    { ...auth, schema: { querystring: recentQuery, response: { 200: environmentalRecordList } } },
    async (req) => recentEnvironmentalRecords(app.db, keeperOf(req), req.query),
  );

  r.post(
    "/api/environmental-records",
    {
      ...auth,
      config: { permission: "record.add", rateLimit: { max: 240, timeWindow: "1 minute" } },
      schema: { body: createEnvironmentalRecordBody, response: { 201: environmentalRecord } },
    },
    async (req, reply) =>
      reply.code(201).send(await createEnvironmentalRecord(app.db, keeperOf(req), req.body)),
  );
}
