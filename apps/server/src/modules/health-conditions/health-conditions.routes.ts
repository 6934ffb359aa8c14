import type { FastifyInstance } from "fastify";
import {
  NOT_UNDERSTOOD_HEADER,
  diagnoseBody,
  diagnoseResponse,
} from "@flockkeeper/shared/schemas/condition";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { conditionSummaryList } from "@flockkeeper/shared/schemas/loss";
import { conditionSummaries } from "../../knowledge/conditions";
import { diagnoseSymptoms } from "./health-conditions.service";

/**
 * Symptom checker: `POST /api/health-conditions/diagnose`; the conditions base for pickers (a loss's
 * or a treatment's condition): `GET /api/health-conditions`.
 */
export async function healthConditionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/health-conditions",
    { schema: { response: { 200: conditionSummaryList } } },
    async () => conditionSummaries(),
  );
  r.post(
    "/api/health-conditions/diagnose",
    {
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      bodyLimit: 64 * 1024,
      schema: { body: diagnoseBody, response: { 200: diagnoseResponse } },
    },
    async (req, reply) => {
      const { conditions, notUnderstood } = diagnoseSymptoms(req.body);
      // The body stays the spec's list of conditions (older clients read it as is); what was not
      // understood travels beside it, URI-encoded so any text is a valid header value.
      if (notUnderstood.length > 0) {
        // Kept short (10 texts of 80 characters) so it fits any proxy's header limits.
        const shown = notUnderstood.slice(0, 10).map((t) => t.slice(0, 80));
        reply.header(NOT_UNDERSTOOD_HEADER, encodeURIComponent(JSON.stringify(shown)));
      }
      return conditions;
    },
  );
}
