import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AppConfig } from "../config";
import type { DatabaseHandle } from "../db/client";
import { resolveSession } from "../auth/session-store";
import { countersFor, namespaced, type Counters } from "../lib/counters";
import { sessionCookieName } from "./auth";

declare module "fastify" {
  interface FastifyInstance {
    /** Atomic fixed-window counters shared by every instance (see lib/counters.ts). */
    counters: Counters;
  }
}

type IncrCallback = (err: Error | null, res: { current: number; ttl: number } | null) => void;

/**
 * @fastify/rate-limit's custom store interface over our counters: `child` is called once per
 * limited route, so each route counts under its own method and URL.
 */
export function rateLimitStore(counters: Counters) {
  return class CountersStore {
    constructor(
      _params?: unknown,
      private readonly prefix = "",
    ) {}
    incr(key: string, cb: IncrCallback, timeWindow: number): void {
      counters.hit(this.prefix + key, timeWindow).then(
        (hit) => cb(null, { current: hit.count, ttl: hit.ttlMs }),
        (err: Error) => cb(err, null),
      );
    }
    child(routeOptions: { routeInfo: { method?: string | string[]; url?: string } }) {
      const { method, url } = routeOptions.routeInfo;
      return new CountersStore(undefined, `${String(method)} ${url ?? ""}|`);
    }
  };
}

/**
 * Who a request counts against: the keeper of a live, verified session, else the client address
 * (as Fastify derives it under TRUST_PROXY). Never the cookie as sent: a made-up cookie per request
 * would otherwise be a fresh allowance each time.
 */
export function rateLimitKeyGenerator(
  app: FastifyInstance,
  config: Pick<AppConfig, "cookieSecure" | "sessionIdleMs" | "sessionAbsoluteMs">,
) {
  const cookieName = sessionCookieName(config);
  const policy = { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs };
  return async (req: FastifyRequest): Promise<string> => {
    const token = req.cookies?.[cookieName];
    if (token) {
      const session = await resolveSession(app.db, token, policy);
      if (session) return `u:${session.user.id}`;
    }
    return `ip:${req.ip}`;
  };
}

/**
 * Request limits, opt-in per route (`config: { rateLimit: { max, timeWindow } }`), counted in the
 * shared counters. `namespace` keeps apps apart that share a store but must not share totals
 * (tests running beside each other on one PostgreSQL).
 */
export default fp(async function rateLimitPlugin(
  app: FastifyInstance,
  opts: {
    config: Pick<AppConfig, "redisUrl" | "cookieSecure" | "sessionIdleMs" | "sessionAbsoluteMs">;
    database: DatabaseHandle;
    namespace?: string;
    /**
     * Multiplies every route's `max` (default 1). Only tests that are about something else set it:
     * the access matrix sends hundreds of requests as one keeper. Never set from the environment.
     */
    scale?: number;
  },
) {
  const counters = namespaced(
    await countersFor({ redisUrl: opts.config.redisUrl, database: opts.database }),
    opts.namespace ?? "",
  );
  app.decorate("counters", counters);
  app.addHook("onClose", async () => {
    await counters.close();
  });
  const scale = opts.scale ?? 1;
  if (scale !== 1) {
    // Runs before @fastify/rate-limit's own onRoute hook (registered next). A fresh config object:
    // route configs are shared constants, and scaling one in place would scale it again.
    app.addHook("onRoute", (route) => {
      const limit = (route.config as { rateLimit?: { max?: unknown } } | undefined)?.rateLimit;
      if (limit && typeof limit.max === "number") {
        route.config = { ...route.config, rateLimit: { ...limit, max: limit.max * scale } };
      }
    });
  }
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore(counters) as never,
    keyGenerator: rateLimitKeyGenerator(app, opts.config),
  });
});
