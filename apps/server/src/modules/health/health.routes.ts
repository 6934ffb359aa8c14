import type { FastifyInstance } from "fastify";
import { healthResponse } from "@flockkeeper/shared/schemas/health";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DATABASE_RETRY_AFTER_S } from "../../lib/errors";

/** `GET /api/health`: 200 when the database answers, 503 otherwise. */
export async function healthRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/health",
      { schema: { response: { 200: healthResponse, 503: healthResponse } } },
      async (_req, reply) => {
        try {
          await Promise.race([
            app.dbHandle.ping(),
            new Promise((_, reject) =>
              setTimeout(() => reject(new Error("timeout")), 2000).unref(),
            ),
          ]);
          return reply.header("cache-control", "no-store").send({ status: "ok" as const });
        } catch {
          return reply
            .code(503)
            .header("retry-after", String(DATABASE_RETRY_AFTER_S))
            .header("cache-control", "no-store")
            .send({ status: "unavailable" as const });
        }
      },
    );
}
