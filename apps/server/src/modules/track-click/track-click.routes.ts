import type { FastifyInstance } from "fastify";
import { trackClickBody } from "@flockkeeper/shared/schemas/track-click";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ClickWriter, clickRow } from "./track-click.service";

/** `POST /api/track-click`: bounded in size and rate so it cannot be used to fill the disk. */
export async function trackClickRoutes(app: FastifyInstance) {
  const writer = new ClickWriter(app.db);
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/track-click",
    {
      bodyLimit: 8 * 1024,
      schema: { body: trackClickBody },
      preHandler: app.optionalUser,
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
    },
    async (req, reply) => {
      await writer.record(clickRow(req.body, req.user?.id ?? null));
      return reply.code(204).send();
    },
  );
}
