import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { newsletterBody, newsletterResponse } from "@flockkeeper/shared/schemas/newsletter";
import { subscribe } from "./newsletter.service";

/** `POST /api/newsletter`: validated, idempotent, small and rate limited per address. */
export async function newsletterRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/newsletter",
    {
      bodyLimit: 2 * 1024,
      schema: { body: newsletterBody, response: { 200: newsletterResponse } },
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
    },
    async (req) => subscribe(app.db, req.body.email),
  );
}
