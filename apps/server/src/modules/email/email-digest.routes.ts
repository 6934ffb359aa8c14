import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  emailDigestBody,
  emailDigestView,
  unsubscribeTokenParam,
} from "@flockkeeper/shared/schemas/tasks";
import type { ModuleOptions } from "../module";
import { keeperOf } from "../../access/access";
import { escapeHtml, htmlPage } from "../../lib/html";
import { runOnSchedule } from "../push/push.routes";
import {
  deleteEmailDigest,
  digestOfToken,
  getEmailDigest,
  putEmailDigest,
  runEmailDigests,
  smtpMailer,
  unsubscribeByToken,
} from "./email-digest.service";

/**
 * The morning digest by email (issue 22 item 5): `GET/PUT/DELETE /api/email-digest` for the
 * signed-in keeper and the farm in use, and the unsubscribe link
 * `/api/email-digest/unsubscribe/{token}` (GET: a confirm page; POST: unsubscribes, RFC 8058's
 * one-click POST from a mail app included; no sign-in, the token is the key). Without `SMTP_URL`
 * the GET answers `available: false` and the rest 404. Instances with `PUSH_SENDER` on run the
 * schedule every minute alongside the push one.
 */
export async function emailDigestRoutes(app: FastifyInstance, opts: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { smtp, push, weatherBaseUrl } = opts.config;
  const publicUrl = opts.config.publicUrl.replace(/\/$/, "");
  const available = smtp !== null;
  const limit = { rateLimit: { max: 30, timeWindow: "1 minute" } };

  r.get(
    "/api/email-digest",
    { onRequest: app.requireUser, config: limit, schema: { response: { 200: emailDigestView } } },
    async (req) => getEmailDigest(app.db, keeperOf(req), available),
  );

  r.put(
    "/api/email-digest",
    {
      onRequest: app.requireUser,
      // Every member may have the summary in their own inbox.
      config: { ...limit, permission: "farm.read" },
      schema: { body: emailDigestBody, response: { 200: emailDigestView } },
    },
    async (req) => putEmailDigest(app.db, keeperOf(req), req.body, available),
  );

  r.delete(
    "/api/email-digest",
    { onRequest: app.requireUser, config: { ...limit, permission: "farm.read" } },
    async (req, reply) => {
      await deleteEmailDigest(app.db, keeperOf(req), available);
      return reply.code(204).send();
    },
  );

  const page = (reply: FastifyReply, status: number, title: string, body: string) =>
    reply
      .code(status)
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      // The link is a key: no Referer carries it elsewhere.
      .header("referrer-policy", "no-referrer")
      .send(htmlPage(title, body));
  const gone = (reply: FastifyReply) =>
    page(
      reply,
      404,
      "Unsubscribe",
      "<h1>This unsubscribe link is not active</h1><p>You are already unsubscribed, or the summary was turned off in FlockKeeper. No more summary emails come from it.</p>",
    );

  // The links come from mail: looser limits than a form, tighter than a feed.
  const linkLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };

  // GET only shows a button: link scanners in mail systems fetch links, and must not unsubscribe.
  r.get(
    "/api/email-digest/unsubscribe/:token",
    { config: linkLimit, schema: { params: unsubscribeTokenParam } },
    async (req, reply) => {
      const digest = await digestOfToken(app.db, req.params.token);
      if (!digest) return gone(reply);
      return page(
        reply,
        200,
        "Unsubscribe",
        `<h1>Stop the morning summary?</h1><p>The daily email about ${escapeHtml(digest.farm)} to ${escapeHtml(digest.email ?? "your address")} stops.</p><form method="post"><button type="submit">Unsubscribe</button></form>`,
      );
    },
  );

  // Mail apps post `List-Unsubscribe=One-Click` as a form; the confirm page posts an empty form.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_req, _body, done) => done(null, undefined),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        "/api/email-digest/unsubscribe/:token",
        { config: linkLimit, schema: { params: unsubscribeTokenParam } },
        async (req, reply) => {
          if (!(await unsubscribeByToken(app.db, req.params.token))) return gone(reply);
          return page(
            reply,
            200,
            "Unsubscribed",
            "<h1>You are unsubscribed</h1><p>No more morning summary emails. You can turn them on again on the Today page.</p>",
          );
        },
      );
  });

  if (!smtp || !push.sender) return;
  const mailer = smtpMailer(smtp.url, smtp.from);
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runEmailDigests(app.db, { weatherBaseUrl, publicUrl, mailer });
    } catch (err) {
      app.log.error({ err }, "email digest run failed");
    } finally {
      running = false;
    }
  };
  runOnSchedule(app, tick);
  app.addHook("onClose", () => {
    mailer.close();
  });
}
