import { executionAsyncId } from "node:async_hooks";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema/index";
import { buildUser, createTestApp, type TestApp } from "../../test/helpers";
import { CookieJar, signInThroughProvider } from "../../test/sign-in";
import { hashToken } from "../../auth/session-store";
import { buildApp } from "../../app";
import { openDatabase } from "../../db/client";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("sign-in through the built-in OpenID provider", () => {
  it("creates the user from ID-token claims and a session the API accepts", async () => {
    const { jar, callback } = await signInThroughProvider(t.app, {
      name: "Grace Hopper",
      email: "grace@example.com",
      returnTo: "/chicken-tracker",
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe("/chicken-tracker");
    const setCookie = String(callback.headers["set-cookie"]);
    expect(setCookie).toMatch(/fk_session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const me = await t.app.inject({ url: "/api/auth/user", headers: { cookie: jar.header() } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: "grace@example.com",
      firstName: "Grace",
      lastName: "Hopper",
    });
  });

  it("leaves no promise hook behind once the provider's requests are answered", async () => {
    // With async hooks on, an await resumes in an async resource of its own (a non-zero id); the
    // provider's AsyncLocalStorage turned them on for the whole process at the first sign-in.
    const promiseHooksOn = async () => {
      await null;
      return executionAsyncId() !== 0;
    };
    expect(await promiseHooksOn()).toBe(false);
    const { jar } = await signInThroughProvider(t.app, { email: "hooks@example.com" });
    expect(jar.get("fk_session")).toBeTruthy();
    expect(await promiseHooksOn()).toBe(false);
  });

  it("gives a fresh session id at every sign-in and finds the same user by subject", async () => {
    const first = await signInThroughProvider(t.app, {
      name: "Mary Anning",
      email: "mary@example.com",
    });
    const firstToken = first.jar.get("fk_session")!;
    const second = await signInThroughProvider(t.app, {
      name: "Mary Anning",
      email: "mary@example.com",
      jar: first.jar,
    });
    const secondToken = second.jar.get("fk_session")!;
    expect(secondToken).not.toBe(firstToken);
    const old = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(firstToken)));
    expect(old).toHaveLength(0);
    const a = await t.app.inject({
      url: "/api/auth/user",
      headers: { cookie: `fk_session=${secondToken}` },
    });
    expect(a.json().email).toBe("mary@example.com");
  });

  it("logout deletes the session row and clears the cookie", async () => {
    const { jar } = await signInThroughProvider(t.app, { email: "logout@example.com" });
    const token = jar.get("fk_session")!;
    const res = await t.app.inject({
      url: "/api/logout",
      headers: { cookie: jar.header(), "sec-fetch-site": "same-origin" },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/");
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token))),
    ).toHaveLength(0);
    const me = await t.app.inject({
      url: "/api/auth/user",
      headers: { cookie: `fk_session=${token}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it("refuses a callback with a wrong state and writes nothing", async () => {
    const jar = new CookieJar();
    const login = await t.app.inject({ url: "/api/login" });
    jar.store(login);
    const res = await t.app.inject({
      url: "/api/callback?code=abc&state=wrong",
      headers: { cookie: jar.header() },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/api/login/error?reason=rejected");
    expect(String(res.headers["set-cookie"] ?? "")).not.toMatch(/fk_session=[^;]/);
    const page = await t.app.inject({ url: "/api/login/error?reason=rejected" });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain("Sign-in failed");
  });

  it("refuses a callback without a login transaction", async () => {
    const res = await t.app.inject({ url: "/api/callback?code=abc&state=xyz" });
    expect(res.headers.location).toBe("/api/login/error?reason=expired");
  });

  it("refuses a tampered transaction cookie", async () => {
    const fake = Buffer.from(
      JSON.stringify({ state: "s", nonce: "n", codeVerifier: "v", returnTo: "/" }),
    ).toString("base64url");
    const res = await t.app.inject({
      url: "/api/callback?code=abc&state=s",
      headers: { cookie: `fk_oidc=${fake}.forged` },
    });
    expect(res.headers.location).toBe("/api/login/error?reason=expired");
  });

  it("only returns to paths on this site", async () => {
    const res = await t.app.inject({ url: "/api/login?returnTo=//evil.example/x" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("returnTo must be a path on this site");
  });

  it("asks again on the sign-in page when the email is invalid", async () => {
    const jar = new CookieJar();
    const login = await t.app.inject({ url: "/api/login" });
    jar.store(login);
    const auth = await t.app.inject({
      url:
        new URL(String(login.headers.location)).pathname +
        new URL(String(login.headers.location)).search,
      headers: { cookie: jar.header() },
    });
    jar.store(auth);
    const res = await t.app.inject({
      method: "POST",
      url: String(auth.headers.location),
      headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      payload: "name=Ada&email=not-an-email",
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Please enter a valid email address");
  });
});

describe("sessions", () => {
  it("answers 401 signed out, and for a forged cookie", async () => {
    expect((await t.app.inject({ url: "/api/auth/user" })).statusCode).toBe(401);
    const forged = await t.app.inject({
      url: "/api/auth/user",
      headers: { cookie: "fk_session=forged-token-that-is-long-enough" },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({
      statusCode: 401,
      code: "UNAUTHORIZED",
      message: "Please sign in to continue",
    });
  });

  it("expires an idle session and deletes it", async () => {
    const keeper = await buildUser(t);
    const token = keeper.cookie.split("=")[1]!;
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(eq(sessions.id, hashToken(token)));
    expect((await keeper.inject({ url: "/api/auth/user" })).statusCode).toBe(401);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token))),
    ).toHaveLength(0);
  });

  it("expires a session past its absolute lifetime even when active", async () => {
    const keeper = await buildUser(t);
    const token = keeper.cookie.split("=")[1]!;
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, hashToken(token)));
    expect((await keeper.inject({ url: "/api/auth/user" })).statusCode).toBe(401);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("two app instances on one PostgreSQL", () => {
  it("a session made through one instance works on the other, and keys are shared", async () => {
    const second = await openDatabase({ url: process.env.TEST_DATABASE_URL!, dataDir: "" });
    const other = await buildApp({ config: t.config, database: second, logger: false });
    try {
      const { jar } = await signInThroughProvider(t.app, { email: "two@example.com" });
      const me = await other.inject({ url: "/api/auth/user", headers: { cookie: jar.header() } });
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe("two@example.com");
      // A sign-in started on one instance finishes on the other (provider state is in the database).
      const jar2 = new CookieJar();
      const login = await t.app.inject({ url: "/api/login" });
      jar2.store(login);
      const auth = await other.inject({
        url:
          new URL(String(login.headers.location)).pathname +
          new URL(String(login.headers.location)).search,
        headers: { cookie: jar2.header() },
      });
      expect(auth.statusCode).toBe(303);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
