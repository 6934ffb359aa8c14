import type { FastifyInstance } from "fastify";
import { diagnoseBody, diagnoseResponse } from "@flockkeeper/shared/schemas/condition";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { getKnowledge } from "../../knowledge/index";
import { diagnoseSymptoms } from "./health-conditions.service";

/** Symptom checker: `POST /api/health-conditions/diagnose`. */
export async function healthConditionsRoutes(app: FastifyInstance) {
  getKnowledge();
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/health-conditions/diagnose",
    {
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      bodyLimit: 64 * 1024,
      schema: { body: diagnoseBody, response: { 200: diagnoseResponse } },
    },
    async (req) => diagnoseSymptoms(req.body.symptoms),
  );
}
