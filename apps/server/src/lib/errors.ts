/** An error whose status, code and message are safe to show to the caller. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** What the caller can do next, shown beside the message (e.g. a food search miss). */
    readonly guidance?: string,
    /** Further fields of the error body (e.g. a food search miss's "Did you mean" suggestions). */
    readonly extra?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

/** 404 for a record that is missing or belongs to someone else: the two must look the same. */
export const notFound = (what = "Record") => new AppError(404, "NOT_FOUND", `${what} not found`);
export const unauthorized = () => new AppError(401, "UNAUTHORIZED", "Please sign in to continue");
export const forbidden = (message = "You are not allowed to do that") =>
  new AppError(403, "FORBIDDEN", message);
export const badRequest = (message: string, code = "BAD_REQUEST") =>
  new AppError(400, code, message);

/**
 * A request that is well-formed but does not fit the records (a loss larger than the headcount, a
 * band id in use): names the field the way validation errors do, so a form can show it there.
 */
export const invalidField = (
  field: string,
  message: string,
  statusCode = 400,
  extra: Readonly<Record<string, unknown>> = {},
) =>
  new AppError(statusCode, statusCode === 409 ? "CONFLICT" : "INVALID_FIELD", message, undefined, {
    field,
    issues: [{ path: `body.${field}`, message }],
    ...extra,
  });

/** Seconds a client is asked to wait (`Retry-After`) when the database is not answering (503). */
export const DATABASE_RETRY_AFTER_S = 5;

/** The router's longest path parameter (Fastify's default `maxParamLength`). */
export const MAX_PARAM_LENGTH = 100;

/**
 * The 400 for an over-long or undecodable path segment: quotes nothing of the address back (the
 * router's own answer did). Sent by the router's error hook and, for an over-long segment that
 * reached the web app's catch-all file route instead, by the not-found handler.
 */
export function invalidUrlBody(tooLong: boolean) {
  return {
    statusCode: 400,
    code: "INVALID_URL",
    message: tooLong
      ? "A part of the address is too long"
      : "The address is not valid (a part of it cannot be decoded)",
  };
}
