import type { FastifyInstance } from "fastify";
import { sendJsonText } from "../../lib/response-serializer";
import {
  createEggRecordBatchBody,
  createEggRecordBody,
  eggAnalyticsResponse,
  eggRecord,
  eggRecordBatchResponse,
  eggRecordList,
  eggRecordRangeQuery,
  eggStatsQuery,
  eggStatsResponse,
  updateEggRecordBody,
} from "@flockkeeper/shared/schemas/egg-record";
import { uuidParam } from "@flockkeeper/shared/schemas/common";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  createEggRecord,
  createEggRecordBatch,
  deleteEggRecord,
  eggAnalytics,
  eggStats,
  listEggRecordsJson,
  updateEggRecord,
} from "./egg-records.service";
import { keeperOf } from "../../access/access";

/** Egg records: list, add one, add a day's counts at once, correct or delete one, stats and analytics. */
export async function eggRecordsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // onRequest: a signed-out caller is refused before the body is validated.
  const auth = { onRequest: app.requireUser };
  // Answers that depend only on the keeper's records, the URL and the date (plugins/read-cache.ts).
  const cached = { keeperReadCache: true };
  const writeLimit = { rateLimit: { max: 240, timeWindow: "1 minute" } };

  r.get(
    "/api/egg-records",
    {
      ...auth,
      config: cached,
      schema: { querystring: eggRecordRangeQuery, response: { 200: eggRecordList } },
    },
    async (req, reply) => {
      // Already JSON of an eggRecordList (see listEggRecordsJson): sent as it is.
      const json = await listEggRecordsJson(app.db, keeperOf(req), req.query);
      return sendJsonText(reply, json);
    },
  );

  r.get(
    "/api/egg-records/stats",
    {
      ...auth,
      config: cached,
      schema: { querystring: eggStatsQuery, response: { 200: eggStatsResponse } },
    },
    async (req) => eggStats(app.db, keeperOf(req), req.query),
  );

  r.get(
    "/api/egg-records/analytics",
    {
      ...auth,
      schema: { querystring: eggRecordRangeQuery, response: { 200: eggAnalyticsResponse } },
    },
    async (req) => eggAnalytics(app.db, keeperOf(req), req.query),
  );

  r.post(
    "/api/egg-records",
    {
      ...auth,
      config: { ...writeLimit, permission: "record.add" },
      schema: { body: createEggRecordBody, response: { 201: eggRecord } },
    },
    async (req, reply) =>
      reply.code(201).send(await createEggRecord(app.db, keeperOf(req), req.body)),
  );

  r.post(
    "/api/egg-records/batch",
    {
      ...auth,
      config: { ...writeLimit, permission: "record.add" },
      schema: { body: createEggRecordBatchBody, response: { 201: eggRecordBatchResponse } },
    },
    async (req, reply) =>
      reply.code(201).send(await createEggRecordBatch(app.db, keeperOf(req), req.body)),
  );

  // Corrections: every member may, a helper only their own records within 24 h (the service checks).
  r.patch(
    "/api/egg-records/:id",
    {
      ...auth,
      config: { ...writeLimit, permission: "record.add" },
      schema: { params: uuidParam, body: updateEggRecordBody, response: { 200: eggRecord } },
    },
    async (req) => updateEggRecord(app.db, keeperOf(req), req.params.id, req.body),
  );

  r.delete(
    "/api/egg-records/:id",
    {
      ...auth,
      config: { ...writeLimit, permission: "record.add" },
      schema: { params: uuidParam },
    },
    async (req, reply) => {
      await deleteEggRecord(app.db, keeperOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
