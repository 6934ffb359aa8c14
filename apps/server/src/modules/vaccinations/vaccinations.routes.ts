import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { uuidParam } from "@flockkeeper/shared/schemas/common";
import {
  createVaccinationBody,
  markVaccinationDoneBody,
  updateVaccinationBody,
  vaccinationList,
  vaccinationRecord,
} from "@flockkeeper/shared/schemas/vaccination";
import {
  importVaccinationsBody,
  importVaccinationsResponse,
} from "@flockkeeper/shared/schemas/vaccination-import";
import {
  createVaccination,
  deleteVaccination,
  importVaccinations,
  listVaccinations,
  markVaccinationDone,
  updateVaccination,
} from "./vaccinations.service";
import { keeperOf } from "../../access/access";

/** The signed-in keeper's vaccination records under `/api/vaccinations` (private per keeper). */
export async function vaccinationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const write = { rateLimit: { max: 60, timeWindow: "1 minute" } };

  r.get(
    "/api/vaccinations",
    { schema: { response: { 200: vaccinationList } }, preHandler: app.requireUser },
    async (req) => listVaccinations(app.db, keeperOf(req)),
  );

  r.post(
    "/api/vaccinations",
    {
      schema: { body: createVaccinationBody, response: { 201: vaccinationRecord } },
      preHandler: app.requireUser,
      config: { ...write, permission: "farm.write" },
    },
    async (req, reply) => {
      const record = await createVaccination(app.db, keeperOf(req), req.body);
      return reply.code(201).send(record);
    },
  );

  r.post(
    "/api/vaccinations/import",
    {
      schema: { body: importVaccinationsBody, response: { 200: importVaccinationsResponse } },
      preHandler: app.requireUser,
      config: { permission: "farm.write", rateLimit: { max: 10, timeWindow: "1 minute" } },
    },
    async (req) => {
      const imported = await importVaccinations(app.db, keeperOf(req), req.body.records);
      return { imported, records: await listVaccinations(app.db, keeperOf(req)) };
    },
  );

  r.patch(
    "/api/vaccinations/:id/done",
    {
      // The body is optional: no body (or {}) means "done today".
      schema: {
        params: uuidParam,
        body: markVaccinationDoneBody.nullish(),
        response: { 200: vaccinationRecord },
      },
      preHandler: app.requireUser,
      config: { ...write, permission: "record.add" },
    },
    async (req) => markVaccinationDone(app.db, keeperOf(req), req.params.id, req.body?.date),
  );

  // Corrections: every member may, a helper only their own records within 24 h (the service checks).
  r.patch(
    "/api/vaccinations/:id",
    {
      schema: {
        params: uuidParam,
        body: updateVaccinationBody,
        response: { 200: vaccinationRecord },
      },
      preHandler: app.requireUser,
      config: { ...write, permission: "record.add" },
    },
    async (req) => updateVaccination(app.db, keeperOf(req), req.params.id, req.body),
  );

  r.delete(
    "/api/vaccinations/:id",
    {
      schema: { params: uuidParam },
      preHandler: app.requireUser,
      config: { ...write, permission: "record.add" },
    },
    async (req, reply) => {
      await deleteVaccination(app.db, keeperOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
