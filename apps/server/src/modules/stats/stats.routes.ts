import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { statsResponse, type StatsResponse } from "@flockkeeper/shared/schemas/stats";
import type { ModuleOptions } from "../module";
import { countStats } from "./stats.service";

export const STATS_TTL_MS = 60_000;

/** `GET /api/stats`: live marketing figures, counted at most once a minute per instance. */
export async function statsRoutes(app: FastifyInstance, opts: ModuleOptions) {
  let cached: { at: number; value: Promise<StatsResponse> } | null = null;

  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/stats",
    {
      schema: { response: { 200: statsResponse } },
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
    },
    async (req, reply) => {
      const now = Date.now();
      if (!cached || now - cached.at >= STATS_TTL_MS) {
        const value = countStats(app.db, opts.config.socialUrl, req.log);
        cached = { at: now, value };
        // A failed count must not stick for a minute.
        value.catch(() => {
          if (cached?.value === value) cached = null;
        });
      }
      const stats = await cached.value;
      return reply.header("cache-control", "public, max-age=60").send(stats);
    },
  );
}
