import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from "fastify-type-provider-zod";
import { AppError } from "../lib/errors";

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

const LOST_CONNECTION = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND"]);

/**
 * A lost or refused database connection (PostgreSQL restarting, network down): worth a 503 that
 * says try again, not a 500. Drizzle wraps driver errors, so the cause chain is searched.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (LOST_CONNECTION.has(code) || /^(08|57P0)/.test(code))) {
      return true;
    }
    if (
      typeof message === "string" &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        message,
      )
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
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
      req.log.error({ err: error }, "unhandled error");
      if (isDatabaseUnavailable(error)) {
        return reply.code(503).send({
          statusCode: 503,
          code: "DATABASE_UNAVAILABLE",
          message: "The database is not answering right now. Please try again in a moment.",
        });
      }
    }
    return reply.code(500).send({
      statusCode: 500,
      code: "INTERNAL_ERROR",
      message: "Something went wrong on our side. Please try again.",
    });
  });
});
