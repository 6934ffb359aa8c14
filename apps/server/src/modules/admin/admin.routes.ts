import type { FastifyInstance, FastifyReply } from "fastify";
import { audit } from "../../lib/audit";
import {
  ADMIN_DENIED_MESSAGE,
  adminLoginBody,
  adminSession,
  newsletterSubscriberList,
  type AdminSession,
} from "@flockkeeper/shared/schemas/admin";
import { analytics, analyticsQuery } from "@flockkeeper/shared/schemas/analytics";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../lib/errors";
import {
  ADMIN_ATTEMPTS,
  ADMIN_COOKIE,
  ADMIN_SESSION_MS,
  adminConfigHint,
  tooManyAttempts,
} from "../../plugins/admin-auth";
import type { ModuleOptions } from "../module";
import { getAnalytics, listSubscribers, subscribersCsv } from "./admin.service";

const denied = () => new AppError(401, "ADMIN_DENIED", ADMIN_DENIED_MESSAGE);

/** The /admin gate (login, logout, session) and click analytics. */
export async function adminRoutes(app: FastifyInstance, opts: ModuleOptions) {
  const { config } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const gate = app.adminGate;
  // 5 attempts a minute per address, counted before the password is looked at (one atomic step
  // in the shared counters), so parallel guesses cannot all slip in under the limit; a successful
  // login takes its attempt back.
  const attemptKey = (ip: string) => `admin-login:${ip}`;
  const countAttempt = async (ip: string) => {
    const hit = await app.counters.hit(attemptKey(ip), ADMIN_ATTEMPTS.windowMs);
    if (hit.count > ADMIN_ATTEMPTS.max) throw tooManyAttempts();
  };
  const cookieBase = {
    path: "/api/admin",
    httpOnly: true,
    sameSite: "strict" as const,
    secure: config.cookieSecure,
  };
  const notConfigured = () =>
    new AppError(
      403,
      "ADMIN_NOT_CONFIGURED",
      adminConfigHint(config) ?? "Admin access is not configured.",
    );

  const startSession = async (
    reply: FastifyReply,
    via: "password" | "email",
    userId: string | null,
  ) => {
    const { token, expiresAt } = await gate.createSession(via, userId);
    reply.setCookie(ADMIN_COOKIE, token, {
      ...cookieBase,
      maxAge: Math.floor(ADMIN_SESSION_MS / 1000),
    });
    return expiresAt;
  };

  r.post(
    "/api/admin/login",
    {
      schema: { body: adminLoginBody },
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
    },
    async (req, reply) => {
      if (!gate.configured) throw notConfigured();
      await countAttempt(req.ip);
      const password = req.body.password ?? "";
      if (password) {
        if (await gate.checkPassword(password)) {
          await app.counters.undo(attemptKey(req.ip));
          await app.adminGate.deleteSession(req.cookies[ADMIN_COOKIE]);
          const expiresAt = await startSession(reply, "password", null);
          audit(req.log, "admin.login", { method: "password", ip: req.ip });
          return { ok: true, expiresAt: expiresAt.toISOString() };
        }
        audit(req.log, "admin.login_failed", { method: "password", ip: req.ip });
        throw denied();
      }
      await app.optionalUser(req, reply);
      if (req.user && gate.isAdminUser(req.user)) {
        await app.counters.undo(attemptKey(req.ip));
        await app.adminGate.deleteSession(req.cookies[ADMIN_COOKIE]);
        const expiresAt = await startSession(reply, "email", req.user.id);
        audit(req.log, "admin.login", { method: "email", userId: req.user.id, ip: req.ip });
        return { ok: true, expiresAt: expiresAt.toISOString() };
      }
      audit(req.log, "admin.login_failed", { method: "email", userId: req.user?.id, ip: req.ip });
      throw denied();
    },
  );

  r.post("/api/admin/logout", async (req, reply) => {
    await gate.deleteSession(req.cookies[ADMIN_COOKIE]);
    reply.clearCookie(ADMIN_COOKIE, cookieBase);
    return reply.code(204).send();
  });

  r.get(
    "/api/admin/session",
    { schema: { response: { 200: adminSession } } },
    async (req, reply) => {
      const session = await gate.resolveSession(req.cookies[ADMIN_COOKIE]);
      await app.optionalUser(req, reply);
      const emailAdmin = gate.isAdminUser(req.user);
      const answer: AdminSession = {
        isAdmin: session !== null,
        configured: gate.configured,
        passwordEnabled: gate.passwordEnabled,
        emailAdmin,
        email: emailAdmin ? (req.user?.email ?? null) : null,
        expiresAt: session ? session.expiresAt.toISOString() : null,
        hint: adminConfigHint(config),
      };
      return answer;
    },
  );

  r.get(
    "/api/admin/analytics",
    {
      onRequest: app.requireAdmin,
      schema: { querystring: analyticsQuery, response: { 200: analytics } },
    },
    async (req) => getAnalytics(app.db, req.query),
  );

  r.get(
    "/api/admin/newsletter-subscribers",
    { onRequest: app.requireAdmin, schema: { response: { 200: newsletterSubscriberList } } },
    async () => listSubscribers(app.db),
  );

  r.get(
    "/api/admin/newsletter-subscribers.csv",
    { onRequest: app.requireAdmin },
    async (_req, reply) => {
      const csv = subscribersCsv(await listSubscribers(app.db));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="newsletter-subscribers-${day}.csv"`)
        .header("cache-control", "no-store")
        .send(csv);
    },
  );
}
