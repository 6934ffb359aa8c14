import type { FastifyInstance } from "fastify";
import { sendJsonText } from "../../lib/response-serializer";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { uuidParam } from "@flockkeeper/shared/schemas/common";
import {
  createFlockBody,
  createFlockEventBody,
  flock,
  flockEvent,
  flockEventList,
  flockEventParams,
  flockList,
  flockListQuery,
  flockProduction,
  flockProductionQuery,
  flockQuery,
  updateFlockBody,
  updateFlockEventBody,
} from "@flockkeeper/shared/schemas/flock";
import { keeperOf } from "../../access/access";
import {
  createFlock,
  createFlockEvent,
  deleteFlock,
  deleteFlockEvent,
  getFlock,
  listFlockEvents,
  listFlocksJson,
  updateFlock,
  updateFlockEvent,
} from "./flocks.service";
import { farmProduction, flockProductionOf } from "./flock-production.service";

const writeLimit = { max: 120, timeWindow: "1 minute" };

/**
 * Flocks and their life events (issue 19): `GET/POST /api/flocks`, `GET/PATCH/DELETE
 * /api/flocks/{id}`, `GET/POST /api/flocks/{id}/events`, `PATCH/DELETE /api/flocks/{id}/events/{eventId}`,
 * and production over hen-days: `GET /api/flocks/{id}/production`, `GET /api/flocks/production`.
 */
export async function flocksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireUser };

  r.get(
    "/api/flocks",
    { ...auth, schema: { querystring: flockListQuery, response: { 200: flockList } } },
    async (req, reply) => {
      const list = await listFlocksJson(app.db, keeperOf(req), req.query);
      if (typeof list !== "string") return list;
      // Already JSON of a flockList (see listFlocksJson): sent as it is.
      return sendJsonText(reply, list);
    },
  );

  // Before /api/flocks/:id so "production" is not read as an id.
  r.get(
    "/api/flocks/production",
    { ...auth, schema: { querystring: flockProductionQuery, response: { 200: flockProduction } } },
    async (req) => farmProduction(app.db, keeperOf(req), req.query),
  );

  r.get(
    "/api/flocks/:id",
    { ...auth, schema: { params: uuidParam, querystring: flockQuery, response: { 200: flock } } },
    async (req) => getFlock(app.db, keeperOf(req), req.params.id, req.query),
  );

  r.post(
    "/api/flocks",
    {
      ...auth,
      config: { permission: "farm.write", rateLimit: writeLimit },
      schema: { body: createFlockBody, response: { 201: flock } },
    },
    async (req, reply) => reply.code(201).send(await createFlock(app.db, keeperOf(req), req.body)),
  );

  r.patch(
    "/api/flocks/:id",
    {
      ...auth,
      config: { permission: "farm.write", rateLimit: writeLimit },
      schema: { params: uuidParam, body: updateFlockBody, response: { 200: flock } },
    },
    async (req) => updateFlock(app.db, keeperOf(req), req.params.id, req.body),
  );

  r.delete(
    "/api/flocks/:id",
    { ...auth, config: { permission: "farm.write" }, schema: { params: uuidParam } },
    async (req, reply) => {
      await deleteFlock(app.db, keeperOf(req), req.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    "/api/flocks/:id/production",
    {
      ...auth,
      schema: {
        params: uuidParam,
        querystring: flockProductionQuery,
        response: { 200: flockProduction },
      },
    },
    async (req) => flockProductionOf(app.db, keeperOf(req), req.params.id, req.query),
  );

  r.get(
    "/api/flocks/:id/events",
    { ...auth, schema: { params: uuidParam, response: { 200: flockEventList } } },
    async (req) => listFlockEvents(app.db, keeperOf(req), req.params.id),
  );

  // Helpers record losses and arrivals too (a sitter finds a dead hen); they correct only their own.
  r.post(
    "/api/flocks/:id/events",
    {
      ...auth,
      config: { permission: "record.add", rateLimit: writeLimit },
      schema: { params: uuidParam, body: createFlockEventBody, response: { 201: flockEvent } },
    },
    async (req, reply) =>
      reply.code(201).send(await createFlockEvent(app.db, keeperOf(req), req.params.id, req.body)),
  );

  r.patch(
    "/api/flocks/:id/events/:eventId",
    {
      ...auth,
      config: { permission: "record.add", rateLimit: writeLimit },
      schema: {
        params: flockEventParams,
        body: updateFlockEventBody,
        response: { 200: flockEvent },
      },
    },
    async (req) =>
      updateFlockEvent(app.db, keeperOf(req), req.params.id, req.params.eventId, req.body),
  );

  r.delete(
    "/api/flocks/:id/events/:eventId",
    { ...auth, config: { permission: "record.add" }, schema: { params: flockEventParams } },
    async (req, reply) => {
      await deleteFlockEvent(app.db, keeperOf(req), req.params.id, req.params.eventId);
      return reply.code(204).send();
    },
  );
}
