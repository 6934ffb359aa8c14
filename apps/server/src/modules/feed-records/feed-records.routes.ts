import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  createFeedRecordBody,
  createFlockFeedRecordBody,
  feedRecord,
  feedRecordList,
  recentQuery,
  updateFeedRecordBody,
} from "@flockkeeper/shared/schemas/production";
import { uuidParam } from "@flockkeeper/shared/schemas/common";
import {
  createFeedRecord,
  createFlockFeedRecords,
  deleteFeedRecord,
  recentFeedRecords,
  updateFeedRecord,
} from "./feed-records.service";
import { keeperOf } from "../../access/access";

/** Feed records: add for one bird or the whole flock, list the recent ones, correct or delete one. */
export async function feedRecordsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // onRequest: a signed-out caller is refused before the body is validated.
  const auth = { onRequest: app.requireUser };
  const writeLimit = { rateLimit: { max: 240, timeWindow: "1 minute" } };

  r.get(
    "/api/feed-records/recent",
    { ...auth, schema: { querystring: recentQuery, response: { 200: feedRecordList } } },
    async (req) => recentFeedRecords(app.db, keeperOf(req), req.query),
  );

  r.post(
    "/api/feed-records",
    {
      ...auth,
      config: { ...writeLimit, permission: "record.add" },
      schema: { body: createFeedRecordBody, response: { 201: feedRecord } },
    },
    async (req, reply) =>
      reply.code(201).send(await createFeedRecord(app.db, keeperOf(req), req.body)),
  );

  r.post(
    "/api/feed-records/flock",
    {
      ...auth,
      config: { ...writeLimit, permission: "record.add" },
      schema: { body: createFlockFeedRecordBody, response: { 201: feedRecordList } },
    },
    async (req, reply) =>
      reply.code(201).send(await createFlockFeedRecords(app.db, keeperOf(req), req.body)),
  );

  // Corrections: every member may, a helper only their own records within 24 h (the service checks).
  r.patch(
    "/api/feed-records/:id",
    {
      ...auth,
      config: { ...writeLimit, permission: "record.add" },
      schema: { params: uuidParam, body: updateFeedRecordBody, response: { 200: feedRecord } },
    },
    async (req) => updateFeedRecord(app.db, keeperOf(req), req.params.id, req.body),
  );

  r.delete(
    "/api/feed-records/:id",
    { ...auth, config: { ...writeLimit, permission: "record.add" }, schema: { params: uuidParam } },
    async (req, reply) => {
      await deleteFeedRecord(app.db, keeperOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
