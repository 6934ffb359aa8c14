import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advertisements } from "../../db/schema/index";
import { ADMIN_COOKIE } from "../../plugins/admin-auth";
import { createTestApp, type TestApp } from "../../test/helpers";

const PASSWORD = "ads-admin-password";
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

const asAdmin = (opts: {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  url: string;
  payload?: unknown;
}) =>
  t.app.inject({
    method: opts.method ?? "GET",
    url: opts.url,
    payload: opts.payload as object,
    cookies: { [ADMIN_COOKIE]: token },
  });

const ad = (over: Record<string, unknown> = {}) => ({
  title: `Layer pellets ${tag}`,
  description: "Complete layer feed, 16% protein.",
  price: "$18.99 / 50 lb",
  category: "feed",
  contactInfo: "sales@feedmill.example",
  imageUrl: "https://images.example.com/pellets.jpg",
  link: "https://feedmill.example/pellets",
  isActive: 1,
  ...over,
});

async function create(over: Record<string, unknown> = {}) {
  const res = await asAdmin({
    method: "POST",
    url: "/api/admin/advertisements",
    payload: ad(over),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const publicList = async (query = "") => {
  const res = await t.app.inject({ url: `/api/advertisements${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as Array<Record<string, unknown>>;
};

describe("advertisements", () => {
  it("creates, lists, edits, hides, shows and deletes an advertisement", async () => {
    const created = await create();
    expect(created).toMatchObject({ ...ad(), id: expect.any(String), isActive: 1 });

    const adminList = (await asAdmin({ url: "/api/admin/advertisements" })).json();
    expect(adminList.find((a: { id: string }) => a.id === created.id)).toMatchObject({
      contactInfo: "sales@feedmill.example",
    });

    const edited = await asAdmin({
      method: "PATCH",
      url: `/api/admin/advertisements/${created.id}`,
      payload: { ...ad({ title: `Grower pellets ${tag}` }), price: "" },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: `Grower pellets ${tag}`,
      price: null,
      isActive: 1,
    });

    const hidden = await asAdmin({
      method: "PATCH",
      url: `/api/admin/advertisements/${created.id}`,
      payload: { isActive: 0 },
    });
    expect(hidden.json()).toMatchObject({ isActive: 0, title: `Grower pellets ${tag}` });
    expect((await publicList()).some((a) => a.id === created.id)).toBe(false);

    await asAdmin({
      method: "PATCH",
      url: `/api/admin/advertisements/${created.id}`,
      payload: { isActive: 1 },
    });
    expect((await publicList()).some((a) => a.id === created.id)).toBe(true);

    const del = await asAdmin({ method: "DELETE", url: `/api/admin/advertisements/${created.id}` });
    expect(del.statusCode).toBe(204);
    expect(
      (await asAdmin({ method: "DELETE", url: `/api/admin/advertisements/${created.id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await asAdmin({
          method: "PATCH",
          url: `/api/admin/advertisements/${created.id}`,
          payload: { isActive: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect((await publicList()).some((a) => a.id === created.id)).toBe(false);
  });

  it("public list returns active ads only, with public fields only", async () => {
    const active = await create({ title: `Active ${tag}` });
    const inactive = await create({ title: `Inactive ${tag}`, isActive: 0 });
    const list = await publicList();
    const mine = list.find((a) => a.id === active.id)!;
    expect(Object.keys(mine).sort()).toEqual([
      "category",
      "description",
      "id",
      "imageUrl",
      "link",
      "price",
      "title",
    ]);
    expect(list.some((a) => a.id === inactive.id)).toBe(false);
    expect(JSON.stringify(list)).not.toContain("contactInfo");
    expect(JSON.stringify(list)).not.toContain("sales@feedmill.example");
    for (const a of list) expect(a).not.toHaveProperty("isActive");
  });

  it("filters by the page's display category or the admin category; unknown categories are refused", async () => {
    const feed = await create({ title: `Feed ${tag}`, category: "feed" });
    const health = await create({ title: `Health ${tag}`, category: "health" });
    const feedPage = await publicList(`?category=${encodeURIComponent("Feed & Supplements")}`);
    expect(feedPage.some((a) => a.id === feed.id)).toBe(true);
    expect(feedPage.some((a) => a.id === health.id)).toBe(false);
    expect(feedPage.every((a) => a.category === "feed")).toBe(true);
    const healthPage = await publicList(`?category=${encodeURIComponent("Health Products")}`);
    expect(healthPage.some((a) => a.id === health.id)).toBe(true);
    expect(healthPage.every((a) => a.category === "health")).toBe(true);
    expect((await publicList("?category=health")).some((a) => a.id === health.id)).toBe(true);
    const unknown = await t.app.inject({ url: "/api/advertisements?category=weapons" });
    expect(unknown.statusCode).toBe(400);
  });

  it("refuses categories named like Object.prototype members (was a 500)", async () => {
    for (const category of ["constructor", "toString", "hasOwnProperty", "__proto__"]) {
      const res = await t.app.inject({ url: `/api/advertisements?category=${category}` });
      expect(res.statusCode, category).toBe(400);
      expect(res.json().message).toBe("Unknown category");
    }
  });

  it("stores HTML as plain text and returns it as such", async () => {
    const created = await create({ title: `<img src=x onerror=alert(1)> ${tag}` });
    expect(created.title).toBe(`<img src=x onerror=alert(1)> ${tag}`);
  });

  it("accepts an image uploaded to this app", async () => {
    const created = await create({ imageUrl: "/api/images/abcdefABCDEF0123456789_-abcdef.jpg" });
    expect(created.imageUrl).toBe("/api/images/abcdefABCDEF0123456789_-abcdef.jpg");
  });
});

describe("bad input", () => {
  const bad: Array<[string, Record<string, unknown>]> = [
    ["javascript: link", { link: "javascript:alert(1)" }],
    ["JavaScript: link with spaces", { link: "  JaVaScRiPt:alert(1)" }],
    ["data: link", { link: "data:text/html,<script>alert(1)</script>" }],
    ["relative link", { link: "/admin" }],
    ["data: image", { imageUrl: "data:image/png;base64,AAAA" }],
    ["javascript: image", { imageUrl: "javascript:alert(1)" }],
    ["http image (mixed content)", { imageUrl: "http://images.example.com/a.jpg" }],
    ["isActive 7", { isActive: 7 }],
    ["isActive true", { isActive: true }],
    ["unknown category", { category: "weapons" }],
    ["missing title", { title: "" }],
    ["blank description", { description: "   " }],
    ["unknown field", { sponsored: true }],
    ["title too long", { title: "x".repeat(121) }],
    ["100 KB description", { description: "x".repeat(100_000) }],
  ];

  it.each(bad)("refuses %s with 400 and stores nothing", async (_name, over) => {
    const title = `Bad ${randomUUID()}`;
    const res = await asAdmin({
      method: "POST",
      url: "/api/admin/advertisements",
      payload: ad({ title, ...over }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION_ERROR");
    expect(
      await t.db.select().from(advertisements).where(eq(advertisements.title, title)),
    ).toHaveLength(0);
  });

  it("refuses a 1 MB description with a 4xx and stores nothing", async () => {
    const title = `Huge ${randomUUID()}`;
    const res = await asAdmin({
      method: "POST",
      url: "/api/admin/advertisements",
      payload: ad({ title, description: "x".repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(
      await t.db.select().from(advertisements).where(like(advertisements.title, title)),
    ).toHaveLength(0);
  });

  it("refuses bad updates and leaves the record unchanged", async () => {
    const created = await create({ title: `Keep ${tag}` });
    for (const payload of [
      { link: "javascript:alert(1)" },
      { isActive: 7 },
      { category: "weapons" },
      {},
    ]) {
      const res = await asAdmin({
        method: "PATCH",
        url: `/api/admin/advertisements/${created.id}`,
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    const bogusId = await asAdmin({
      method: "PATCH",
      url: "/api/admin/advertisements/not-a-uuid",
      payload: { isActive: 0 },
    });
    expect(bogusId.statusCode).toBe(400);
    const [row] = await t.db.select().from(advertisements).where(eq(advertisements.id, created.id));
    expect(row).toMatchObject({
      link: "https://feedmill.example/pellets",
      isActive: true,
      category: "feed",
    });
  });
});
