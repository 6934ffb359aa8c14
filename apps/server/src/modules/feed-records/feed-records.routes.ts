import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  createFeedRecordBody,
  createFlockFeedRecordBody,
  feedRecord,
  feedRecordList,
  recentQuery,
} from "@flockkeeper/shared/schemas/production";
import {
  createFeedRecord,
  createFlockFeedRecords,
  recentFeedRecords,
} from "./feed-records.service";
import { keeperOf } from "../../access/access";

/** Feed records: add for one bird or the whole flock, list the recent ones. */
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
}
