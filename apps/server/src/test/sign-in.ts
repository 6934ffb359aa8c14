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

const pathOf = (location: string) => {
  const u = new URL(location, "http://localhost:3000");
  return u.pathname + u.search;
};

/**
 * Signs in through the built-in OpenID provider exactly as a browser would: login,
 * provider redirect, our name + email page, callback. Returns the jar with the session.
 */
export async function signInThroughProvider(
  app: FastifyInstance,
  {
    name = "Ada Lovelace",
    email = "ada@example.com",
    jar = new CookieJar(),
    returnTo = "/",
    origin = "http://localhost:3000",
  } = {},
): Promise<{ jar: CookieJar; callback: LightMyRequestResponse }> {
  const get = async (url: string) => {
    const res = await app.inject({ method: "GET", url, headers: { cookie: jar.header() } });
    jar.store(res);
    return res;
  };
  const login = await get(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  const auth = await get(pathOf(String(login.headers.location)));
  const interactionUrl = pathOf(String(auth.headers.location));
  const page = await get(interactionUrl);
  if (page.statusCode !== 200) throw new Error(`sign-in page answered ${page.statusCode}`);
  const posted = await app.inject({
    method: "POST",
    url: interactionUrl,
    // A browser posting our sign-in form sends our origin.
    headers: {
      cookie: jar.header(),
      origin,
      "content-type": "application/x-www-form-urlencoded",
    },
    payload: new URLSearchParams({ name, email }).toString(),
  });
  jar.store(posted);
  const resumed = await get(pathOf(String(posted.headers.location)));
  const callback = await get(pathOf(String(resumed.headers.location)));
  return { jar, callback };
}
