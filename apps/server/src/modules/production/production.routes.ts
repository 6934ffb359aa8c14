import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  exportParams,
  periodQuery,
  productionSummary,
  productionTrends,
  summaryQuery,
} from "@flockkeeper/shared/schemas/production";
import { exportCsv, getSummary, getTrends } from "./production.service";
import { keeperOf } from "../../access/access";

/** Production summary, chart trends and CSV export, over a period of 7, 14, 30 or 90 days. */
export async function productionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireUser };
  // Answers that depend only on the keeper's records and settings, the URL and the date
  // (plugins/read-cache.ts).
  const cached = { keeperReadCache: true };

  r.get(
    "/api/production/summary",
    {
      ...auth,
      config: { ...cached, permission: "money.read" },
      schema: { querystring: summaryQuery, response: { 200: productionSummary } },
    },
    async (req) => getSummary(app.db, keeperOf(req), req.query),
  );

  r.get(
    "/api/production/trends",
    {
      ...auth,
      config: { ...cached, permission: "money.read" },
      schema: { querystring: periodQuery, response: { 200: productionTrends } },
    },
    async (req) => getTrends(app.db, keeperOf(req), req.query),
  );

  r.get(
    "/api/production/export/:type",
    {
      ...auth,
      config: { permission: "money.read", rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: { params: exportParams, querystring: periodQuery, response: { 200: z.string() } },
    },
    async (req, reply) => {
      const { filename, body } = await exportCsv(app.db, keeperOf(req), req.params.type, req.query);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "private, no-store")
        .send(body);
    },
  );
}
