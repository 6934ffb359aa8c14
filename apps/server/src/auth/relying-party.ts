import * as client from "openid-client";
import type { FastifyInstance } from "fastify";

export type RelyingPartyOptions = {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  redirectUri: string;
  /** Routes the provider's HTTP calls through Fastify when the provider runs in-process. */
  inProcess?: FastifyInstance;
};

export type LoginTransaction = {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
};

export type SignedInClaims = {
  sub: string;
  email: string | null;
  /** The provider vouches for the email (`email_verified: true`). */
  emailVerified: boolean;
  /** How the person proved who they are (`amr`), when the provider says. */
  amr: string[];
  firstName: string | null;
  lastName: string | null;
  picture: string | null;
};

/**
 * The OpenID Connect relying party: authorization code + PKCE, with state and nonce.
 * The same code talks to the built-in provider and to Google, Auth0, Keycloak or Authentik.
 */
export class RelyingParty {
  private config: Promise<client.Configuration> | null = null;

  constructor(private readonly opts: RelyingPartyOptions) {}

  private configuration(): Promise<client.Configuration> {
    // Discovery is lazy (the in-process provider is not listening yet at build time) and
    // retried on the next login if it failed.
    this.config ??= this.discover().catch((err: unknown) => {
      this.config = null;
      throw err;
    });
    return this.config;
  }

  private async discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret, inProcess } = this.opts;
    const fetchImpl = inProcess ? injectFetch(inProcess) : undefined;
    const options: client.DiscoveryRequestOptions = {};
    if (issuer.startsWith("http://")) options.execute = [client.allowInsecureRequests];
    if (fetchImpl) options[client.customFetch] = fetchImpl;
    const config = await client.discovery(
      new URL(issuer),
      clientId,
      clientSecret ?? undefined,
      clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
      options,
    );
    if (fetchImpl) config[client.customFetch] = fetchImpl;
    return config;
  }

  /** Builds the provider's authorization URL and the transaction to keep until the callback. */
  async start(
    returnTo: string,
    forceLogin: boolean,
  ): Promise<{ url: string; transaction: LoginTransaction }> {
    const config = await this.configuration();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const params: Record<string, string> = {
      redirect_uri: this.opts.redirectUri,
      scope: "openid email profile",
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
      state,
      nonce,
    };
    if (forceLogin) params.prompt = "login";
    const url = client.buildAuthorizationUrl(config, params);
    return { url: url.href, transaction: { state, nonce, codeVerifier, returnTo } };
  }

  /** Finishes the code flow: checks state, nonce and PKCE, and returns the user's claims. */
  async finish(callbackUrl: URL, tx: LoginTransaction): Promise<SignedInClaims> {
    const config = await this.configuration();
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: tx.codeVerifier,
      expectedState: tx.state,
      expectedNonce: tx.nonce,
      idTokenExpected: true,
    });
    let claims: Record<string, unknown> = { ...tokens.claims() };
    if (!claims.email && tokens.access_token) {
      const info = await client.fetchUserInfo(config, tokens.access_token, String(claims.sub));
      claims = { ...info, ...claims, email: info.email };
    }
    const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
    const name = str(claims.name);
    return {
      sub: String(claims.sub),
      email: str(claims.email),
      emailVerified: claims.email_verified === true || claims.email_verified === "true",
      amr: Array.isArray(claims.amr) ? claims.amr.map(String) : [],
      firstName: str(claims.given_name) ?? (name ? name.split(/\s+/)[0]! : null),
      lastName: str(claims.family_name),
      picture: str(claims.picture),
    };
  }
}

/** A fetch that answers requests to the in-process provider with `app.inject`, without a socket. */
function injectFetch(app: FastifyInstance): client.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const headers: Record<string, string> = {};
    new Headers(options.headers as ConstructorParameters<typeof Headers>[0]).forEach(
      (v, k) => (headers[k] = v),
    );
    headers.host = target.host;
    if (target.protocol === "https:") headers["x-forwarded-proto"] = "https";
    const res = await app.inject({
      method: options.method as "GET" | "POST",
      url: target.pathname + target.search,
      headers,
      payload: options.body == null ? undefined : String(options.body),
    });
    const outHeaders = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v !== undefined) outHeaders.set(k, Array.isArray(v) ? v.join(", ") : String(v));
    }
    return new Response(res.rawPayload.length ? new Uint8Array(res.rawPayload) : null, {
      status: res.statusCode,
      headers: outHeaders,
    });
  };
}
