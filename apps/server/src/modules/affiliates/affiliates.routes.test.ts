import { randomUUID } from "node:crypto";
import { eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { affiliatePartners } from "../../db/schema/index";
import { ADMIN_COOKIE } from "../../plugins/admin-auth";
import { createTestApp, type TestApp } from "../../test/helpers";

const PASSWORD = "affiliates-admin-password";
let t: TestApp;
let token: string;
const tag = randomUUID().slice(0, 8);

beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: PASSWORD });
  const res = await t.app.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { password: PASSWORD },
  });
  token = String(res.headers["set-cookie"]).match(/fk_admin=([^;]+)/)![1]!;
});
afterAll(async () => {
  await t.close();
});

const asAdmin = (
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  payload?: object,
) => t.app.inject({ method, url, payload, cookies: { [ADMIN_COOKIE]: token } });

const partner = (over: Record<string, unknown> = {}) => ({
  name: `Hatchery ${tag}`,
  baseUrl: "https://hatchery.example/",
  commission: "8% per order",
  title: "Day-old chicks",
  description: "Sexed pullets shipped to your door.",
  emoji: "🐣",
  category: "supplies",
  value: "high",
  ...over,
});

const blocks = async (query = "") =>
  (await t.app.inject({ url: `/api/affiliate-blocks${query}` })).json() as Array<
    Record<string, unknown>
  >;

describe("affiliate partners and blocks", () => {
  it("creates an inactive partner with a not-applied application that no visitor sees", async () => {
    const res = await asAdmin("POST", "/api/admin/affiliates", partner());
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      isActive: false,
      affiliateUrl: null,
      isExample: false,
      application: { status: "not_applied", notes: "" },
    });
    expect((await blocks()).some((b) => b.id === p.id)).toBe(false);
  });

  it("resolves the block link: affiliateUrl only when active and set, else baseUrl", async () => {
    const p = (await asAdmin("POST", "/api/admin/affiliates", partner({ isActive: true }))).json();
    let block = (await blocks()).find((b) => b.id === p.id)!;
    expect(block).toEqual({
      id: p.id,
      partner: `Hatchery ${tag}`,
      title: "Day-old chicks",
      description: "Sexed pullets shipped to your door.",
      emoji: "🐣",
      link: "https://hatchery.example/",
      category: "supplies",
      value: "high",
    });
    const withAff = await asAdmin("PATCH", `/api/admin/affiliates/${p.id}`, {
      affiliateId: "FK-123",
      affiliateUrl: "https://hatchery.example/?ref=FK-123",
    });
    expect(withAff.statusCode).toBe(200);
    block = (await blocks("?category=supplies")).find((b) => b.id === p.id)!;
    expect(block.link).toBe("https://hatchery.example/?ref=FK-123");
    expect((await blocks("?category=feed")).some((b) => b.id === p.id)).toBe(false);
    await asAdmin("PATCH", `/api/admin/affiliates/${p.id}`, { isActive: false });
    expect((await blocks()).some((b) => b.id === p.id)).toBe(false);
  });

  it("records the application status and notes, freely selectable", async () => {
    const p = (await asAdmin("POST", "/api/admin/affiliates", partner())).json();
    for (const status of ["pending", "approved", "rejected", "not_applied"]) {
      const res = await asAdmin("PUT", `/api/admin/affiliates/${p.id}/application`, {
        status,
        notes: `now ${status}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().application).toMatchObject({ status, notes: `now ${status}` });
    }
    const missing = await asAdmin("PUT", `/api/admin/affiliates/${randomUUID()}/application`, {
      status: "pending",
    });
    expect(missing.statusCode).toBe(404);
  });

  it("deletes a partner", async () => {
    const p = (await asAdmin("POST", "/api/admin/affiliates", partner())).json();
    expect((await asAdmin("DELETE", `/api/admin/affiliates/${p.id}`)).statusCode).toBe(204);
    expect((await asAdmin("DELETE", `/api/admin/affiliates/${p.id}`)).statusCode).toBe(404);
    const list = (await asAdmin("GET", "/api/admin/affiliates")).json();
    expect(list.some((x: { id: string }) => x.id === p.id)).toBe(false);
  });

  it("adds the six example partners as inactive only when asked, and only once", async () => {
    const first = await asAdmin("POST", "/api/admin/affiliates/examples");
    expect(first.statusCode).toBe(200);
    await asAdmin("POST", "/api/admin/affiliates/examples");
    const examples = await t.db
      .select()
      .from(affiliatePartners)
      .where(isNotNull(affiliatePartners.seedKey));
    expect(examples).toHaveLength(6);
    expect(examples.every((e) => !e.isActive)).toBe(true);
    const ids = new Set(examples.map((e) => e.id));
    expect((await blocks()).some((b) => ids.has(b.id as string))).toBe(false);
    const listed = first.json().filter((x: { isExample: boolean }) => x.isExample);
    expect(listed).toHaveLength(6);
  });
});

describe("affiliate performance", () => {
  it("counts affiliate_click events per partner in SQL", async () => {
    const name = `Perf ${tag}`;
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/track-click",
        payload: {
          elementName: "affiliate_click",
          elementType: "affiliate",
          page: "/chicken-tracker",
          sessionId: "perf-session-1",
          metadata: { partner: name, ad_title: "Chicks", value: 1 },
        },
      });
      expect(res.statusCode).toBe(204);
    }
    const res = await asAdmin("GET", "/api/admin/affiliates/performance");
    expect(res.statusCode).toBe(200);
    const row = res.json().find((r: { partner: string }) => r.partner === name);
    expect(row).toMatchObject({ partner: name, clicks: 3, lastClickAt: expect.any(String) });
    expect((await t.app.inject({ url: "/api/admin/affiliates/performance" })).statusCode).toBe(401);
  });
});

describe("bad input", () => {
  const bad: Array<[string, Record<string, unknown>]> = [
    ["javascript: baseUrl", { baseUrl: "javascript:alert(1)" }],
    ["data: affiliateUrl", { affiliateUrl: "data:text/html,hi" }],
    ["isActive 7", { isActive: 7 }],
    ["unknown category", { category: "weapons" }],
    ["unknown value tier", { value: "platinum" }],
    ["unknown field", { secret: 1 }],
  ];
  it.each(bad)("refuses %s and stores nothing", async (_n, over) => {
    const name = `Bad ${randomUUID()}`;
    const res = await asAdmin("POST", "/api/admin/affiliates", partner({ name, ...over }));
    expect(res.statusCode).toBe(400);
    expect(
      await t.db.select().from(affiliatePartners).where(eq(affiliatePartners.name, name)),
    ).toHaveLength(0);
  });

  it("refuses an unknown application status and an unknown block category", async () => {
    const p = (await asAdmin("POST", "/api/admin/affiliates", partner())).json();
    const res = await asAdmin("PUT", `/api/admin/affiliates/${p.id}/application`, {
      status: "bribed",
    });
    expect(res.statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/affiliate-blocks?category=weapons" })).statusCode).toBe(
      400,
    );
  });
});
