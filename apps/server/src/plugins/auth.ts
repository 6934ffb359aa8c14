import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from "fastify";
import fp from "fastify-plugin";
import { authUser, loginQuery } from "@flockkeeper/shared/schemas/auth";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppConfig } from "../config";
import { mountBuiltinProvider } from "../auth/builtin-provider";
import { RelyingParty, type LoginTransaction } from "../auth/relying-party";
import {
  cachedSession,
  createSession,
  deleteSessionByToken,
  evictSessions,
  purgeExpiredSessions,
  resolveSession,
  type ResolvedSession,
  type SessionPolicy,
  type SessionUser,
} from "../auth/session-store";
import {
  cachedKeeper,
  createOwnFarm,
  requirePermission,
  resolveKeeper,
  type Keeper,
  type Permission,
} from "../access/access";
import { signInEvents, users } from "../db/schema/index";
import { audit } from "../lib/audit";
import { AppError, unauthorized } from "../lib/errors";
import { htmlPage } from "../lib/html";

type DoneFn = HookHandlerDoneFunction;

export const SESSION_COOKIE = "fk_session";
/** How often expired sessions are removed from the database. */
const SESSION_PURGE_INTERVAL_MS = 60 * 60_000;

/**
 * The session cookie's name: over HTTPS it takes the `__Host-` prefix, which browsers accept only
 * when Secure, Path=/ and without Domain, so a sibling subdomain or a plain-http page cannot set or
 * shadow it.
 */
export const sessionCookieName = (config: Pick<AppConfig, "cookieSecure">) =>
  config.cookieSecure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
const TX_COOKIE = "fk_oidc";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * What the caller's role on the farm in use must allow (access/access.ts), checked by
     * `requireUser` before the body is read: 403 otherwise. Routes on the person's own data
     * (sessions, passkeys, settings) name none. The access matrix lists each route's roles.
     */
    permission?: Permission;
  }
  interface FastifyRequest {
    /** The signed-in keeper, set by `requireUser` or `optionalUser`. */
    user: SessionUser | null;
    /** The caller's session (id and when they last proved who they are), set with `user`. */
    session: ResolvedSession | null;
    /** Who acts on whose records, set with `user`; read it with `keeperOf(req)` from access/access.ts. */
    keeper: Keeper | null;
  }
  interface FastifyInstance {
    /** onRequest or preHandler hook: 401 unless signed in; sets `request.user`. */
    requireUser: (req: FastifyRequest, reply: FastifyReply, done: DoneFn) => void;
    /** preHandler: sets `request.user` when signed in, else null. */
    optionalUser: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler after `requireUser`: 403 REAUTH_REQUIRED unless signed in or re-authenticated within `config.reauthWindowMs` (10 minutes by default). */
    requireRecentAuth: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    sessionPolicy: SessionPolicy;
    /** The built-in provider's issuer, or null when an external OIDC_ISSUER is used. */
    builtinIssuer: string | null;
    /** The session cookie's name for this configuration (see `sessionCookieName`). */
    sessionCookie: string;
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

  // Expired and idle sessions are refused when presented; this removes the rows nobody presents
  // again, at start and then hourly, so the table stays the size of the live sessions.
  const purge = async () => {
    try {
      const removed = await purgeExpiredSessions(db, policy);
      if (removed > 0) app.log.debug({ removed }, "expired sessions removed");
    } catch (err) {
      app.log.warn({ err }, "could not remove expired sessions");
    }
  };
  let purgeTimer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    await purge();
    purgeTimer = setInterval(() => void purge(), SESSION_PURGE_INTERVAL_MS).unref();
  });
  app.addHook("onClose", async () => clearInterval(purgeTimer));
  const SESSION = sessionCookieName(config);
  app.decorate("sessionCookie", SESSION);
  app.decorateRequest("user", null);
  app.decorateRequest("session", null);
  app.decorateRequest("keeper", null);

  const builtin = config.oidc
    ? null
    : await mountBuiltinProvider(app, db, {
        publicUrl: config.publicUrl,
        trustProxy: config.trustProxy !== false,
        secureCookies: config.cookieSecure,
        signup: config.signup,
      });
  app.decorate("builtinIssuer", builtin?.issuer ?? null);
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
    const token = req.cookies[SESSION];
    req.session = token ? await resolveSession(db, token, policy) : null;
    return req.session?.user ?? null;
  }

  async function loadKeeper(req: FastifyRequest): Promise<void> {
    req.user = await loadUser(req);
    req.keeper = req.user ? await resolveKeeper(db, req.user) : null;
    if (req.user && !req.keeper) {
      // The account was deleted (on another instance) after this instance cached its session:
      // from now on this cookie is simply signed out, here too.
      await evictSessions(db, { userId: req.user.id });
      req.user = null;
      req.session = null;
    }
  }

  /**
   * `loadKeeper` from this instance's session and membership caches alone (the same caches, with
   * the same checks, as the database reads fill): false when the database must be asked.
   */
  function cachedKeeperOf(req: FastifyRequest): boolean {
    const token = req.cookies[SESSION];
    const session = token ? cachedSession(db, token, policy) : undefined;
    const keeper = session ? cachedKeeper(db, session.user) : undefined;
    if (!keeper) return false;
    req.session = session!;
    req.user = session!.user;
    req.keeper = keeper;
    return true;
  }

  function admit(req: FastifyRequest, reply: FastifyReply): void {
    if (!req.user) {
      // A cookie whose session has ended (signed out, or the account deleted, on any instance):
      // the 401 tells the browser to forget it. (Only here: a public answer, which a shared cache
      // may keep, never carries a Set-Cookie.)
      if (req.cookies[SESSION]) reply.clearCookie(SESSION, cookieBase);
      throw unauthorized();
    }
    const { permission } = req.routeOptions.config;
    if (permission) requirePermission(req.keeper!, permission);
  }

  // Callback-style: on most requests the session and the membership are in memory, and the hook
  // then answers without a promise (issue 26 item 1: per-request cost of a keeper read).
  app.decorate("requireUser", (req: FastifyRequest, reply: FastifyReply, done: DoneFn) => {
    if (cachedKeeperOf(req)) {
      try {
        admit(req, reply);
      } catch (err) {
        return done(err as FastifyError);
      }
      return done();
    }
    loadKeeper(req).then(
      () => {
        try {
          admit(req, reply);
        } catch (err) {
          return done(err as FastifyError);
        }
        done();
      },
      (err: FastifyError) => done(err),
    );
  });
  app.decorate("optionalUser", loadKeeper);
  app.decorate("requireRecentAuth", async (req: FastifyRequest) => {
    if (!req.session) throw unauthorized();
    if (Date.now() - req.session.authenticatedAt > config.reauthWindowMs) {
      throw new AppError(
        403,
        "REAUTH_REQUIRED",
        "Please confirm it is you: enter your password or use your passkey, then try again.",
      );
    }
  });

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
        emailVerified: claims.emailVerified,
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
      // A new keeper's own farm (from their first sign-in; a no-op once they belong to one).
      await createOwnFarm(db, user!);
      // A fresh session id at every sign-in; an old cookie is simply replaced.
      const old = req.cookies[SESSION];
      if (old) await deleteSessionByToken(db, old);
      const { token } = await createSession(db, user!.id, req.headers["user-agent"], policy);
      const method = signInMethod(claims.amr, builtin !== null);
      await db.insert(signInEvents).values({
        userId: user!.id,
        method,
        userAgent: req.headers["user-agent"]?.slice(0, 300) ?? null,
        ipAddress: req.ip,
      });
      audit(req.log, "auth.signin", { userId: user!.id, method, ip: req.ip });
      reply.setCookie(SESSION, token, {
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
    const token = req.cookies[SESSION];
    if (token) {
      const session = await resolveSession(db, token, policy);
      await deleteSessionByToken(db, token);
      if (session) audit(req.log, "auth.signout", { userId: session.user.id });
    }
    reply.clearCookie(SESSION, cookieBase);
    return reply.redirect("/");
  };
  // Sign-out is a navigation from our pages (spec), but a GET must not change state when another
  // site sends the browser here (an <img> or link on a foreign page). Browsers say where a request
  // comes from in Sec-Fetch-Site: our own pages ("same-origin") or the keeper typing the address
  // ("none") sign out at once; anything else gets a page with a button that posts the sign-out
  // (a POST, which the Origin check guards).
  r.get("/api/logout", async (req, reply) => {
    const site = req.headers["sec-fetch-site"];
    if (site === "same-origin" || site === "none") return logout(req, reply);
    return reply
      .type("text/html")
      .header("cache-control", "no-store")
      .send(
        htmlPage(
          "Sign out",
          `<h1>Sign out of FlockKeeper?</h1><form method="post" action="/api/logout"><button type="submit">Sign out</button></form><p><a href="/">Return to Home</a></p>`,
        ),
      );
  });
  // The confirmation page posts an empty form: accept that type here without reading it.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_req, _body, done) => done(null, undefined),
    );
    scope.post("/api/logout", logout);
  });

  r.get("/api/auth/user", { preHandler: app.requireUser }, async (req) => toAuthUser(req.user!));
});

/** What the sign-in history calls a sign-in, from the ID token's `amr`. */
function signInMethod(amr: string[], builtin: boolean): string {
  if (!builtin) return "external";
  if (amr.includes("hwk")) return "passkey";
  if (amr.includes("otp")) return "recovery_code";
  return "password";
}
