import path from "node:path";
import cookie from "@fastify/cookie";
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type RouteOptions,
} from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { randomBytes } from "node:crypto";
import type { AppConfig } from "./config";
import type { DatabaseHandle } from "./db/client";
import { OFF_THREAD_JSON_BYTES, parseJsonOffThread } from "./lib/json-off-thread";
import { repoRoot } from "./lib/paths";
import { serializerCompiler } from "./lib/response-serializer";
import { getOrCreateSecret } from "./lib/secrets";
import { modules } from "./modules/index";
import authPlugin from "./plugins/auth";
import dbPlugin from "./plugins/db";
import { invalidUrlBody } from "./lib/errors";
import errorsPlugin from "./plugins/errors";
import rateLimitPlugin from "./plugins/rate-limit";
import readCachePlugin from "./plugins/read-cache";
import idempotencyPlugin from "./plugins/idempotency";
import securityPlugin from "./plugins/security";
import webAppPlugin from "./plugins/web-app";
import { readBlogEntries } from "./modules/seo/seo.service";

const defaultWebDist = path.join(repoRoot, "apps/web/dist");
/** Log levels at which the per-request line below is written. */
const DEBUG_LEVELS = new Set(["debug", "trace"]);

export type BuildOptions = {
  config: AppConfig;
  database: DatabaseHandle;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read the audit lines from it). */
  logStream?: NodeJS.WritableStream;
  /** Called for every route as it is registered (tests use it to list the whole API). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Prefix for this app's rate-limit counters. Instances that serve one site share the default;
   * tests give each app its own, so test files running side by side on one PostgreSQL do not
   * count against each other's totals.
   */
  rateLimitNamespace?: string;
  /** Multiplies every route's request limit (tests about something else only; see plugins/rate-limit.ts). */
  rateLimitScale?: number;
};

/**
 * TRUST_PROXY for Fastify. A hop count believes the last N entries of X-Forwarded-For whoever
 * connects (Fastify itself refuses a bare number, since it cannot check the peer), so it is safe
 * only when the server can be reached through those proxies alone; an address list checks them.
 */
export function trustProxyOption(
  trust: AppConfig["trustProxy"],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  return trust;
}

/** Builds the app with every plugin and module. Never listens: tests use `inject`. */
export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
  onRoute,
  rateLimitNamespace,
  rateLimitScale,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) }
      : false,
    // Fastify logs two info lines per request; at the default level that buried errors and audit
    // events (26,000 lines in minutes). One debug line per request instead (below).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // The router's own answers to an over-long or undecodable path segment quoted the whole URL
    // back (and the first came as a 414 titled "Bad Request"); answer like every other 400.
    frameworkErrors: (error, _req, res) => {
      const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
      void (res as FastifyReply)
        .code(400)
        .header("x-content-type-options", "nosniff")
        .send(invalidUrlBody(tooLong));
    },
  });
  if (onRoute) app.addHook("onRoute", onRoute);
  // Callback-style and checked first: it runs on every request, mostly with debug off.
  app.addHook("onResponse", (req, reply, done) => {
    if (DEBUG_LEVELS.has(req.log.level)) {
      req.log.debug(
        {
          method: req.method,
          url: req.url.split("?")[0],
          statusCode: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        "request completed",
      );
    }
    done();
  });
  // Some clients send Content-Type: application/json on a DELETE or body-less POST with nothing
  // after it; that is no body, not broken JSON. Anything else goes to Fastify's own parser (which
  // also refuses __proto__ and constructor.prototype keys).
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (req, body, done) => {
    const bytes = typeof body === "string" ? Buffer.from(body) : body;
    // A large body (an account import, up to 50 MB) is parsed on a worker thread, so the event
    // loop keeps answering other requests meanwhile (see lib/json-off-thread.ts).
    if (bytes.length > OFF_THREAD_JSON_BYTES) {
      parseJsonOffThread(bytes).then(
        (value) => done(null, value),
        (err: Error) =>
          done(Object.assign(err, { statusCode: 400, code: "FST_ERR_CTP_INVALID_JSON_BODY" })),
      );
      return;
    }
    const text = bytes.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    // Fastify's JSON parser answers through `done`; its declared Promise return is never used.
    void parseJson(req, text, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(dbPlugin, { handle: database });
  const cookieSecret =
    config.sessionSecret ??
    (await getOrCreateSecret(database.db, "cookie-secret", () =>
      randomBytes(32).toString("base64url"),
    ));
  await app.register(cookie, { secret: cookieSecret });
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  // Before any limited route is registered (its onRoute hook attaches the limits).
  await app.register(rateLimitPlugin, {
    config,
    database,
    namespace: rateLimitNamespace,
    scale: rateLimitScale,
  });
  await app.register(authPlugin, { config });
  await app.register((await import("./plugins/admin-auth")).default, { config });
  // After sign-in (a key belongs to a keeper), before the routes (their writes are answered once).
  await app.register(idempotencyPlugin, { db: database.db });
  await app.register(readCachePlugin, {
    enabled: config.readCache,
    channel: database.invalidation,
  });
  for (const mod of modules) await app.register(mod, { config });
  // A blog address whose article does not exist is a 404 like any unknown path.
  const blogSlugs = new Set(readBlogEntries().map((e) => e.slug));
  await app.register(webAppPlugin, {
    webDist: config.webDist ?? defaultWebDist,
    knownParam: (name, value) => name !== "slug" || blogSlugs.has(value),
  });
  return app;
}
