import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { LRUCache } from "lru-cache";
import { statsResponse, type StatsResponse } from "@flockkeeper/shared/schemas/stats";
import type { ModuleOptions } from "../module";
import { countStats } from "./stats.service";

export const STATS_TTL_MS = 60_000;

/** `GET /api/stats`: live marketing figures, counted at most once a minute per instance. */
export async function statsRoutes(app: FastifyInstance, opts: ModuleOptions) {
  // One entry. lru-cache's fetch shares one count among concurrent requests and drops a failed
  // count at once (it must not stick for a minute). The answer says `max-age=60` to every HTTP
  // cache anyway, so an instance serving a count up to a minute old is within what it promises.
  const cache = new LRUCache<"stats", StatsResponse, FastifyBaseLogger>({
    max: 1,
    ttl: STATS_TTL_MS,
    fetchMethod: (_key, _stale, { context }) => countStats(app.db, opts.config.socialUrl, context),
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/stats",
    {
      schema: { response: { 200: statsResponse } },
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
    },
    async (req, reply) => {
      const stats = await cache.fetch("stats", { context: req.log });
      return reply.header("cache-control", "public, max-age=60").send(stats!);
    },
  );
}
