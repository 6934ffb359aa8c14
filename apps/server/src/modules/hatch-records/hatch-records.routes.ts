import type { FastifyInstance } from "fastify";
import { uuidParam } from "@flockkeeper/shared/schemas/common";
import {
  candlingBody,
  candlingParams,
  candlingUpdateBody,
  createHatchRecordBody,
  hatchBreederHistory,
  hatchHistory,
  hatchListQuery,
  hatchRecord,
  hatchRecordList,
  hatchResultBody,
  hatchTodayQuery,
  markHatchBody,
  updateHatchRecordBody,
} from "@flockkeeper/shared/schemas/hatch-record";
import { incubationProfileList } from "@flockkeeper/shared/schemas/incubation-profile";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { getIncubationProfiles } from "../../knowledge/incubation-profiles";
import {
  addCandling,
  createHatch,
  deleteCandling,
  deleteHatch,
  getHatch,
  hatchBreederHistory as breederHistoryOf,
  hatchHistory as historyOf,
  listActiveHatches,
  listHatches,
  markHatch,
  recordResult,
  updateCandling,
  updateHatch,
} from "./hatch-records.service";
import { keeperOf } from "../../access/access";

/**
 * Hatching: incubation profiles, hatch records with their countdown and today's task, candlings,
 * the result, and the history per breed and per breeder pair. Every answer about a record counts from `?today=`.
 */
export async function hatchRecordsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // onRequest: a signed-out caller is refused before the body is validated.
  const auth = { onRequest: app.requireUser };
  const writeLimit = { rateLimit: { max: 120, timeWindow: "1 minute" } };

  r.get(
    "/api/incubation-profiles",
    { schema: { response: { 200: incubationProfileList } } },
    async () => [...getIncubationProfiles().list],
  );

  r.get(
    "/api/hatch-records/active",
    { ...auth, schema: { querystring: hatchTodayQuery, response: { 200: hatchRecordList } } },
    async (req) => listActiveHatches(app.db, keeperOf(req), req.query),
  );

  r.get(
    "/api/hatch-records",
    { ...auth, schema: { querystring: hatchListQuery, response: { 200: hatchRecordList } } },
    async (req) => listHatches(app.db, keeperOf(req), req.query),
  );

  r.get(
    "/api/hatch-records/history",
    { ...auth, schema: { response: { 200: hatchHistory } } },
    async (req) => historyOf(app.db, keeperOf(req)),
  );

  r.get(
    "/api/hatch-records/history/breeders",
    { ...auth, schema: { response: { 200: hatchBreederHistory } } },
    async (req) => breederHistoryOf(app.db, keeperOf(req)),
  );

  r.get(
    "/api/hatch-records/:id",
    {
      ...auth,
      schema: { params: uuidParam, querystring: hatchTodayQuery, response: { 200: hatchRecord } },
    },
    async (req) => getHatch(app.db, keeperOf(req), req.params.id, req.query),
  );

  r.post(
    "/api/hatch-records",
    {
      ...auth,
      config: { ...writeLimit, permission: "farm.write" },
      schema: {
        querystring: hatchTodayQuery,
        body: createHatchRecordBody,
        response: { 201: hatchRecord },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await createHatch(app.db, keeperOf(req), req.body, req.query)),
  );

  // Corrections: owners and keepers, like every other hatch write (helpers start no incubations,
  // so there is none of theirs to correct).
  r.patch(
    "/api/hatch-records/:id",
    {
      ...auth,
      config: { ...writeLimit, permission: "farm.write" },
      schema: {
        params: uuidParam,
        querystring: hatchTodayQuery,
        body: updateHatchRecordBody,
        response: { 200: hatchRecord },
      },
    },
    async (req) => updateHatch(app.db, keeperOf(req), req.params.id, req.body, req.query),
  );

  r.delete(
    "/api/hatch-records/:id",
    {
      ...auth,
      config: { ...writeLimit, permission: "farm.write" },
      schema: { params: uuidParam },
    },
    async (req, reply) => {
      await deleteHatch(app.db, keeperOf(req), req.params.id);
      return reply.code(204).send();
    },
  );

  r.patch(
    "/api/hatch-records/:id/mark-success",
    {
      ...auth,
      config: { ...writeLimit, permission: "farm.write" },
      schema: {
        params: uuidParam,
        querystring: hatchTodayQuery,
        body: markHatchBody,
        response: { 200: hatchRecord },
      },
    },
    async (req) => markHatch(app.db, keeperOf(req), req.params.id, req.body, req.query),
  );

  r.post(
    "/api/hatch-records/:id/candlings",
    {
      ...auth,
      config: { ...writeLimit, permission: "farm.write" },
      schema: {
        params: uuidParam,
        querystring: hatchTodayQuery,
        body: candlingBody,
        response: { 201: hatchRecord },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await addCandling(app.db, keeperOf(req), req.params.id, req.body, req.query)),
  );

  r.patch(
    "/api/hatch-records/:id/candlings/:candlingId",
    {
      ...auth,
      config: { ...writeLimit, permission: "farm.write" },
      schema: {
        params: candlingParams,
        querystring: hatchTodayQuery,
        body: candlingUpdateBody,
        response: { 200: hatchRecord },
      },
    },
    async (req) =>
      updateCandling(
        app.db,
        keeperOf(req),
        req.params.id,
        req.params.candlingId,
        req.body,
        req.query,
      ),
  );

  r.delete(
    "/api/hatch-records/:id/candlings/:candlingId",
    {
      ...auth,
      config: { ...writeLimit, permission: "farm.write" },
      schema: {
        params: candlingParams,
        querystring: hatchTodayQuery,
        response: { 200: hatchRecord },
      },
    },
    async (req) =>
      deleteCandling(app.db, keeperOf(req), req.params.id, req.params.candlingId, req.query),
  );

  r.post(
    "/api/hatch-records/:id/result",
    {
      ...auth,
      config: { ...writeLimit, permission: "farm.write" },
      schema: {
        params: uuidParam,
        querystring: hatchTodayQuery,
        body: hatchResultBody,
        response: { 200: hatchRecord },
      },
    },
    async (req) => recordResult(app.db, keeperOf(req), req.params.id, req.body, req.query),
  );
}
