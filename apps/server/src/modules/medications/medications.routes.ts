import type { FastifyInstance } from "fastify";
import {
  MEDICATIONS_DISCLAIMER,
  medicationsResponse,
} from "@flockkeeper/shared/schemas/medication";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { getMedications } from "../../knowledge/medications";

/**
 * The medications list (knowledge base, public): `GET /api/medications`. The answer carries the
 * disclaimer beside the records, so no client can show the withdrawal figures without it.
 */
export async function medicationsRoutes(app: FastifyInstance) {
  getMedications();
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/medications", { schema: { response: { 200: medicationsResponse } } }, async () => ({
    disclaimer: MEDICATIONS_DISCLAIMER,
    medications: [...getMedications().list],
  }));
}
