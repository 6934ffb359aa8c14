import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from "fastify-type-provider-zod";
import { evictSessions } from "../auth/session-store";
import { AppError, DATABASE_RETRY_AFTER_S, unauthorized } from "../lib/errors";

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty",
  FST_ERR_CTP_BODY_TOO_LARGE: "The request body is too large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Invalid content length",
};

/** Longest message (or issue path) an error answer carries; longer ones are cut. */
export const MAX_ERROR_TEXT = 500;
/** Most validation issues listed in one answer. */
export const MAX_ERROR_ISSUES = 20;

/**
 * Validation messages can quote the caller's input (zod's 'Unrecognized key: "…"' names the key),
 * and a body may be megabytes: an error answer must stay small whatever was sent.
 */
export const clipText = (text: string) =>
  text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT - 1)}…` : text;

const LOST_CONNECTION = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  // PostgreSQL: too many connections, out of memory, disk full (class 53: insufficient resources).
  "53300",
]);

/** Each error in `error`'s cause chain (Drizzle wraps driver errors), at most five deep. */
function* causes(
  error: unknown,
): Generator<{ code?: unknown; message?: unknown; [k: string]: unknown }> {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    yield e as { code?: unknown; message?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

/**
 * A lost or refused database connection (PostgreSQL restarting or shut down, network down, the
 * pool unable to connect): worth a 503 that says try again, not a 500. SQLSTATE class 08 is a
 * connection exception, 57P01-57P05 an administrator or crash shutdown.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of causes(error)) {
    if (typeof code === "string" && (LOST_CONNECTION.has(code) || /^(08|57P0)/.test(code))) {
      return true;
    }
    if (
      typeof message === "string" &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command/i.test(
        message,
      )
    ) {
      return true;
    }
  }
  return false;
}

/**
 * A write that names a user who no longer exists (foreign key into `users`): the account was
 * deleted, possibly on another instance, while this request was under way. That is a 401 (the
 * session is gone with the account), not a 500.
 */
export function isDeletedUser(error: unknown): boolean {
  for (const { code, constraint, detail } of causes(error)) {
    if (code !== "23503") continue;
    if (typeof constraint === "string" && /_users_id_fk$/.test(constraint)) return true;
    if (typeof detail === "string" && /is not present in table "users"/.test(detail)) return true;
  }
  return false;
}

/** One error handler: stable codes, clear messages for 4xx, nothing internal in a 5xx. */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.slice(0, MAX_ERROR_ISSUES).map((v) => ({
        path: clipText(
          [error.validationContext, ...String(v.instancePath).split("/").filter(Boolean)].join("."),
        ),
        message: clipText(v.message ?? "Invalid value"),
      }));
      return reply.code(400).send({
        statusCode: 400,
        code: "VALIDATION_ERROR",
        message: issues[0]?.message ?? "Invalid request",
        issues,
      });
    }
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({
        statusCode: error.statusCode,
        code: error.code,
        message: clipText(error.message),
        ...(error.guidance ? { guidance: error.guidance } : {}),
        ...error.extra,
      });
    }
    if (isResponseSerializationError(error)) {
      req.log.error({ err: error }, "response did not match its schema");
    } else {
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const message = clipText(
          FASTIFY_MESSAGES[error.code] ??
            (status === 429
              ? "Too many requests, please slow down"
              : error.message || "Bad request"),
        );
        return reply
          .code(status)
          .send({ statusCode: status, code: error.code ?? "BAD_REQUEST", message });
      }
      if (isDatabaseUnavailable(error)) {
        req.log.warn({ err: error }, "database unavailable");
        return reply
          .code(503)
          .header("retry-after", String(DATABASE_RETRY_AFTER_S))
          .header("cache-control", "no-store")
          .send({
            statusCode: 503,
            code: "DATABASE_UNAVAILABLE",
            message: "The database is not answering right now. Please try again in a moment.",
          });
      }
      if (req.user && isDeletedUser(error)) {
        // The account was deleted while this request ran: end what is left of its session here.
        const userId = req.user.id;
        evictSessions(app.db, { userId }).catch(() => {});
        if (app.hasDecorator("sessionCookie")) {
          // As it was set (plugins/auth.ts); a `__Host-` cookie is only replaced by a Secure one.
          reply.clearCookie(app.sessionCookie, {
            path: "/",
            httpOnly: true,
            sameSite: "lax",
            secure: app.sessionCookie.startsWith("__Host-"),
          });
        }
        const e = unauthorized();
        return reply.code(401).send({ statusCode: 401, code: e.code, message: e.message });
      }
      req.log.error({ err: error }, "unhandled error");
    }
    return reply.code(500).send({
      statusCode: 500,
      code: "INTERNAL_ERROR",
      message: "Something went wrong on our side. Please try again.",
    });
  });
});
