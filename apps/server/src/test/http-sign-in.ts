/** Signs in over real HTTP through the built-in provider (a browser's redirects, by hand); returns the cookie jar. */
export async function signInOverHttp(
  base: string,
  { name = "Ada Lovelace", email = `http-${Date.now()}@example.com`, finishOn = base } = {},
): Promise<Map<string, string>> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const go = async (url: string, init: RequestInit = {}, origin = base) => {
    const res = await fetch(new URL(url, origin), {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [k, ...v] = pair!.split("=");
      const value = v.join("=");
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) jar.delete(k!.trim());
      else jar.set(k!.trim(), value);
    }
    return res;
  };
  const pathOf = (loc: string) => {
    const u = new URL(loc, base);
    return u.pathname + u.search;
  };
  const login = await go("/api/login");
  const auth = await go(pathOf(login.headers.get("location")!));
  const form = pathOf(auth.headers.get("location")!);
  const posted = await go(form, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(base).origin },
    body: new URLSearchParams({ name, email }).toString(),
  });
  const resumed = await go(pathOf(posted.headers.get("location")!));
  // The callback may land on another instance behind the same public URL.
  await go(pathOf(resumed.headers.get("location")!), {}, finishOn);
  return jar;
}
