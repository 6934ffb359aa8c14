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

/** Seconds a client is asked to wait (`Retry-After`) when the database is not answering (503). */
export const DATABASE_RETRY_AFTER_S = 5;
