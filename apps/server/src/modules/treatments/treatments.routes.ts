import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { uuidParam } from "@flockkeeper/shared/schemas/common";
import {
  createTreatmentBody,
  treatment,
  treatmentList,
  treatmentListQuery,
  updateTreatmentBody,
} from "@flockkeeper/shared/schemas/treatment";
import { keeperOf } from "../../access/access";
import {
  createTreatment,
  deleteTreatment,
  listTreatments,
  updateTreatment,
} from "./treatments.service";

const writeLimit = { max: 60, timeWindow: "1 minute" };

/**
 * Treatments (issue 20 item 1): `GET/POST /api/treatments`, `PATCH/DELETE /api/treatments/{id}`.
 * Every member reads them (a helper must know which eggs are withheld); owners and keepers write.
 */
export async function treatmentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireUser };

  r.get(
    "/api/treatments",
    { ...auth, schema: { querystring: treatmentListQuery, response: { 200: treatmentList } } },
    async (req) => listTreatments(app.db, keeperOf(req), req.query),
  );

  r.post(
    "/api/treatments",
    {
      ...auth,
      config: { permission: "farm.write", rateLimit: writeLimit },
      schema: { body: createTreatmentBody, response: { 201: treatment } },
    },
    async (req, reply) =>
      reply.code(201).send(await createTreatment(app.db, keeperOf(req), req.body)),
  );

  r.patch(
    "/api/treatments/:id",
    {
      ...auth,
      config: { permission: "farm.write", rateLimit: writeLimit },
      schema: { params: uuidParam, body: updateTreatmentBody, response: { 200: treatment } },
    },
    async (req) => updateTreatment(app.db, keeperOf(req), req.params.id, req.body),
  );

  r.delete(
    "/api/treatments/:id",
    {
      ...auth,
      config: { permission: "farm.write", rateLimit: writeLimit },
      schema: { params: uuidParam },
    },
    async (req, reply) => {
      await deleteTreatment(app.db, keeperOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
