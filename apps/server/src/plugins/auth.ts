import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { authUser, loginQuery } from "@flockkeeper/shared/schemas/auth";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppConfig } from "../config";
import { mountBuiltinProvider } from "../auth/builtin-provider";
import { RelyingParty, type LoginTransaction } from "../auth/relying-party";
import {
  createSession,
  deleteSessionByToken,
  resolveSession,
  type SessionPolicy,
  type SessionUser,
} from "../auth/session-store";
import { resolveKeeper, type Keeper } from "../access/access";
import { users } from "../db/schema/index";
import { unauthorized } from "../lib/errors";
import { htmlPage } from "../lib/html";

export const SESSION_COOKIE = "fk_session";
const TX_COOKIE = "fk_oidc";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in keeper, set by `requireUser` or `optionalUser`. */
    user: SessionUser | null;
    /** Who acts on whose records, set with `user`; read it with `keeperOf(req)` from access/access.ts. */
    keeper: Keeper | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless signed in; sets `request.user`. */
    requireUser: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: sets `request.user` when signed in, else null. */
    optionalUser: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    sessionPolicy: SessionPolicy;
  }
}

/** Public shape of a user; never the raw row. */
export const toAuthUser = (u: SessionUser) =>
  authUser.parse({
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl,
  });

/** Sign-in (OpenID Connect relying party), server-side sessions and the auth routes. */
export default fp(async function authPlugin(app: FastifyInstance, opts: { config: AppConfig }) {
  const { config } = opts;
  const db = app.db;
  const policy: SessionPolicy = {
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
  };
  app.decorate("sessionPolicy", policy);
  app.decorateRequest("user", null);
  app.decorateRequest("keeper", null);

  const builtin = config.oidc
    ? null
    : await mountBuiltinProvider(app, db, {
        publicUrl: config.publicUrl,
        trustProxy: config.trustProxy,
        secureCookies: config.cookieSecure,
      });
  const rp = new RelyingParty({
    issuer: config.oidc?.issuer ?? builtin!.issuer,
    clientId: config.oidc?.clientId ?? builtin!.clientId,
    clientSecret: config.oidc ? config.oidc.clientSecret : builtin!.clientSecret,
    redirectUri: `${config.publicUrl}/api/callback`,
    inProcess: builtin ? app : undefined,
  });

  const cookieBase = {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: config.cookieSecure,
  };

  async function loadUser(req: FastifyRequest): Promise<SessionUser | null> {
    const token = req.cookies[SESSION_COOKIE];
    if (!token) return null;
    const found = await resolveSession(db, token, policy);
    return found?.user ?? null;
  }

  async function loadKeeper(req: FastifyRequest): Promise<void> {
    req.user = await loadUser(req);
    req.keeper = req.user ? await resolveKeeper(db, req.user) : null;
  }

  app.decorate("requireUser", async (req: FastifyRequest) => {
    await loadKeeper(req);
    if (!req.user) throw unauthorized();
  });
  app.decorate("optionalUser", loadKeeper);

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/login",
    {
      schema: { querystring: loginQuery },
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (req, reply) => {
      const { url, transaction } = await rp.start(req.query.returnTo ?? "/", builtin !== null);
      reply.setCookie(TX_COOKIE, Buffer.from(JSON.stringify(transaction)).toString("base64url"), {
        ...cookieBase,
        path: "/api/callback",
        maxAge: 600,
        signed: true,
      });
      return reply.redirect(url);
    },
  );

  r.get(
    "/api/callback",
    { config: { rateLimit: { max: 30, timeWindow: "1 minute" } } },
    async (req, reply) => {
      const raw = req.cookies[TX_COOKIE];
      reply.clearCookie(TX_COOKIE, { ...cookieBase, path: "/api/callback" });
      const unsigned = raw ? req.unsignCookie(raw) : null;
      let tx: LoginTransaction | null = null;
      if (unsigned?.valid && unsigned.value) {
        try {
          tx = JSON.parse(
            Buffer.from(unsigned.value, "base64url").toString("utf8"),
          ) as LoginTransaction;
        } catch {
          tx = null;
        }
      }
      if (!tx) return reply.redirect("/api/login/error?reason=expired");
      let claims;
      try {
        claims = await rp.finish(new URL(req.url, config.publicUrl), tx);
      } catch (err) {
        req.log.warn({ err }, "sign-in callback rejected");
        return reply.redirect("/api/login/error?reason=rejected");
      }
      const issuer = config.oidc?.issuer ?? builtin!.issuer;
      const values = {
        issuer,
        subject: claims.sub,
        email: claims.email,
        firstName: claims.firstName,
        lastName: claims.lastName,
        profileImageUrl: claims.picture,
        updatedAt: new Date(),
      };
      const [user] = await db
        .insert(users)
        .values(values)
        .onConflictDoUpdate({ target: [users.issuer, users.subject], set: values })
        .returning();
      // A fresh session id at every sign-in; an old cookie is simply replaced.
      const old = req.cookies[SESSION_COOKIE];
      if (old) await deleteSessionByToken(db, old);
      const { token } = await createSession(db, user!.id, req.headers["user-agent"], policy);
      reply.setCookie(SESSION_COOKIE, token, {
        ...cookieBase,
        maxAge: Math.floor(policy.absoluteMs / 1000),
      });
      return reply.redirect(
        tx.returnTo.startsWith("/") && !tx.returnTo.startsWith("//") ? tx.returnTo : "/",
      );
    },
  );

  r.get("/api/login/error", async (_req, reply) => {
    return reply
      .code(400)
      .type("text/html")
      .send(
        htmlPage(
          "Sign-in failed",
          `<h1>Sign-in failed</h1><p>The sign-in could not be completed or has expired. Nothing was changed.</p><p><a href="/api/login">Try again</a> · <a href="/">Return to Home</a></p>`,
        ),
      );
  });

  const logout = async (req: FastifyRequest, reply: FastifyReply) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token) await deleteSessionByToken(db, token);
    reply.clearCookie(SESSION_COOKIE, cookieBase);
    return reply.redirect("/");
  };
  r.get("/api/logout", logout);
  r.post("/api/logout", logout);

  r.get("/api/auth/user", { preHandler: app.requireUser }, async (req) => toAuthUser(req.user!));
});
