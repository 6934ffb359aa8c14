import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { buildApp } from "../../app";
import { findAccountByEmail, markVerified } from "../../auth/local-accounts";
import { verify as argon2Verify } from "@node-rs/argon2";
import {
  hashPassword,
  hashPasswordScrypt,
  needsRehash,
  passwordProblem,
  verifyPassword,
} from "../../auth/passwords";
import { THROTTLE } from "../../auth/sign-in-throttle";
import { loadConfig } from "../../config";
import { openDatabase } from "../../db/client";
import { authFailures, builtinAccounts, sessions } from "../../db/schema/index";
import { evictSessions, hashToken } from "../../auth/session-store";
import { createTestApp, type TestApp } from "../../test/helpers";
import {
  CookieJar,
  TEST_PASSWORD,
  pathOf,
  randomAddress,
  signInThroughProvider,
  startInteraction,
} from "../../test/sign-in";

let t: TestApp;
const lines: Record<string, unknown>[] = [];
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: "boss-verified@example.com,boss-self@example.com" });
});
afterAll(async () => {
  await t.close();
});

/** The Origin our own pages send (PUBLIC_URL of the test app). */
const ORIGIN = "http://localhost:3000";
const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
/** A client address of its own, so failure counts never touch another test's. */
const uniqueIp = randomAddress;

async function postForm(
  app: TestApp["app"],
  jar: CookieJar,
  url: string,
  form: Record<string, string>,
  remoteAddress = randomAddress(),
) {
  const res = await app.inject({
    method: "POST",
    url,
    headers: {
      cookie: jar.header(),
      origin: ORIGIN,
      "content-type": "application/x-www-form-urlencoded",
    },
    payload: new URLSearchParams(form).toString(),
    remoteAddress,
  });
  jar.store(res);
  return res;
}

describe("passwords", () => {
  it("hashes with argon2id (m=19 MiB, t=2, p=1) and a per-password salt, and verifies", async () => {
    const a = await hashPassword("a long enough password");
    const b = await hashPassword("a long enough password");
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("a long enough password", a)).toBe(true);
    expect(await verifyPassword("a long enough passworD", a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
    // A standard PHC string: the argon2 library's own verifier reads it.
    expect(await argon2Verify(a, "a long enough password")).toBe(true);
  });

  it("still verifies scrypt hashes from before argon2id, and marks them for rehashing", async () => {
    const old = await hashPasswordScrypt("a long enough password");
    expect(old).toMatch(/^scrypt\$65536\$8\$1\$/);
    expect(await verifyPassword("a long enough password", old)).toBe(true);
    expect(await verifyPassword("a long enough passworD", old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    // argon2id with other parameters than today's is rehashed too.
    expect(needsRehash("$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHRzYWx0$aGFzaA")).toBe(true);
  });

  it("refuses malformed or hostile hashes without hashing", async () => {
    for (const stored of [
      "not-a-hash",
      "",
      "scrypt$0$8$1$c2FsdA$aGFzaA",
      "$argon2id$v=19$m=19456,t=2,p=1$short$aGFzaA",
      "$argon2id$v=16$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2g",
      // 4 GiB of memory per check: refused, never computed.
      "$argon2id$v=19$m=4194304,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2g",
      "$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2g",
    ])
      expect(await verifyPassword("a long enough password", stored)).toBe(false);
  });

  it("refuses short, common and email-equal passwords", () => {
    expect(passwordProblem("short", "a@example.com")).toMatch(/at least 10/);
    expect(passwordProblem("1234567890", "a@example.com")).toMatch(/common passwords/);
    expect(passwordProblem("Password123", "a@example.com")).toMatch(/common passwords/);
    expect(passwordProblem("longname@example.com", "LongName@example.com")).toMatch(/email/);
    expect(passwordProblem("speckled hens lay on tuesdays", "a@example.com")).toBeNull();
  });
});

describe("local accounts of the built-in provider", () => {
  it("creates an account, shows ten recovery codes once, and signs in with the password", async () => {
    const email = unique("new");
    const { jar, recoveryCodes } = await signInThroughProvider(t.app, { name: "Nell Hen", email });
    expect(recoveryCodes).toHaveLength(10);
    const me = await t.app.inject({ url: "/api/auth/user", headers: { cookie: jar.header() } });
    expect(me.json()).toMatchObject({ email, firstName: "Nell" });
    const account = await findAccountByEmail(t.db, email);
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(account?.passwordHash).not.toContain(TEST_PASSWORD);
    // Signing in again (a new browser) needs the password.
    const again = await signInThroughProvider(t.app, { email });
    expect(again.callback.statusCode).toBe(302);
    expect(again.recoveryCodes).toHaveLength(0);
  });

  it("answers a wrong password and an unknown email with the same generic message", async () => {
    const email = unique("generic");
    await signInThroughProvider(t.app, { email });
    const ip = uniqueIp();
    const jar = new CookieJar();
    const url = await startInteraction(t.app, jar);
    const wrong = await postForm(t.app, jar, url, { email, password: "not the password" }, ip);
    const unknown = await postForm(
      t.app,
      jar,
      url,
      { email: unique("nobody"), password: "not the password" },
      ip,
    );
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const message = (html: string) => /role="alert"[^>]*>([^<]+)</.exec(html)?.[1];
    expect(message(wrong.body)).toBe("That email and password do not match an account.");
    expect(message(unknown.body)).toBe(message(wrong.body));
    expect(wrong.headers["set-cookie"] ?? "").not.toMatch(/fk_session/);
  });

  it("replaces an scrypt hash by argon2id at the next successful sign-in", async () => {
    const email = unique("rehash");
    await signInThroughProvider(t.app, { email });
    const scryptHash = await hashPasswordScrypt(TEST_PASSWORD);
    await t.db
      .update(builtinAccounts)
      .set({ passwordHash: scryptHash })
      .where(eq(builtinAccounts.email, email));
    // A wrong password changes nothing.
    const jar = new CookieJar();
    const url = await startInteraction(t.app, jar);
    const wrong = await postForm(t.app, jar, url, { email, password: "not the password" });
    expect(wrong.statusCode).toBe(401);
    expect((await findAccountByEmail(t.db, email))?.passwordHash).toBe(scryptHash);
    // The right one signs in with the old hash and stores a new argon2id one.
    const signedIn = await signInThroughProvider(t.app, { email });
    expect(signedIn.callback.statusCode).toBe(302);
    const rehashed = (await findAccountByEmail(t.db, email))?.passwordHash;
    expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(TEST_PASSWORD, rehashed!)).toBe(true);
    // And the next sign-in uses it.
    const again = await signInThroughProvider(t.app, { email });
    expect(again.callback.statusCode).toBe(302);
    expect((await findAccountByEmail(t.db, email))?.passwordHash).toBe(rehashed);
  });

  it("never lets a second sign-up take over an existing email", async () => {
    const email = unique("owned");
    await signInThroughProvider(t.app, { name: "First Owner", email });
    const before = await findAccountByEmail(t.db, email);
    const jar = new CookieJar();
    const url = await startInteraction(t.app, jar);
    const res = await postForm(t.app, jar, `${url}/create`, {
      name: "Attacker",
      email: email.toUpperCase(),
      password: "attacker's own password",
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).toMatch(/already exists/);
    const after = await findAccountByEmail(t.db, email);
    expect(after).toEqual(before);
    // The attacker's password does not open the account.
    const signIn = await postForm(t.app, jar, url, { email, password: "attacker's own password" });
    expect(signIn.statusCode).toBe(401);
  });

  it("refuses weak passwords at sign-up with the rule that failed, writing nothing", async () => {
    const email = unique("weak");
    const jar = new CookieJar();
    const url = await startInteraction(t.app, jar);
    for (const [password, message] of [
      ["short", /at least 10 characters/],
      ["qwertyuiop", /common passwords/],
      [email, /cannot be your email/],
    ] as const) {
      const res = await postForm(t.app, jar, `${url}/create`, { name: "W", email, password });
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatch(message);
    }
    const bad = await postForm(t.app, jar, `${url}/create`, {
      name: "",
      email: "nope",
      password: "",
    });
    expect(bad.statusCode).toBe(400);
    expect(await findAccountByEmail(t.db, email)).toBeNull();
  });

  it("slows then refuses (429) repeated failures for one account, counted in the database", async () => {
    const email = unique("throttled");
    await signInThroughProvider(t.app, { email });
    const jar = new CookieJar();
    const url = await startInteraction(t.app, jar);
    const statuses: number[] = [];
    // Shorter waits than the real ones (250 ms doubling to 2 s: about 10 s in all), so the test
    // stays well inside its timeout on a busy machine; the doubling and the cap are the same code.
    const realDelays = { base: THROTTLE.baseDelayMs, max: THROTTLE.maxDelayMs };
    THROTTLE.baseDelayMs = 40;
    THROTTLE.maxDelayMs = 160;
    onTestFinished(() => {
      THROTTLE.baseDelayMs = realDelays.base;
      THROTTLE.maxDelayMs = realDelays.max;
    });
    // What the failures past `slowAfter` must have waited at least: 40, 80, 160, 160...
    let expectedWaitMs = 0;
    for (let n = THROTTLE.account.slowAfter; n < THROTTLE.account.max; n++) {
      expectedWaitMs += Math.min(
        THROTTLE.maxDelayMs,
        THROTTLE.baseDelayMs * 2 ** (n - THROTTLE.account.slowAfter),
      );
    }
    const started = Date.now();
    for (let i = 0; i < THROTTLE.account.max; i++) {
      // A different address each time: the account's own count is what refuses.
      const res = await postForm(
        t.app,
        jar,
        url,
        { email, password: `wrong ${i} xxxxxxxx` },
        uniqueIp(),
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    // Failures past `slowAfter` waited (doubling, capped).
    expect(Date.now() - started).toBeGreaterThanOrEqual(expectedWaitMs);
    const refused = await postForm(t.app, jar, url, { email, password: TEST_PASSWORD }, uniqueIp());
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.body).toMatch(/Too many failed attempts/);
    const [row] = await t.db
      .select()
      .from(authFailures)
      .where(eq(authFailures.key, `account:${email}`));
    expect(row?.count).toBe(THROTTLE.account.max);

    // Another app instance on the same database (a restart, or a second server) refuses too.
    const database = await sameDatabase();
    const second = await buildApp({
      config: { ...t.config, webDist: "/nonexistent" },
      database,
      logger: false,
    });
    try {
      const jar2 = new CookieJar();
      const url2 = await startInteraction(second, jar2);
      const res = await postForm(
        second,
        jar2,
        url2,
        { email, password: TEST_PASSWORD },
        uniqueIp(),
      );
      expect(res.statusCode).toBe(429);
    } finally {
      await second.close();
      await database.close();
    }
  });

  it("refuses a client that fails across many accounts", async () => {
    const ip = uniqueIp();
    const jar = new CookieJar();
    const url = await startInteraction(t.app, jar);
    await t.db.insert(authFailures).values({ key: `client:${ip}`, count: THROTTLE.client.max });
    const res = await postForm(
      t.app,
      jar,
      url,
      { email: unique("any"), password: "whatever 123" },
      ip,
    );
    expect(res.statusCode).toBe(429);
  });

  it("gets a keeper back in with a one-time recovery code and a new password", async () => {
    const email = unique("recover");
    const { recoveryCodes } = await signInThroughProvider(t.app, { email });
    const jar = new CookieJar();
    const url = await startInteraction(t.app, jar);
    const newPassword = "a brand new coop password";
    const res = await postForm(t.app, jar, `${url}/recover`, {
      email,
      code: recoveryCodes[0]!.toUpperCase(),
      newPassword,
    });
    expect(res.statusCode).toBe(303);
    const resumed = await t.app.inject({
      url: pathOf(String(res.headers.location)),
      headers: { cookie: jar.header() },
    });
    jar.store(resumed);
    const callback = await t.app.inject({
      url: pathOf(String(resumed.headers.location)),
      headers: { cookie: jar.header() },
    });
    jar.store(callback);
    const security = await t.app.inject({
      url: "/api/auth/security",
      headers: { cookie: jar.header() },
    });
    expect(security.json()).toMatchObject({ kind: "local", recoveryCodesLeft: 9 });
    expect(security.json().signIns[0]).toMatchObject({ method: "recovery_code" });
    // The code is spent; the new password works, the old one does not.
    const jar2 = new CookieJar();
    const url2 = await startInteraction(t.app, jar2);
    const reuse = await postForm(
      t.app,
      jar2,
      `${url2}/recover`,
      {
        email,
        code: recoveryCodes[0]!,
        newPassword: "yet another coop password",
      },
      uniqueIp(),
    );
    expect(reuse.statusCode).toBe(401);
    expect(
      (await postForm(t.app, jar2, url2, { email, password: TEST_PASSWORD }, uniqueIp()))
        .statusCode,
    ).toBe(401);
    expect((await postForm(t.app, jar2, url2, { email, password: newPassword })).statusCode).toBe(
      303,
    );
  });

  it("shows the sign-in history on the Account page's security answer", async () => {
    const email = unique("history");
    await signInThroughProvider(t.app, { email });
    const { jar } = await signInThroughProvider(t.app, { email });
    const res = await t.app.inject({
      url: "/api/auth/security",
      headers: { cookie: jar.header() },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.kind).toBe("local");
    expect(body.emailVerified).toBe(false);
    expect(body.signIns).toHaveLength(2);
    expect(body.signIns[0]).toMatchObject({ method: "password" });
    expect(body.signIns[0].address).toMatch(/^10\./);
    expect(body.signIns[0].at).toBeTruthy();
  });
});

describe("SIGNUP=closed", () => {
  it("offers no sign-up: the page and the form answer 403 and nothing is created", async () => {
    const closed = await createTestApp({ SIGNUP: "closed" });
    try {
      const jar = new CookieJar();
      const url = await startInteraction(closed.app, jar);
      const page = await closed.app.inject({ url, headers: { cookie: jar.header() } });
      expect(page.body).not.toMatch(/Create an account/);
      const form = await closed.app.inject({
        url: `${url}/create`,
        headers: { cookie: jar.header() },
      });
      expect(form.statusCode).toBe(403);
      const email = unique("closed");
      const res = await postForm(closed.app, jar, `${url}/create`, {
        name: "X",
        email,
        password: TEST_PASSWORD,
      });
      expect(res.statusCode).toBe(403);
      expect(await findAccountByEmail(closed.db, email)).toBeNull();
    } finally {
      await closed.close();
    }
  });
});

describe("admin by ADMIN_EMAILS only for verified identities", () => {
  it("does not make a self-registered account an admin, but an operator-verified one", async () => {
    const self = await signInThroughProvider(t.app, { email: "boss-self@example.com" });
    const selfSession = await t.app.inject({
      url: "/api/admin/session",
      headers: { cookie: self.jar.header() },
    });
    expect(selfSession.json()).toMatchObject({ emailAdmin: false });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      headers: { cookie: self.jar.header(), origin: ORIGIN },
      payload: {},
    });
    expect(login.statusCode).toBe(401);

    await signInThroughProvider(t.app, { email: "boss-verified@example.com" });
    await markVerified(t.db, (await findAccountByEmail(t.db, "boss-verified@example.com"))!);
    // The claim is read at sign-in: the next sign-in carries email_verified.
    const verified = await signInThroughProvider(t.app, { email: "boss-verified@example.com" });
    const session = await t.app.inject({
      url: "/api/admin/session",
      headers: { cookie: verified.jar.header() },
    });
    expect(session.json()).toMatchObject({ emailAdmin: true });
  });
});

describe("re-authentication before risky actions", () => {
  const age = async (cookieJar: CookieJar, minutes: number) => {
    await t.db
      .update(sessions)
      .set({ authenticatedAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(sessions.id, hashToken(cookieJar.get("fk_session")!)));
    await evictSessions(t.db, { sessionId: hashToken(cookieJar.get("fk_session")!) });
  };

  it("asks for the password again after 10 minutes, then allows export", async () => {
    const email = unique("reauth");
    const { jar } = await signInThroughProvider(t.app, { email });
    const inject = (opts: InjectOptions) =>
      t.app.inject({ ...opts, headers: { cookie: jar.header(), origin: ORIGIN } });
    expect((await inject({ url: "/api/account/export" })).statusCode).toBe(200);
    await age(jar, 11);
    for (const req of [
      { method: "GET" as const, url: "/api/account/export" },
      { method: "GET" as const, url: "/api/account/export.zip" },
      { method: "POST" as const, url: "/api/account/import", payload: {} },
      { method: "DELETE" as const, url: "/api/account", payload: { confirmEmail: email } },
      {
        method: "POST" as const,
        url: "/api/auth/password",
        payload: { currentPassword: TEST_PASSWORD, newPassword: "another fine password" },
      },
    ]) {
      const res = await inject(req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(403);
      expect(res.json().code).toBe("REAUTH_REQUIRED");
    }
    const wrong = await inject({
      method: "POST",
      url: "/api/auth/reauth",
      payload: { password: "not my password" },
      remoteAddress: uniqueIp(),
    });
    expect(wrong.statusCode).toBe(401);
    const ok = await inject({
      method: "POST",
      url: "/api/auth/reauth",
      payload: { password: TEST_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(new Date(ok.json().recentAuthUntil).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect((await inject({ url: "/api/account/export" })).statusCode).toBe(200);
  });

  it("REAUTH_WINDOW_SECONDS shortens the window (never lengthens it), and security reports it", async () => {
    expect(loadConfig({}).reauthWindowMs).toBe(600_000);
    expect(() => loadConfig({ REAUTH_WINDOW_SECONDS: "601" })).toThrow(/REAUTH_WINDOW_SECONDS/);
    expect(() => loadConfig({ REAUTH_WINDOW_SECONDS: "0" })).toThrow(/REAUTH_WINDOW_SECONDS/);
    const config = loadConfig({ REAUTH_WINDOW_SECONDS: "120", PUBLIC_URL: ORIGIN });
    const app = await buildApp({
      config: { ...config, webDist: "/nonexistent" },
      database: await sameDatabase(),
      logger: false,
    });
    try {
      const { jar } = await signInThroughProvider(app, { email: unique("short-window") });
      const inject = (opts: InjectOptions) =>
        app.inject({ ...opts, headers: { cookie: jar.header(), origin: ORIGIN } });
      const security = await inject({ url: "/api/auth/security" });
      const until = new Date(security.json().recentAuthUntil).getTime();
      expect(until).toBeLessThanOrEqual(Date.now() + 120_000);
      expect(until).toBeGreaterThan(Date.now() + 60_000);
      expect((await inject({ url: "/api/account/export" })).statusCode).toBe(200);
      // Three minutes old, through this app's own connection and session cache.
      const sessionId = hashToken(jar.get("fk_session")!);
      await app.db
        .update(sessions)
        .set({ authenticatedAt: new Date(Date.now() - 3 * 60_000) })
        .where(eq(sessions.id, sessionId));
      await evictSessions(app.db, { sessionId });
      const refused = await inject({ url: "/api/account/export" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe("REAUTH_REQUIRED");
    } finally {
      await app.close();
    }
  });

  it("changes the password only with the current one, and ends the keeper's other sessions", async () => {
    const email = unique("change");
    const first = await signInThroughProvider(t.app, { email });
    const second = await signInThroughProvider(t.app, { email });
    const change = (payload: unknown) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/password",
        headers: { cookie: second.jar.header(), origin: ORIGIN },
        payload: payload as Record<string, string>,
        remoteAddress: uniqueIp(),
      });
    expect(
      (await change({ currentPassword: "wrong password!", newPassword: "x".repeat(12) }))
        .statusCode,
    ).toBe(401);
    const weak = await change({ currentPassword: TEST_PASSWORD, newPassword: "1234567890" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/common passwords/);
    expect((await change({ currentPassword: TEST_PASSWORD })).statusCode).toBe(400);
    const ok = await change({
      currentPassword: TEST_PASSWORD,
      newPassword: "rooster at dawn again",
    });
    expect(ok.statusCode).toBe(204);
    const firstMe = await t.app.inject({
      url: "/api/auth/user",
      headers: { cookie: first.jar.header() },
    });
    expect(firstMe.statusCode).toBe(401);
    const secondMe = await t.app.inject({
      url: "/api/auth/user",
      headers: { cookie: second.jar.header() },
    });
    expect(secondMe.statusCode).toBe(200);
    const again = await signInThroughProvider(t.app, { email, password: "rooster at dawn again" });
    expect(again.callback.statusCode).toBe(302);
  });

  it("regenerates recovery codes (old ones stop working)", async () => {
    const email = unique("codes");
    const { jar, recoveryCodes } = await signInThroughProvider(t.app, { email });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/recovery-codes",
      headers: { cookie: jar.header(), origin: ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    const { codes } = res.json() as { codes: string[] };
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(recoveryCodes[0]);
    const jar2 = new CookieJar();
    const url = await startInteraction(t.app, jar2);
    const old = await postForm(
      t.app,
      jar2,
      `${url}/recover`,
      {
        email,
        code: recoveryCodes[0]!,
        newPassword: "completely new password",
      },
      uniqueIp(),
    );
    expect(old.statusCode).toBe(401);
  });

  it("tells a keeper of an external provider that passwords live there", async () => {
    const { buildUser } = await import("../../test/helpers");
    const keeper = await buildUser(t);
    const res = await keeper.inject({
      method: "POST",
      url: "/api/auth/reauth",
      payload: { password: "whatever password" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("NOT_LOCAL_ACCOUNT");
    const security = await keeper.inject({ url: "/api/auth/security" });
    expect(security.json()).toMatchObject({ kind: "external", recoveryCodesLeft: null });
  });
});

describe("passkey answers that do not check out", () => {
  it("refuses a forged or replayed assertion with a 4xx and signs nobody in", async () => {
    const jar = new CookieJar();
    const url = await startInteraction(t.app, jar);
    const options = await t.app.inject({
      method: "POST",
      url: `${url}/passkey/options`,
      headers: { cookie: jar.header(), origin: ORIGIN },
      payload: {},
    });
    expect(options.statusCode).toBe(200);
    const challenge = options.json().challenge as string;
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: "webauthn.get", challenge, origin: "http://localhost:3000" }),
    ).toString("base64url");
    const forged = {
      response: {
        id: "AAAA",
        rawId: "AAAA",
        type: "public-key",
        response: { clientDataJSON, authenticatorData: "AAAA", signature: "AAAA" },
        clientExtensionResults: {},
      },
    };
    const res = await t.app.inject({
      method: "POST",
      url: `${url}/passkey`,
      headers: { cookie: jar.header(), origin: ORIGIN },
      payload: forged,
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("PASSKEY_REJECTED");
    const bad = await t.app.inject({
      method: "POST",
      url: `${url}/passkey`,
      headers: { cookie: jar.header(), origin: ORIGIN },
      payload: { response: { id: "<script>" } },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("audit trail", () => {
  it("logs sign-up, sign-in, failures, sign-out and exports as one line each with a stable event", async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const config = loadConfig({ LOG_LEVEL: "info", PUBLIC_URL: "http://localhost:3000" });
    const database = await sameDatabase();
    const app = await buildApp({
      config: { ...config, webDist: "/nonexistent" },
      database,
      logStream: stream,
    });
    try {
      const email = unique("audited");
      const { jar } = await signInThroughProvider(app, { email });
      const jar2 = new CookieJar();
      const url = await startInteraction(app, jar2);
      await postForm(app, jar2, url, { email, password: "a wrong password" }, uniqueIp());
      await app.inject({ url: "/api/account/export", headers: { cookie: jar.header() } });
      await app.inject({
        method: "POST",
        url: "/api/logout",
        headers: { cookie: jar.header(), origin: ORIGIN },
      });
      const events = lines.map((l) => l.event).filter(Boolean);
      for (const e of [
        "auth.signup",
        "auth.signin",
        "auth.signin_failed",
        "account.export",
        "auth.signout",
      ]) {
        expect(events).toContain(e);
      }
      const text = JSON.stringify(lines);
      expect(text).not.toContain(TEST_PASSWORD);
      expect(text).not.toContain("a wrong password");
      expect(text).not.toContain(jar.get("fk_session") ?? "no-session");
      // Routine requests are logged at debug only: nothing at info names a plain request.
      expect(lines.filter((l) => l.msg === "request completed")).toHaveLength(0);
      expect(lines.filter((l) => l.msg === "incoming request")).toHaveLength(0);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

/** The test app's database, for a second app instance (PostgreSQL: a second connection). */
async function sameDatabase() {
  if (process.env.TEST_DATABASE_URL) {
    return openDatabase({ url: process.env.TEST_DATABASE_URL, dataDir: "" });
  }
  return { ...t.database, close: async () => {} };
}
