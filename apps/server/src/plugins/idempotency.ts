import { createHash } from "node:crypto";
import fp from "fastify-plugin";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { idempotencyKeys } from "../db/schema/index";
import { AppError, badRequest } from "../lib/errors";

/*
 * `Idempotency-Key` (IETF httpapi draft "The Idempotency-Key HTTP Header Field"): a write sent
 * with a key the keeper made up (a UUID) is answered once; the same key again gets the first
 * answer back (`Idempotent-Replayed: true`) and no second record. This is what lets the offline
 * queue send a change again when the connection dropped before the answer arrived.
 * - A key belongs to one signed-in keeper and one request (method, path, body): used by another
 *   keeper or for another request it is refused (422), never answered with someone else's answer.
 * - While the first request is being answered, the same key gets 409 (the draft's "conflict").
 * - Server errors (5xx) are not kept: the key can be sent again and is tried afresh.
 * - Kept for `RETENTION_DAYS`; every instance reads the same table, so a retry reaching another
 *   instance behind a load balancer is answered the same.
 */

const HEADER = "idempotency-key";
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
export const RETENTION_DAYS = 7;
/** A claim older than this without an answer was left by a crash: the next request takes it over. */
const ABANDONED_MS = 60_000;
/** Printable ASCII, as a header value allows: a UUID or any token of the client's. */
const KEY_FORMAT = /^[\x21-\x7e]{8,255}$/;
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

declare module "fastify" {
  interface FastifyRequest {
    /** The key this request claimed, so its answer is stored when it is sent. */
    idempotencyKey?: string;
  }
}

/** Method, path with query, and body: what the key stands for. */
function fingerprintOf(req: FastifyRequest): string {
  return createHash("sha256")
    .update(`${req.method} ${req.url}\n`)
    .update(req.body === undefined ? "" : JSON.stringify(req.body))
    .digest("base64url");
}

const refusal = (message: string) => new AppError(422, "IDEMPOTENCY_KEY_MISMATCH", message);

async function claim(db: Database, key: string, userId: string, fingerprint: string) {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ key, userId, fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { claimed: true as const };
  const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  if (!row) return claim(db, key, userId, fingerprint); // purged in between: claim it now
  return { claimed: false as const, row };
}

export default fp(async function idempotencyPlugin(app: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  const purge = async () => {
    try {
      await db
        .delete(idempotencyKeys)
        .where(
          lt(idempotencyKeys.createdAt, sql`now() - make_interval(days => ${RETENTION_DAYS})`),
        );
    } catch (err) {
      app.log.warn({ err }, "could not remove expired idempotency keys");
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    timer = setInterval(() => void purge(), PURGE_INTERVAL_MS).unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));

  // preValidation: the route's onRequest hook has signed the keeper in and the body is parsed.
  // These hooks run on every request and have nothing to do on most: they answer at once then
  // (callback-style, no promise; issue 26 item 1) and go async only for a key.
  const claimKey = async (req: FastifyRequest, reply: FastifyReply, header: string | string[]) => {
    if (!req.user) return;
    const key = Array.isArray(header) ? header[0]! : header;
    if (Array.isArray(header) && header.length > 1) {
      throw badRequest("Send one Idempotency-Key header, not several");
    }
    if (!KEY_FORMAT.test(key)) {
      throw badRequest(
        "Idempotency-Key must be 8 to 255 printable characters without spaces (a UUID is best)",
      );
    }
    const fingerprint = fingerprintOf(req);
    const result = await claim(db, key, req.user.id, fingerprint);
    if (result.claimed) {
      req.idempotencyKey = key;
      return;
    }
    const { row } = result;
    if (row.userId !== req.user.id || row.fingerprint !== fingerprint) {
      throw refusal(
        "This Idempotency-Key was already used for a different request; send this one with a new key",
      );
    }
    if (row.statusCode === null) {
      if (Date.now() - row.createdAt.getTime() < ABANDONED_MS) {
        throw new AppError(
          409,
          "IDEMPOTENCY_KEY_IN_USE",
          "This change is still being saved; try again in a moment",
        );
      }
      // Left by a request that never finished (the instance stopped): this one takes it over.
      const taken = await db
        .update(idempotencyKeys)
        .set({ createdAt: new Date() })
        .where(
          and(
            eq(idempotencyKeys.key, key),
            isNull(idempotencyKeys.statusCode),
            eq(idempotencyKeys.createdAt, row.createdAt),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (taken.length === 0) {
        throw new AppError(
          409,
          "IDEMPOTENCY_KEY_IN_USE",
          "This change is still being saved; try again in a moment",
        );
      }
      req.idempotencyKey = key;
      return;
    }
    reply.header("idempotent-replayed", "true").code(row.statusCode);
    if (row.contentType) reply.type(row.contentType);
    return reply.serializer(String).send(row.body ?? "");
  };
  app.addHook("preValidation", (req, reply, done) => {
    const header = req.headers[HEADER];
    if (header === undefined || !STATE_CHANGING.has(req.method) || !req.user) return done();
    claimKey(req, reply, header).then(() => done(), done);
  });

  const keepAnswer = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const key = req.idempotencyKey;
    if (key === undefined) return payload;
    req.idempotencyKey = undefined;
    if (reply.statusCode >= 500) {
      // Not kept: the same key may be sent again and is tried afresh.
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      return payload;
    }
    const body =
      typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString() : "";
    const contentType = reply.getHeader("content-type");
    await db
      .update(idempotencyKeys)
      .set({
        statusCode: reply.statusCode,
        contentType: typeof contentType === "string" ? contentType : null,
        body,
      })
      .where(eq(idempotencyKeys.key, key));
    return payload;
  };
  app.addHook("onSend", (req, reply, payload, done) => {
    if (req.idempotencyKey === undefined) return done(null, payload);
    keepAnswer(req, reply, payload).then((kept) => done(null, kept), done);
  });

  // A request that ended without an answer being sent (the client went away): free the key.
  app.addHook("onResponse", (req, _reply, done) => {
    const key = req.idempotencyKey;
    if (key === undefined) return done();
    req.idempotencyKey = undefined;
    db.delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.key, key), isNull(idempotencyKeys.statusCode)))
      .then(() => done(), done);
  });
});
