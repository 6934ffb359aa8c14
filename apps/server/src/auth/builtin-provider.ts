import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import { z } from "zod";
import type { Database } from "../db/client";
import { builtinAccounts } from "../db/schema/index";
import { getOrCreateSecret } from "../lib/secrets";
import { escapeHtml, htmlPage } from "../lib/html";
import { createOidcAdapterClass } from "./oidc-adapter";

export const BUILTIN_PATH = "/oidc";
export const BUILTIN_CLIENT_ID = "flockkeeper";
const INTERACTION_PATH = "/api/builtin-signin";

type ProviderSecrets = { jwk: JWK; cookieKeys: string[]; clientSecret: string };

/** Stable account id for an email, so the same person gets the same `sub` every time. */
const accountIdFor = (email: string) =>
  createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 32);

const signInForm = z.object({
  name: z.string().trim().min(1, "Please enter your name").max(100, "Name is too long"),
  email: z.email("Please enter a valid email address").trim().toLowerCase().max(254),
});

export type BuiltinProvider = { issuer: string; clientId: string; clientSecret: string };

/**
 * Mounts a real OpenID Connect provider in-process, used when no OIDC_ISSUER is set.
 * It runs the same authorization-code + PKCE flow as Google or Keycloak would, with our
 * own small page that asks for a name and an email instead of a password.
 */
export async function mountBuiltinProvider(
  app: FastifyInstance,
  db: Database,
  opts: { publicUrl: string; trustProxy: boolean; secureCookies: boolean },
): Promise<BuiltinProvider> {
  const secrets = await getOrCreateSecret<ProviderSecrets>(db, "builtin-oidc", async () => {
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    const jwk = {
      ...(await exportJWK(privateKey)),
      alg: "RS256",
      use: "sig",
      kid: randomBytes(8).toString("hex"),
    };
    return {
      jwk,
      cookieKeys: [randomBytes(32).toString("base64url")],
      clientSecret: randomBytes(32).toString("base64url"),
    };
  });
  const issuer = `${opts.publicUrl}${BUILTIN_PATH}`;

  const configuration: Configuration = {
    adapter: createOidcAdapterClass(db),
    clients: [
      {
        client_id: BUILTIN_CLIENT_ID,
        client_secret: secrets.clientSecret,
        redirect_uris: [`${opts.publicUrl}/api/callback`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [secrets.jwk] },
    cookies: {
      keys: secrets.cookieKeys,
      long: { secure: opts.secureCookies },
      short: { secure: opts.secureCookies },
    },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name"],
    },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 900,
      Grant: 14 * 24 * 3600,
      // The app keeps its own session; the provider's is only needed during sign-in.
      Session: 3600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const [account] = await db.select().from(builtinAccounts).where(eq(builtinAccounts.id, id));
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          const [given, ...rest] = account.name.split(/\s+/);
          return {
            sub: id,
            email: account.email,
            email_verified: false,
            name: account.name,
            given_name: given,
            family_name: rest.join(" ") || undefined,
          };
        },
      };
    },
    // Our own app is a first-party client: grant its scopes without a consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ||
        ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = htmlPage(
        "Sign-in error",
        `<h1>Sign-in could not be completed</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p><p><a href="/">Return to FlockKeeper</a></p>`,
      );
    },
  };

  const provider = new Provider(issuer, configuration);
  // An https public URL means TLS ends at a proxy in front of us (we listen on plain http),
  // so the provider must trust X-Forwarded-Proto to know its requests are secure.
  provider.proxy = opts.trustProxy || issuer.startsWith("https://");
  const callback = provider.callback();

  // oidc-provider reads raw request bodies itself: give it an encapsulated scope that
  // leaves the body stream untouched.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_req, _payload, done) => done(null));
    scope.all(`${BUILTIN_PATH}/*`, (req, reply) => {
      reply.hijack();
      // Like Express's mount: keep the original URL so the provider knows its mount path.
      (req.raw as typeof req.raw & { originalUrl?: string }).originalUrl = req.raw.url;
      req.raw.url = req.raw.url!.slice(BUILTIN_PATH.length) || "/";
      void callback(req.raw, reply.raw);
    });
  });

  // Our sign-in page for the provider's login prompt.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.get<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid`, async (req, reply) => {
      try {
        const details = await provider.interactionDetails(req.raw, reply.raw);
        return reply.type("text/html").send(signInPage(details.uid));
      } catch {
        return reply.code(400).type("text/html").send(expiredPage());
      }
    });
    scope.post<{ Params: { uid: string }; Body: Record<string, string> }>(
      `${INTERACTION_PATH}/:uid`,
      { config: { rateLimit: { max: 20, timeWindow: "1 minute" } } },
      async (req, reply) => {
        let details;
        try {
          details = await provider.interactionDetails(req.raw, reply.raw);
        } catch {
          return reply.code(400).type("text/html").send(expiredPage());
        }
        const parsed = signInForm.safeParse(req.body ?? {});
        if (!parsed.success) {
          return reply
            .code(400)
            .type("text/html")
            .send(signInPage(details.uid, parsed.error.issues[0]?.message, req.body ?? {}));
        }
        const { name, email } = parsed.data;
        const accountId = accountIdFor(email);
        await db
          .insert(builtinAccounts)
          .values({ id: accountId, email, name })
          .onConflictDoUpdate({ target: builtinAccounts.id, set: { name } });
        reply.hijack();
        await provider.interactionFinished(
          req.raw,
          reply.raw,
          { login: { accountId } },
          { mergeWithLastSubmission: false },
        );
      },
    );
  });

  return { issuer, clientId: BUILTIN_CLIENT_ID, clientSecret: secrets.clientSecret };
}

function signInPage(uid: string, error?: string, values: Record<string, string> = {}) {
  return htmlPage(
    "Sign in to FlockKeeper",
    `<h1>Sign in to FlockKeeper</h1>
<p>This FlockKeeper runs its own simple sign-in. Enter your name and email; the same email always opens the same flock.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="${INTERACTION_PATH}/${escapeHtml(uid)}">
  <label for="name">Your name</label>
  <input id="name" name="name" autocomplete="name" required maxlength="100" value="${escapeHtml(values.name ?? "")}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(values.email ?? "")}">
  <button type="submit">Continue</button>
</form>
<p class="small">No password is asked: anyone who can reach this server can sign in as any email. Use an external identity provider (OIDC_ISSUER) for a server others can reach.</p>`,
  );
}

function expiredPage() {
  return htmlPage(
    "Sign-in expired",
    `<h1>This sign-in has expired</h1><p><a href="/api/login">Start again</a></p>`,
  );
}
