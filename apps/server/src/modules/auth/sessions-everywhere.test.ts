import { eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../auth/session-store";
import { sessions, users } from "../../db/schema/index";
import {
  buildUser,
  createTestApp,
  createSecondInstance,
  type TestApp,
  type TestUser,
} from "../../test/helpers";
import { CookieJar, signInThroughProvider, TEST_PASSWORD } from "../../test/sign-in";

/*
 * Issue 16 item 7: ending a session on one instance ends it on every instance sharing the
 * database within 1 s. On PostgreSQL the second instance has its own connections, its own session
 * cache and its own LISTEN connection, as a second process would; on the embedded database (one
 * process per data folder) it shares the handle, and the notice is delivered in-process.
 */

let t: TestApp;
let other: FastifyInstance;
let second: Awaited<ReturnType<typeof createSecondInstance>>;

beforeAll(async () => {
  t = await createTestApp();
  second = await createSecondInstance(t);
  other = second.app;
});

afterAll(async () => {
  await second.close();
  await t.close();
});

/** Polls `url` on the other instance with `cookie` until it answers 401; fails after 1 s. */
async function endsOnOtherWithin1s(cookie: string, url = "/api/auth/user") {
  const started = Date.now();
  for (;;) {
    const res = await other.inject({ url, headers: { cookie } });
    if (res.statusCode === 401) return { res, ms: Date.now() - started };
    expect(res.statusCode, `${url} on the other instance`).toBe(200);
    if (Date.now() - started > 1000)
      throw new Error("the other instance still accepts it after 1 s");
    await new Promise((r) => setTimeout(r, 25));
  }
}

const onOther = (cookie: string, opts: InjectOptions = { url: "/api/auth/user" }) =>
  other.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie } });

/** A keeper whose session the other instance has just resolved (and so holds in its cache). */
async function keeperSeenOnOther(): Promise<TestUser> {
  const keeper = await buildUser(t);
  expect((await onOther(keeper.cookie)).statusCode).toBe(200);
  return keeper;
}

describe("sessions end on every instance at once", () => {
  it("the other instance caches a session: a row deleted behind its back is still accepted", async () => {
    // The control for the tests below: without a notice, the cache would answer for up to 5 s.
    const keeper = await keeperSeenOnOther();
    const id = hashToken(keeper.cookie.split("=")[1]!);
    await t.db.delete(sessions).where(eq(sessions.id, id));
    expect((await onOther(keeper.cookie)).statusCode).toBe(200);
  });

  it("sign-out", async () => {
    const keeper = await keeperSeenOnOther();
    const out = await keeper.inject({ method: "POST", url: "/api/logout" });
    expect(out.statusCode).toBe(302);
    const { res } = await endsOnOtherWithin1s(keeper.cookie);
    expect(res.json().code).toBe("UNAUTHORIZED");
  });

  it("sign-out everywhere", async () => {
    const keeper = await keeperSeenOnOther();
    const out = await keeper.inject({
      method: "POST",
      url: "/api/account/sessions/sign-out-everywhere",
    });
    expect(out.statusCode).toBe(200);
    await endsOnOtherWithin1s(keeper.cookie);
  });

  it("password change: the other sessions end everywhere, this one stays", async () => {
    const email = `everywhere-${Date.now()}@example.com`;
    const { jar: here } = await signInThroughProvider(t.app, { email });
    const { jar: there } = await signInThroughProvider(other, { email });
    expect((await onOther(there.header())).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: { cookie: here.header() },
      payload: { currentPassword: TEST_PASSWORD, newPassword: "a brand new coop password" },
    });
    expect(changed.statusCode).toBe(204);
    await endsOnOtherWithin1s(there.header());
    // The session that changed the password goes on, on either instance.
    expect((await onOther(here.header())).statusCode).toBe(200);
  });

  it("account deletion: the other instance answers 401 (never 500) and clears the cookie", async () => {
    const keeper = await keeperSeenOnOther();
    const deleted = await keeper.inject({
      method: "DELETE",
      url: "/api/account",
      payload: { confirmEmail: keeper.user.email },
    });
    expect(deleted.statusCode).toBe(204);
    const { res } = await endsOnOtherWithin1s(keeper.cookie, "/api/chickens");
    const jar = new CookieJar();
    jar.set(t.app.sessionCookie, "still-here");
    jar.store(res);
    expect(jar.get(t.app.sessionCookie), "the 401 clears the session cookie").toBeUndefined();
    // A write for the deleted account is refused the same way.
    const write = await onOther(keeper.cookie, {
      method: "POST",
      url: "/api/chickens",
      payload: { name: "Hen", breed: "Sussex" },
    });
    expect(write.statusCode).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.id, keeper.user.id))).toEqual([]);
  });

  it("a request still under way when its account is deleted gets 401, not 500", async () => {
    // The other instance resolved the session (cached) just before the account went; the insert
    // of its request then names a user who no longer exists.
    const keeper = await keeperSeenOnOther();
    await t.db.delete(users).where(eq(users.id, keeper.user.id));
    const write = await onOther(keeper.cookie, {
      method: "POST",
      url: "/api/chickens",
      payload: { name: "Hen", breed: "Sussex" },
    });
    expect(write.statusCode).toBe(401);
    expect(write.json().code).toBe("UNAUTHORIZED");
    // And the session is forgotten there at once.
    expect((await onOther(keeper.cookie)).statusCode).toBe(401);
  });
});
