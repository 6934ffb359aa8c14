import type { FastifyInstance, LightMyRequestResponse } from "fastify";

/** A minimal cookie jar for walking redirects through `app.inject`. */
export class CookieJar {
  private cookies = new Map<string, string>();

  store(res: LightMyRequestResponse) {
    for (const c of res.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === "";
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  get(name: string) {
    return this.cookies.get(name);
  }

  set(name: string, value: string) {
    this.cookies.set(name, value);
  }
}

/** A random address in 10.0.0.0/8. */
export const randomAddress = () =>
  `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 255)).join(".")}`;

export const pathOf = (location: string) => {
  const u = new URL(location, "http://localhost:3000");
  return u.pathname + u.search;
};

/** The password every test keeper uses (long enough, not common, not the email). */
export const TEST_PASSWORD = "speckled hens lay on tuesdays";

/** The "continue" link of the recovery-codes page shown after creating an account. */
export const continueUrlOf = (html: string) => {
  const m = /<a class="button" href="([^"]+)"/.exec(html);
  if (!m) throw new Error("no continue link on the recovery-codes page");
  return m[1]!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
};

/**
 * Signs in through the built-in OpenID provider exactly as a browser would: login, provider
 * redirect, our create-account page (or, when the email already has an account, the sign-in
 * page with the same password), the recovery codes, callback. Returns the jar with the session
 * and, for a new account, its recovery codes.
 */
export async function signInThroughProvider(
  app: FastifyInstance,
  {
    name = "Ada Lovelace",
    email = "ada@example.com",
    password = TEST_PASSWORD,
    jar = new CookieJar(),
    returnTo = "/",
    // Each sign-in from its own address, as different people's would be: per-address limits
    // (rate limits, failed-sign-in counts) then never join up across tests.
    remoteAddress = randomAddress(),
    // A browser posting our forms sends our origin.
    origin = "http://localhost:3000",
  } = {},
): Promise<{ jar: CookieJar; callback: LightMyRequestResponse; recoveryCodes: string[] }> {
  const get = async (url: string) => {
    const res = await app.inject({
      method: "GET",
      url,
      headers: { cookie: jar.header() },
      remoteAddress,
    });
    jar.store(res);
    return res;
  };
  const post = async (url: string, form: Record<string, string>) => {
    const res = await app.inject({
      method: "POST",
      url,
      headers: {
        cookie: jar.header(),
        origin,
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: new URLSearchParams(form).toString(),
      remoteAddress,
    });
    jar.store(res);
    return res;
  };
  const interactionUrl = await startInteraction(app, jar, returnTo, get);
  const created = await post(`${interactionUrl}/create`, { name, email, password });
  let resumeUrl: string;
  let recoveryCodes: string[] = [];
  if (created.statusCode === 201) {
    resumeUrl = pathOf(continueUrlOf(created.body));
    recoveryCodes = [...created.body.matchAll(/<code>([^<]+)<\/code>/g)].map((m) => m[1]!);
  } else if (created.statusCode === 409) {
    const signedIn = await post(interactionUrl, { email, password });
    if (signedIn.statusCode !== 303 && signedIn.statusCode !== 302) {
      throw new Error(`sign-in answered ${signedIn.statusCode}`);
    }
    resumeUrl = pathOf(String(signedIn.headers.location));
  } else {
    throw new Error(`create account answered ${created.statusCode}: ${created.body.slice(0, 300)}`);
  }
  const resumed = await get(resumeUrl);
  const callback = await get(pathOf(String(resumed.headers.location)));
  return { jar, callback, recoveryCodes };
}

/** Starts sign-in (`/api/login` and the provider's redirect); the interaction page's path. */
export async function startInteraction(
  app: FastifyInstance,
  jar: CookieJar,
  returnTo = "/",
  get?: (url: string) => Promise<LightMyRequestResponse>,
): Promise<string> {
  const remoteAddress = randomAddress();
  const fetchPage =
    get ??
    (async (url: string) => {
      const res = await app.inject({
        method: "GET",
        url,
        headers: { cookie: jar.header() },
        remoteAddress,
      });
      jar.store(res);
      return res;
    });
  const login = await fetchPage(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  const auth = await fetchPage(pathOf(String(login.headers.location)));
  const interactionUrl = pathOf(String(auth.headers.location));
  const page = await fetchPage(interactionUrl);
  if (page.statusCode !== 200) throw new Error(`sign-in page answered ${page.statusCode}`);
  return interactionUrl;
}
