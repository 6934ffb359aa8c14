import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isoDate } from "@flockkeeper/shared/schemas/common";
import { diseaseAlertList } from "@flockkeeper/shared/schemas/production";
import { activeAlerts } from "./disease-alerts.service";
import { keeperOf } from "../../access/access";

const alertsQuery = z.object({ today: isoDate.optional() });

/** Disease alerts raised from the keeper's records (nothing stored: computed on each request). */
export async function diseaseAlertsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/disease-alerts/active",
    {
      onRequest: app.requireUser,
      schema: { querystring: alertsQuery, response: { 200: diseaseAlertList } },
    },
    async (req) => activeAlerts(app.db, keeperOf(req), req.query.today),
  );
}
