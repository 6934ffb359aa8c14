import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import providerContext from "oidc-provider/lib/helpers/als.js";
import type { Database } from "../db/client";
import { builtinAccounts } from "../db/schema/index";
import { getOrCreateSecret } from "../lib/secrets";
import { escapeHtml, htmlPage } from "../lib/html";
import { createOidcAdapterClass } from "./oidc-adapter";
import { mountSignInPages } from "./sign-in-pages";

export const BUILTIN_PATH = "/oidc";
export const BUILTIN_CLIENT_ID = "flockkeeper";
export const INTERACTION_PATH = "/api/builtin-signin";

/*
 * oidc-provider runs each of its requests inside an AsyncLocalStorage (`als.run`), and on Node 20
 * the first run installs a promise hook for the whole process that then stays: from the first
 * sign-in on, every promise of every request paid for it (about a tenth of the CPU of a keeper read,
 * issue 26 item 1). The provider reads that storage only while one of its own requests is under
 * way (and then only for client ID metadata documents, a feature this app leaves off), so it is
 * switched off whenever none is; the next request's `run` switches it on again.
 */
let providerRequests = 0;
const providerRequestEnded = () => {
  if (--providerRequests === 0) providerContext.disable();
};

type ProviderSecrets = { jwk: JWK; cookieKeys: string[]; clientSecret: string };

export type BuiltinProvider = { issuer: string; clientId: string; clientSecret: string };

/**
 * Mounts a real OpenID Connect provider in-process, used when no OIDC_ISSUER is set.
 * It runs the same authorization-code + PKCE flow as Google or Keycloak would; its login prompt
 * is our own pages for local accounts (password, passkey, recovery code: see sign-in-pages.ts).
 */
export async function mountBuiltinProvider(
  app: FastifyInstance,
  db: Database,
  opts: {
    publicUrl: string;
    trustProxy: boolean;
    secureCookies: boolean;
    signup: "open" | "closed";
  },
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
      // `amr`: how the keeper signed in (pwd, hwk for a passkey, otp for a recovery code); the
      // app's sign-in history reads it from the ID token.
      openid: ["sub", "amr"],
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
            // Only the operator command vouches for a built-in account's email.
            email_verified: account.emailVerified,
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
      providerRequests++;
      // Koa's handler settles once the answer is sent (it answers errors itself).
      void Promise.resolve(callback(req.raw, reply.raw)).finally(providerRequestEnded);
    });
  });

  await mountSignInPages(app, db, provider, {
    publicUrl: opts.publicUrl,
    signupOpen: opts.signup === "open",
  });

  return { issuer, clientId: BUILTIN_CLIENT_ID, clientSecret: secrets.clientSecret };
}
