import type { FastifyInstance } from "fastify";
import { uuidParam } from "@flockkeeper/shared/schemas/common";
import {
  createHatchRecordBody,
  hatchRecord,
  hatchRecordList,
  markHatchBody,
} from "@flockkeeper/shared/schemas/hatch-record";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createHatch, listActiveHatches, listHatches, markHatch } from "./hatch-records.service";
import { keeperOf } from "../../access/access";

/** Hatch countdown: active list, all records, start an incubation, record its outcome. */
export async function hatchRecordsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // onRequest: a signed-out caller is refused before the body is validated.
  const auth = { onRequest: app.requireUser };
  const writeLimit = { rateLimit: { max: 120, timeWindow: "1 minute" } };

  r.get(
    "/api/hatch-records/active",
    { ...auth, schema: { response: { 200: hatchRecordList } } },
    async (req) => listActiveHatches(app.db, keeperOf(req)),
  );

  r.get(
    "/api/hatch-records",
    { ...auth, schema: { response: { 200: hatchRecordList } } },
    async (req) => listHatches(app.db, keeperOf(req)),
  );

  r.post(
    "/api/hatch-records",
    {
      ...auth,
      config: writeLimit,
      schema: { body: createHatchRecordBody, response: { 201: hatchRecord } },
    },
    async (req, reply) => reply.code(201).send(await createHatch(app.db, keeperOf(req), req.body)),
  );

  r.patch(
    "/api/hatch-records/:id/mark-success",
    {
      ...auth,
      config: writeLimit,
      schema: { params: uuidParam, body: markHatchBody, response: { 200: hatchRecord } },
    },
    async (req) => markHatch(app.db, keeperOf(req), req.params.id, req.body),
  );
}
