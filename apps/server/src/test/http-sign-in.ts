import { TEST_PASSWORD, continueUrlOf } from "./sign-in";

/**
 * Signs in over real HTTP through the built-in provider (a browser's redirects, by hand): creates
 * the account, or signs in with the same password when it exists. Returns the cookie jar.
 */
export async function signInOverHttp(
  base: string,
  {
    name = "Ada Lovelace",
    email = `http-${Date.now()}@example.com`,
    password = TEST_PASSWORD,
    finishOn = base,
  } = {},
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
  const postForm = (url: string, fields: Record<string, string>) =>
    go(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: new URL(base).origin,
      },
      body: new URLSearchParams(fields).toString(),
    });
  const created = await postForm(`${form}/create`, { name, email, password });
  let resumeUrl: string;
  if (created.status === 201) {
    resumeUrl = pathOf(continueUrlOf(await created.text()));
  } else if (created.status === 409) {
    const signedIn = await postForm(form, { email, password });
    if (signedIn.status >= 400) throw new Error(`sign-in answered ${signedIn.status}`);
    resumeUrl = pathOf(signedIn.headers.get("location")!);
  } else {
    throw new Error(`create account answered ${created.status}`);
  }
  const resumed = await go(resumeUrl);
  // The callback may land on another instance behind the same public URL.
  await go(pathOf(resumed.headers.get("location")!), {}, finishOn);
  return jar;
}
