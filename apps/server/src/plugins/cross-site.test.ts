import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, chickens } from "../db/schema/index";
import { hashToken } from "../auth/session-store";
import { buildUser, createTestApp, type TestApp } from "../test/helpers";
import { originVerdict } from "./security";

let t: TestApp;
let https: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  https = await createTestApp({ PUBLIC_URL: "https://flock.example" });
});
afterAll(async () => {
  await t.close();
  await https.close();
});

const OURS = "http://localhost:3000";
const birdsOf = (userId: string) => t.db.select().from(chickens).where(eq(chickens.farmId, userId));
const liveSession = async (cookie: string) =>
  (
    await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(cookie.split("=")[1]!)))
  ).length === 1;

describe("Origin check on state-changing requests", () => {
  it("decides from Origin, then Sec-Fetch-Site, and only for requests with cookies", () => {
    expect(originVerdict({ origin: OURS, cookie: "a=b" }, OURS)).toBe("ok");
    expect(originVerdict({ origin: "https://evil.example" }, OURS)).toBe("foreign-origin");
    expect(originVerdict({ origin: "null", cookie: "a=b" }, OURS)).toBe("foreign-origin");
    expect(originVerdict({ cookie: "a=b" }, OURS)).toBe("no-origin");
    expect(originVerdict({ cookie: "a=b", "sec-fetch-site": "same-origin" }, OURS)).toBe("ok");
    expect(originVerdict({ cookie: "a=b", "sec-fetch-site": "same-site" }, OURS)).toBe("no-origin");
    expect(originVerdict({}, OURS)).toBe("ok");
  });

  it("accepts a keeper's POST from our own origin", async () => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({
      method: "POST",
      url: "/api/chickens",
      headers: { origin: OURS },
      payload: { name: "Henny", breed: "Sussex" },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it("refuses a cookie-authenticated POST from another site, or with no Origin, and writes nothing", async () => {
    const keeper = await buildUser(t);
    for (const headers of [
      { origin: "https://evil.example" },
      { origin: undefined },
      { origin: undefined, "sec-fetch-site": "cross-site" },
      { origin: "null" },
    ]) {
      const res = await keeper.inject({
        method: "POST",
        url: "/api/chickens",
        headers,
        payload: { name: "Stolen", breed: "Sussex" },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().code).toBe("CROSS_SITE_REQUEST");
    }
    expect(await birdsOf(keeper.user.id)).toHaveLength(0);
  });

  it("accepts Sec-Fetch-Site: same-origin when a browser leaves Origin out", async () => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({
      method: "POST",
      url: "/api/chickens",
      headers: { origin: undefined, "sec-fetch-site": "same-origin" },
      payload: { name: "Henny", breed: "Sussex" },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it("takes its own origin from PUBLIC_URL, never from the Host header", async () => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({
      method: "POST",
      url: "/api/chickens",
      headers: { origin: "http://evil.example", host: "evil.example" },
      payload: { name: "Stolen", breed: "Sussex" },
    });
    expect(res.statusCode).toBe(403);
    expect(await birdsOf(keeper.user.id)).toHaveLength(0);
  });

  it("refuses DELETE and PATCH from another site too", async () => {
    const keeper = await buildUser(t);
    const made = await keeper.inject({
      method: "POST",
      url: "/api/chickens",
      payload: { name: "Keep", breed: "Sussex" },
    });
    const id = made.json().id as string;
    const del = await keeper.inject({
      method: "DELETE",
      url: `/api/chickens/${id}`,
      headers: { origin: "https://evil.example" },
    });
    expect(del.statusCode).toBe(403);
    expect(await birdsOf(keeper.user.id)).toHaveLength(1);
  });
});

describe("sign-out", () => {
  it("signs out from our own pages (a same-origin navigation)", async () => {
    const keeper = await buildUser(t);
    const res = await t.app.inject({
      url: "/api/logout",
      headers: { cookie: keeper.cookie, "sec-fetch-site": "same-origin" },
    });
    expect(res.statusCode).toBe(302);
    expect(await liveSession(keeper.cookie)).toBe(false);
  });

  it("changes nothing on a cross-site GET: it shows a page with a sign-out button instead", async () => {
    const keeper = await buildUser(t);
    for (const site of ["cross-site", "same-site", undefined]) {
      const res = await t.app.inject({
        url: "/api/logout",
        headers: { cookie: keeper.cookie, ...(site ? { "sec-fetch-site": site } : {}) },
      });
      expect(res.statusCode, String(site)).toBe(200);
      expect(res.headers["set-cookie"]).toBeUndefined();
      expect(res.body).toContain('<form method="post" action="/api/logout">');
    }
    expect(await liveSession(keeper.cookie)).toBe(true);
    expect((await keeper.inject({ url: "/api/auth/user" })).statusCode).toBe(200);
  });

  it("the page's button (a POST from our origin) signs out; a foreign POST does not", async () => {
    const keeper = await buildUser(t);
    const foreign = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: {
        cookie: keeper.cookie,
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: "",
    });
    expect(foreign.statusCode).toBe(403);
    expect(await liveSession(keeper.cookie)).toBe(true);
    const ours = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: {
        cookie: keeper.cookie,
        origin: OURS,
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: "",
    });
    expect(ours.statusCode).toBe(302);
    expect(await liveSession(keeper.cookie)).toBe(false);
  });
});

describe("caching and cookies", () => {
  it("answers authenticated API requests with Cache-Control: private, no-store (never a shared or browser cache)", async () => {
    const keeper = await buildUser(t);
    for (const url of ["/api/auth/user", "/api/chickens", "/api/account/settings"]) {
      const res = await keeper.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("private, no-store");
    }
  });

  it("uses the __Host- prefix (Secure, Path=/, no Domain) when served over HTTPS", async () => {
    expect(t.app.sessionCookie).toBe("fk_session");
    expect(https.app.sessionCookie).toBe("__Host-fk_session");
    const keeper = await buildUser(https);
    expect(keeper.cookie).toMatch(/^__Host-fk_session=/);
    const token = keeper.cookie.split("=")[1]!;
    const me = await https.app.inject({
      url: "/api/auth/user",
      headers: { cookie: keeper.cookie },
    });
    expect(me.statusCode).toBe(200);
    // The plain name is not accepted in its place.
    const plain = await https.app.inject({
      url: "/api/auth/user",
      headers: { cookie: `fk_session=${token}` },
    });
    expect(plain.statusCode).toBe(401);
    // Signing out clears it with the attributes the prefix demands.
    const out = await https.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie: keeper.cookie, origin: "https://flock.example" },
    });
    expect(out.statusCode).toBe(302);
    const cleared = String(out.headers["set-cookie"]);
    expect(cleared).toMatch(/^__Host-fk_session=;/);
    expect(cleared).toMatch(/Path=\//);
    expect(cleared).toMatch(/Secure/);
    expect(cleared).not.toMatch(/Domain=/i);
  });
});

describe("empty JSON bodies", () => {
  it("accepts a DELETE with Content-Type: application/json and no body", async () => {
    const keeper = await buildUser(t);
    const made = await keeper.inject({
      method: "POST",
      url: "/api/chickens",
      payload: { name: "Gone", breed: "Sussex" },
    });
    const res = await keeper.inject({
      method: "DELETE",
      url: `/api/chickens/${made.json().id}`,
      headers: { "content-type": "application/json" },
      payload: "",
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await birdsOf(keeper.user.id)).toHaveLength(0);
  });

  it("accepts a body-less POST with Content-Type: application/json", async () => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({
      method: "POST",
      url: "/api/account/sessions/sign-out-everywhere",
      headers: { "content-type": "application/json" },
      payload: "",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ended).toBe(1);
  });

  it("still refuses broken JSON, and an empty body where one is required, with a 400", async () => {
    const keeper = await buildUser(t);
    const broken = await keeper.inject({
      method: "POST",
      url: "/api/chickens",
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect(broken.statusCode).toBe(400);
    const empty = await keeper.inject({
      method: "POST",
      url: "/api/chickens",
      headers: { "content-type": "application/json" },
      payload: "",
    });
    expect(empty.statusCode).toBe(400);
    expect(await birdsOf(keeper.user.id)).toHaveLength(0);
  });
});
