import type { IncomingMessage, ServerResponse } from "node:http";
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import type { AppConfig } from "../config";
import { BOOT_SCRIPT } from "@flockkeeper/shared/site/boot-script";
import { AppError, badRequest } from "../lib/errors";

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
 * Walks a parsed body, query or params object for the first string or key PostgreSQL cannot store
 * (U+0000, or a lone UTF-16 surrogate that JSON allows as an escape like \ud800 but jsonb refuses)
 * and returns the message to answer with, or null when all text is storable. Iterative, so a deeply
 * nested body cannot overflow the stack. It pauses (yields) after each slice of about
 * `SCAN_SLICE` characters, so a caller can let other work run in between (see unstorableTextAsync).
 */
function* scanText(value: unknown): Generator<void, string | null> {
  const stack: unknown[] = [value];
  let scanned = 0;
  while (stack.length > 0) {
    if (scanned > SCAN_SLICE) {
      scanned = 0;
      yield;
    }
    const v = stack.pop();
    scanned += 16;
    if (typeof v === "string") {
      scanned += v.length;
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

/** Characters (plus 16 per value) checked between two pauses of scanText: about 1 MB of text. */
const SCAN_SLICE = 1 << 20;

/**
 * The first string or key in a parsed body, query or params object that PostgreSQL cannot store,
 * as the message to answer with; null when all text is storable (see scanText).
 */
export function unstorableText(value: unknown): string | null {
  const scan = scanText(value);
  for (;;) {
    const step = scan.next();
    if (step.done) return step.value;
  }
}

/**
 * unstorableText, giving other requests a turn after each slice: a 50 MB account import holds
 * about 45 MB of text, and checking it in one go held the event loop for most of a second under
 * load.
 */
export async function unstorableTextAsync(value: unknown): Promise<string | null> {
  const scan = scanText(value);
  for (;;) {
    const step = scan.next();
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
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

export type OriginVerdict = "ok" | "foreign-origin" | "no-origin";

/**
 * Whether a state-changing request may come from where it says. A browser sends Origin on every
 * cross-site POST, PUT, PATCH and DELETE (and on same-origin ones too); a foreign Origin is always
 * refused. A request carrying cookies is cookie-authenticated and must prove it comes from our own
 * pages: Origin equal to ours, or, when a browser left Origin out, Sec-Fetch-Site: same-origin.
 * A request with no cookies and no Origin (a script, curl) carries no ambient credentials and is no
 * CSRF vector.
 */
export function originVerdict(
  headers: Record<string, string | string[] | undefined>,
  ownOrigin: string,
): OriginVerdict {
  const origin = headers.origin;
  if (origin !== undefined) return origin === ownOrigin ? "ok" : "foreign-origin";
  if (!headers.cookie) return "ok";
  return headers["sec-fetch-site"] === "same-origin" ? "ok" : "no-origin";
}

const crossSiteRefused = (verdict: Exclude<OriginVerdict, "ok">) =>
  new AppError(
    403,
    "CROSS_SITE_REQUEST",
    verdict === "foreign-origin"
      ? "Cross-site request refused"
      : "Request refused: it does not say it comes from this site (send an Origin header)",
  );

/** CSP source of the prerendered pages' loader (packages/shared/src/site/boot-script.ts). */
const BOOT_SCRIPT_SOURCE = `'sha256-${createHash("sha256").update(BOOT_SCRIPT).digest("base64")}'`;

/** Security headers, Origin check on state-changing requests, and no unstorable text (NUL, lone surrogates) in input. */
/** Cache-Control values of signed-in answers left as the route set them (see the hook below). */
const KEPT_CACHE_CONTROL = new Set(["public, max-age=31536000, immutable", "private, no-cache"]);

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
        // The one inline script: a prerendered page's loader, allowed by the hash of its text.
        scriptSrc: ["'self'", BOOT_SCRIPT_SOURCE],
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
  // Our own origin comes from PUBLIC_URL only: a Host header is whatever the caller typed.
  const ownOrigin = new URL(config.publicUrl).origin;
  // The hooks of this plugin run on every request: callback-style (`done`), as an async hook costs
  // a promise and a turn of the microtask queue each (issue 26 item 1).
  app.addHook("onRequest", (req, reply, done) => {
    reply.headers(securityHeaders);
    if (STATE_CHANGING.has(req.method)) {
      const verdict = originVerdict(req.headers, ownOrigin);
      if (verdict !== "ok") return done(crossSiteRefused(verdict));
    }
    done();
  });

  // Answers about a signed-in keeper (or an admin) must not be kept by a browser or proxy cache:
  // a shared computer's next user, or a back button after sign-out, would see them. Every /api
  // answer of theirs (and their JSON elsewhere) is `private, no-store`, whatever the route set
  // (a weather answer's `max-age`, an export's), except two pictures: an ad picture is the same
  // public bytes for everyone, and a keeper's photo is `private, no-cache`, so no shared cache
  // keeps it and the browser asks the server, which decides access, before each use.
  app.addHook("onSend", (req, reply, payload, done) => {
    if (req.user || req.admin) {
      const set = String(reply.getHeader("cache-control") ?? "");
      const type = String(reply.getHeader("content-type") ?? "");
      if (
        !KEPT_CACHE_CONTROL.has(set) &&
        (req.url.startsWith("/api/") || type.startsWith("application/json"))
      ) {
        reply.header("cache-control", "private, no-store");
      }
    }
    done(null, payload);
  });

  // PostgreSQL text and jsonb cannot store U+0000, and jsonb refuses a lone surrogate escape: such
  // a field used to fail the insert with a 500 (and could leave a multi-step write half done).
  // Refuse it before validation instead.
  // Without a body (every GET) the check is done at once; a body is checked in slices.
  app.addHook("preValidation", (req, _reply, done) => {
    const rest = () => {
      const problem = unstorableText(req.query) ?? unstorableText(req.params);
      done(problem ? badRequest(problem, "INVALID_TEXT") : undefined);
    };
    if (req.body === undefined || req.body === null) return rest();
    unstorableTextAsync(req.body).then((problem) => {
      if (problem) done(badRequest(problem, "INVALID_TEXT"));
      else rest();
    }, done);
  });
});
