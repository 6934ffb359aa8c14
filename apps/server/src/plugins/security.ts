import type { IncomingMessage, ServerResponse } from "node:http";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import type { AppConfig } from "../config";
import { badRequest, forbidden } from "../lib/errors";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const NUL_TEXT_MESSAGE = "Text cannot contain NUL characters (\\u0000)";
export const LONE_SURROGATE_MESSAGE =
  "Text must be valid Unicode (it holds an unpaired surrogate such as \\ud800)";

// ES2024 string methods; Node 20 has them, our TypeScript lib (ES2023) does not declare them.
const isWellFormed = (s: string) => (s as string & { isWellFormed(): boolean }).isWellFormed();

/** Why PostgreSQL could not store this string, or null when it can. */
function textProblem(s: string): string | null {
  if (s.includes("\u0000")) return NUL_TEXT_MESSAGE;
  if (!isWellFormed(s)) return LONE_SURROGATE_MESSAGE;
  return null;
}

/**
 * The first string or key in a parsed body, query or params object that PostgreSQL cannot store
 * (U+0000, or a lone UTF-16 surrogate that JSON allows as an escape like \ud800 but jsonb refuses), as the
 * message to answer with; null when all text is storable. Iterative, so a deeply nested body
 * cannot overflow the stack.
 */
export function unstorableText(value: unknown): string | null {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") {
      const problem = textProblem(v);
      if (problem) return problem;
    } else if (v !== null && typeof v === "object" && !ArrayBuffer.isView(v)) {
      if (Array.isArray(v)) {
        for (const item of v) stack.push(item);
      } else {
        for (const [key, item] of Object.entries(v)) {
          const problem = textProblem(key);
          if (problem) return problem;
          stack.push(item);
        }
      }
    }
  }
  return null;
}

/**
 * The headers helmet would set, computed once. With no per-request nonces they never change, and
 * running helmet's middleware on every response was the largest single cost of a cached API answer.
 */
export function staticSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
    getHeader: (name: string) => headers[name],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/** Security headers, Origin check on state-changing requests, rate limiting, and no unstorable text (NUL, lone surrogates) in input. */
export default fp(async function securityPlugin(app: FastifyInstance, opts: { config: AppConfig }) {
  const { config } = opts;
  const extraConnect = [config.oidc?.issuer]
    .filter((x): x is string => Boolean(x))
    .map((u) => new URL(u).origin);
  const https = config.publicUrl.startsWith("https://");
  const securityHeaders = staticSecurityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        connectSrc: ["'self'", ...extraConnect],
        fontSrc: ["'self'"],
        mediaSrc: ["'self'", "blob:"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...extraConnect],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", async (_req, reply) => {
    reply.headers(securityHeaders);
  });

  // Rate limits are opt-in per route (`config.rateLimit`): sign-in, uploads, analyses.
  await app.register(rateLimit, { global: false });

  const allowed = new Set([new URL(config.publicUrl).origin]);
  app.addHook("onRequest", async (req) => {
    if (!STATE_CHANGING.has(req.method)) return;
    const origin = req.headers.origin;
    // Browsers send Origin on every cross-site POST; non-browser clients may omit it and
    // are not a CSRF vector. SameSite=Lax cookies are the second line.
    if (!origin) return;
    const self = `${req.protocol}://${req.host}`;
    if (origin !== self && !allowed.has(origin)) throw forbidden("Cross-site request refused");
  });

  // PostgreSQL text and jsonb cannot store U+0000, and jsonb refuses a lone surrogate escape: such
  // a field used to fail the insert with a 500 (and could leave a multi-step write half done).
  // Refuse it before validation instead.
  app.addHook("preValidation", async (req) => {
    const problem =
      unstorableText(req.body) ?? unstorableText(req.query) ?? unstorableText(req.params);
    if (problem) throw badRequest(problem, "INVALID_TEXT");
  });
});
