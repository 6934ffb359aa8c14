import { parse } from "csv-parse/sync";
import { and, count, eq, gte, lt } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminSessions,
  advertisements,
  affiliatePartners,
  clickEvents,
  newsletterSubscribers,
} from "../../db/schema/index";
import { hashToken } from "../../auth/session-store";
import { adminConfigHint, ADMIN_COOKIE } from "../../plugins/admin-auth";
import { buildUser, createTestApp, type TestApp } from "../../test/helpers";

const PASSWORD = "correct horse battery staple";
const ADMIN_EMAIL = "boss@example.com";
const NIL = "00000000-0000-4000-8000-000000000000";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    ADMIN_PASSWORD: PASSWORD,
    ADMIN_EMAILS: `other@example.com, ${ADMIN_EMAIL.toUpperCase()}`,
  });
});
afterAll(async () => {
  await t.close();
});

/** The fk_admin token from a login answer, or null when none was set. */
function adminToken(res: { headers: Record<string, unknown> }): string | null {
  const raw = ([] as string[]).concat(
    (res.headers["set-cookie"] as string | string[] | undefined) ?? [],
  );
  const hit = raw.find(
    (c) => c.startsWith(`${ADMIN_COOKIE}=`) && !c.startsWith(`${ADMIN_COOKIE}=;`),
  );
  return hit ? hit.slice(ADMIN_COOKIE.length + 1).split(";")[0]! : null;
}

async function loginAsAdmin(app = t.app): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return adminToken(res)!;
}

// Unique markers: other test files may write to the same PostgreSQL at the same time.
const marker = `refused-${Date.now()}-${Math.random().toString(36).slice(2)}`;
const validAd = {
  title: marker,
  description: "16% protein",
  category: "feed",
  isActive: 1,
};
const validPartner = { name: marker, baseUrl: "https://example.com", title: "T", category: "feed" };

/** Every admin endpoint with a well-formed request, so only the missing admin session can refuse it. */
const ADMIN_REQUESTS: InjectOptions[] = [
  { method: "GET", url: "/api/admin/advertisements" },
  { method: "POST", url: "/api/admin/advertisements", payload: validAd },
  { method: "PATCH", url: `/api/admin/advertisements/${NIL}`, payload: { isActive: 0 } },
  { method: "DELETE", url: `/api/admin/advertisements/${NIL}` },
  { method: "GET", url: "/api/admin/analytics" },
  { method: "GET", url: "/api/admin/newsletter-subscribers" },
  { method: "GET", url: "/api/admin/newsletter-subscribers.csv" },
  { method: "GET", url: "/api/admin/affiliates" },
  { method: "POST", url: "/api/admin/affiliates", payload: validPartner },
  { method: "POST", url: "/api/admin/affiliates/examples" },
  { method: "GET", url: "/api/admin/affiliates/performance" },
  { method: "PATCH", url: `/api/admin/affiliates/${NIL}`, payload: { isActive: true } },
  {
    method: "PUT",
    url: `/api/admin/affiliates/${NIL}/application`,
    payload: { status: "pending" },
  },
  { method: "DELETE", url: `/api/admin/affiliates/${NIL}` },
];

async function storedCounts() {
  const [ads] = await t.db
    .select({ n: count() })
    .from(advertisements)
    .where(eq(advertisements.title, marker));
  const [partners] = await t.db
    .select({ n: count() })
    .from(affiliatePartners)
    .where(eq(affiliatePartners.name, marker));
  return { ads: ads!.n, partners: partners!.n };
}

describe("admin gate", () => {
  it("reports no admin session at first, and that admin access is configured", async () => {
    const res = await t.app.inject({ url: "/api/admin/session" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isAdmin: false,
      configured: true,
      passwordEnabled: true,
      emailAdmin: false,
      hint: null,
    });
  });

  it("refuses a wrong password with the spec's message and sets no cookie", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { password: "nope" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Access Denied: Invalid admin password.");
    expect(adminToken(res)).toBeNull();
  });

  it("opens an admin session on the right password: HttpOnly, SameSite=Strict cookie, hashed token in the database", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/fk_admin=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Max-Age=43200/);
    const token = adminToken(res)!;
    const rows = await t.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.id, hashToken(token)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(token);
    const session = await t.app.inject({
      url: "/api/admin/session",
      cookies: { [ADMIN_COOKIE]: token },
    });
    expect(session.json()).toMatchObject({ isAdmin: true });
    const list = await t.app.inject({
      url: "/api/admin/advertisements",
      cookies: { [ADMIN_COOKIE]: token },
    });
    expect(list.statusCode).toBe(200);
  });

  it("logout ends the admin session", async () => {
    const token = await loginAsAdmin();
    const out = await t.app.inject({
      method: "POST",
      url: "/api/admin/logout",
      cookies: { [ADMIN_COOKIE]: token },
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers["set-cookie"])).toMatch(/fk_admin=;/);
    expect(
      await t.db
        .select()
        .from(adminSessions)
        .where(eq(adminSessions.id, hashToken(token))),
    ).toHaveLength(0);
    const res = await t.app.inject({
      url: "/api/admin/advertisements",
      cookies: { [ADMIN_COOKIE]: token },
    });
    expect(res.statusCode).toBe(401);
  });

  it("refuses an expired admin session", async () => {
    const token = await loginAsAdmin();
    await t.db
      .update(adminSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminSessions.id, hashToken(token)));
    const res = await t.app.inject({
      url: "/api/admin/analytics",
      cookies: { [ADMIN_COOKIE]: token },
    });
    expect(res.statusCode).toBe(401);
  });

  it("refuses a keeper listed in ADMIN_EMAILS whose provider did not verify the email", async () => {
    const unverified = await buildUser(t, { email: ADMIN_EMAIL, emailVerified: false });
    expect((await unverified.inject({ url: "/api/admin/advertisements" })).statusCode).toBe(403);
    const session = await unverified.inject({ url: "/api/admin/session" });
    expect(session.json()).toMatchObject({ emailAdmin: false });
    const login = await unverified.inject({ method: "POST", url: "/api/admin/login", payload: {} });
    expect(login.statusCode).toBe(401);
  });

  it("lets a signed-in keeper listed in ADMIN_EMAILS in (any case), and opens a session for them without a password", async () => {
    // email_verified: true from the identity provider.
    const boss = await buildUser(t, { email: ADMIN_EMAIL, emailVerified: true });
    const direct = await boss.inject({ url: "/api/admin/advertisements" });
    expect(direct.statusCode).toBe(200);
    const before = await boss.inject({ url: "/api/admin/session" });
    expect(before.json()).toMatchObject({ isAdmin: false, emailAdmin: true, email: ADMIN_EMAIL });
    const login = await boss.inject({ method: "POST", url: "/api/admin/login", payload: {} });
    expect(login.statusCode).toBe(200);
    const token = adminToken(login)!;
    const [row] = await t.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.id, hashToken(token)));
    expect(row).toMatchObject({ via: "email", userId: boss.user.id });
  });

  it("does not let a signed-in keeper who is not an admin open a session without the password", async () => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({ method: "POST", url: "/api/admin/login", payload: {} });
    expect(res.statusCode).toBe(401);
    expect(adminToken(res)).toBeNull();
  });

  it("rejects unknown fields and oversized passwords at the gate", async () => {
    const extra = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { password: PASSWORD, admin: true },
    });
    expect(extra.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { password: "x".repeat(10_000) },
    });
    expect(huge.statusCode).toBe(400);
    expect(adminToken(extra)).toBeNull();
  });
});

describe("every admin endpoint refuses non-admins", () => {
  it("answers 401 to a signed-out visitor, 403 to a signed-in keeper, 401 after a wrong password or with a forged cookie, and stores nothing", async () => {
    const before = await storedCounts();
    const keeper = await buildUser(t);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { password: `${PASSWORD}!` },
    });
    expect(wrong.statusCode).toBe(401);
    const forged = "A".repeat(43);
    for (const req of ADMIN_REQUESTS) {
      const what = `${req.method} ${req.url}`;
      expect((await t.app.inject(req)).statusCode, `${what} signed out`).toBe(401);
      expect((await keeper.inject(req)).statusCode, `${what} non-admin keeper`).toBe(403);
      const withForged = await t.app.inject({ ...req, cookies: { [ADMIN_COOKIE]: forged } });
      expect(withForged.statusCode, `${what} forged admin cookie`).toBe(401);
      const withGarbage = await t.app.inject({ ...req, cookies: { [ADMIN_COOKIE]: "<script>" } });
      expect(withGarbage.statusCode, `${what} garbage admin cookie`).toBe(401);
      const keeperForged = await keeper.inject({
        ...req,
        headers: { cookie: `${keeper.cookie}; ${ADMIN_COOKIE}=${forged}` },
      });
      expect(keeperForged.statusCode, `${what} keeper with forged admin cookie`).toBe(403);
    }
    expect(before).toEqual({ ads: 0, partners: 0 });
    expect(await storedCounts()).toEqual(before);
  });
});

describe("brute force on the gate", () => {
  it("is limited after 5 wrong passwords a minute, even for the right one", async () => {
    const own = await createTestApp({ ADMIN_PASSWORD: PASSWORD });
    try {
      for (let i = 0; i < 5; i++) {
        const res = await own.app.inject({
          method: "POST",
          url: "/api/admin/login",
          payload: { password: `guess-${i}` },
        });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await own.app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { password: PASSWORD },
      });
      expect(blocked.statusCode).toBe(429);
      expect(adminToken(blocked)).toBeNull();
    } finally {
      await own.close();
    }
  });

  it("caps all gate requests from one address at 20 a minute", async () => {
    const own = await createTestApp({ ADMIN_PASSWORD: PASSWORD });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await own.app.inject({
          method: "POST",
          url: "/api/admin/login",
          payload: { password: PASSWORD },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
      expect(codes[20]).toBe(429);
    } finally {
      await own.close();
    }
  });
});

describe("without ADMIN_PASSWORD or ADMIN_EMAILS", () => {
  it("stays locked and says how to configure it", async () => {
    const own = await createTestApp();
    try {
      const hint = adminConfigHint(own.config);
      expect(hint).toMatch(/ADMIN_PASSWORD/);
      expect(hint).toMatch(/ADMIN_EMAILS/);
      const session = await own.app.inject({ url: "/api/admin/session" });
      expect(session.json()).toMatchObject({
        isAdmin: false,
        configured: false,
        passwordEnabled: false,
        hint,
      });
      const login = await own.app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { password: "anything" },
      });
      expect(login.statusCode).toBe(403);
      expect(login.json().code).toBe("ADMIN_NOT_CONFIGURED");
      const keeper = await buildUser(own);
      expect((await keeper.inject({ url: "/api/admin/analytics" })).statusCode).toBe(403);
      expect(adminConfigHint({ adminPassword: "x", adminEmails: [] })).toBeNull();
    } finally {
      await own.close();
    }
  });
});

describe("GET /api/admin/analytics", () => {
  // Seeded in 1999 so the figures are exact even on a PostgreSQL shared with other test files.
  const day = (d: number, h = 12) => new Date(Date.UTC(1999, 0, d, h));
  beforeAll(async () => {
    await t.db
      .delete(clickEvents)
      .where(and(gte(clickEvents.createdAt, day(1, 0)), lt(clickEvents.createdAt, day(10, 0))));
    const click = (elementName: string, page: string, createdAt: Date, elementType = "button") => ({
      elementName,
      elementType,
      page,
      sessionId: "seed-session-1",
      createdAt,
    });
    await t.db.insert(clickEvents).values([
      click("Track", "/chicken-tracker", day(1, 8)),
      click("Track", "/chicken-tracker", day(1, 9)),
      click("Track", "/chicken-tracker", day(2, 9)),
      click("Search", "/food-safety", day(2, 10)),
      click("Search", "/food-safety", day(3, 23)),
      click("Ad: Layer pellets", "/food-safety", day(3, 7), "ad"),
      click("Home", "/", day(4, 0)),
      // Outside the range queried below:
      click("Track", "/chicken-tracker", day(9, 1)),
    ]);
  });

  it("computes totals, top pages, top elements, recent clicks and clicks per day for a range", async () => {
    const token = await loginAsAdmin();
    const res = await t.app.inject({
      url: "/api/admin/analytics?from=1999-01-01&to=1999-01-04",
      cookies: { [ADMIN_COOKIE]: token },
    });
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a.totalClicks).toBe(7);
    expect(a.pageAnalytics).toEqual([
      { page: "/chicken-tracker", clicks: 3 },
      { page: "/food-safety", clicks: 3 },
      { page: "/", clicks: 1 },
    ]);
    expect(a.popularElements).toEqual([
      { elementName: "Track", elementType: "button", clicks: 3 },
      { elementName: "Search", elementType: "button", clicks: 2 },
      { elementName: "Ad: Layer pellets", elementType: "ad", clicks: 1 },
      { elementName: "Home", elementType: "button", clicks: 1 },
    ]);
    expect(a.recentClicks).toHaveLength(7);
    expect(a.recentClicks[0]).toEqual({
      elementName: "Home",
      elementType: "button",
      page: "/",
      timestamp: "1999-01-04T00:00:00.000Z",
    });
    expect(a.clicksPerDay).toEqual([
      { date: "1999-01-01", clicks: 2 },
      { date: "1999-01-02", clicks: 2 },
      { date: "1999-01-03", clicks: 2 },
      { date: "1999-01-04", clicks: 1 },
    ]);
  });

  it("limits pages and elements to 10 and recent clicks to 20", async () => {
    const token = await loginAsAdmin();
    const many = Array.from({ length: 25 }, (_, i) => ({
      elementName: `E${i}`,
      elementType: "link",
      page: `/p${i}`,
      sessionId: "seed-session-2",
      createdAt: day(6, i % 24),
    }));
    await t.db.insert(clickEvents).values(many);
    const res = await t.app.inject({
      url: "/api/admin/analytics?from=1999-01-06&to=1999-01-06",
      cookies: { [ADMIN_COOKIE]: token },
    });
    const a = res.json();
    expect(a.totalClicks).toBe(25);
    expect(a.pageAnalytics).toHaveLength(10);
    expect(a.popularElements).toHaveLength(10);
    expect(a.recentClicks).toHaveLength(20);
  });

  it("covers the last 30 days in the chart when no range is given, and rejects a reversed or invalid range", async () => {
    const token = await loginAsAdmin();
    const res = await t.app.inject({
      url: "/api/admin/analytics",
      cookies: { [ADMIN_COOKIE]: token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().clicksPerDay).toHaveLength(30);
    expect(res.json().totalClicks).toBeGreaterThanOrEqual(33);
    const reversed = await t.app.inject({
      url: "/api/admin/analytics?from=1999-01-05&to=1999-01-01",
      cookies: { [ADMIN_COOKIE]: token },
    });
    expect(reversed.statusCode).toBe(400);
    const bad = await t.app.inject({
      url: "/api/admin/analytics?from=1999-02-30",
      cookies: { [ADMIN_COOKIE]: token },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("answers the calendar's first and last days (year 0, 9999-12-31) without a 5xx", async () => {
    // Found by the bad-input property: the day after 9999-12-31 and a time in year 0 are outside
    // what PostgreSQL reads (500), and the chart's walk to 9999-12-31 never ended.
    const token = await loginAsAdmin();
    const total = (
      await t.app.inject({ url: "/api/admin/analytics", cookies: { [ADMIN_COOKIE]: token } })
    ).json().totalClicks as number;
    for (const [query, days, first] of [
      ["to=9999-12-31", 30, "9999-12-02"],
      ["from=0000-01-01&to=9999-12-31", 366, "9998-12-31"],
      ["from=0000-01-01&to=0000-01-03", 3, "0000-01-01"],
    ] as const) {
      const res = await t.app.inject({
        url: `/api/admin/analytics?${query}`,
        cookies: { [ADMIN_COOKIE]: token },
      });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      expect(res.json().clicksPerDay).toHaveLength(days);
      expect(res.json().clicksPerDay[0].date).toBe(first);
      expect(res.json().totalClicks).toBe(query.includes("9999") ? total : 0);
    }
  });
});

describe("newsletter subscribers", () => {
  it("lists subscribers and exports them as CSV that a spreadsheet will not execute", async () => {
    const tag = Math.random().toString(36).slice(2, 10);
    const plain = `reader-${tag}@example.com`;
    const formula = `=cmd-${tag}@example.com`;
    await t.db.insert(newsletterSubscribers).values([
      { email: plain, consentAt: new Date("2026-01-02T03:04:05Z") },
      { email: formula, consentAt: new Date("2026-01-03T03:04:05Z") },
    ]);
    const token = await loginAsAdmin();
    const list = await t.app.inject({
      url: "/api/admin/newsletter-subscribers",
      cookies: { [ADMIN_COOKIE]: token },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual(
      expect.arrayContaining([{ email: plain, subscribedAt: "2026-01-02T03:04:05.000Z" }]),
    );
    const csv = await t.app.inject({
      url: "/api/admin/newsletter-subscribers.csv",
      cookies: { [ADMIN_COOKIE]: token },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    expect(csv.headers["content-disposition"]).toMatch(
      /attachment; filename="newsletter-subscribers-/,
    );
    expect(csv.body.startsWith("email,subscribed_at\r\n")).toBe(true);
    expect(csv.body).toContain(`"${plain}","2026-01-02T03:04:05.000Z"`);
    expect(csv.body).toContain(`"'${formula}"`);
    const rows = parse(csv.body, { record_delimiter: "\r\n" }) as string[][];
    expect(rows[0]).toEqual(["email", "subscribed_at"]);
    expect(rows).toContainEqual([plain, "2026-01-02T03:04:05.000Z"]);
    expect(rows).toContainEqual([`'${formula}`, "2026-01-03T03:04:05.000Z"]);
  });
});
