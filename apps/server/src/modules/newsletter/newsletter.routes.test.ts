import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscribers } from "../../db/schema/index";
import { createTestApp, type TestApp } from "../../test/helpers";

const rowsFor = async (t: TestApp, email: string) =>
  t.db
    .select()
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`);

// Each test posts from its own address so the per-address rate limit never leaks between tests.
let ipCounter = 1;
const post = (t: TestApp, payload: unknown, ip = `10.0.0.${ipCounter++}`) =>
  t.app.inject({
    method: "POST",
    url: "/api/newsletter",
    payload: payload as object,
    remoteAddress: ip,
  });

describe("POST /api/newsletter", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("stores the email with the consent time and says so", async () => {
    const email = `hen-${randomUUID()}@example.com`;
    const before = Date.now();
    const res = await post(t, { email, consent: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "subscribed" });
    expect(res.json().message).toMatch(/consent/);
    const rows = await rowsFor(t, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.consentAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("is idempotent: the same address (any case, with spaces) is stored once, first consent kept", async () => {
    const email = `Duck-${randomUUID()}@Example.com`;
    const ip = "10.1.0.1";
    expect((await post(t, { email, consent: true }, ip)).json().status).toBe("subscribed");
    const [first] = await rowsFor(t, email);
    const again = await post(t, { email: `  ${email.toUpperCase()} `, consent: true }, ip);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe("already_subscribed");
    const rows = await rowsFor(t, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.consentAt.getTime()).toBe(first!.consentAt.getTime());
    expect(rows[0]!.email).toBe(email.toLowerCase());
  });

  it("rejects an invalid email, missing consent and unknown fields with 400, storing nothing", async () => {
    const cases = [
      [{ email: "not-an-email", consent: true }, "Please enter a valid email address"],
      [{ email: "", consent: true }, "Please enter your email address"],
      [{ consent: true }, "Please enter your email address"],
      [{ email: "goose@example.com" }, "Please tick the box to agree to receive the newsletter"],
      [
        { email: "goose@example.com", consent: false },
        "Please tick the box to agree to receive the newsletter",
      ],
      [{ email: "goose@example.com", consent: true, admin: true }, undefined],
    ] as const;
    for (const [payload, message] of cases) {
      const res = await post(t, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe("VALIDATION_ERROR");
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await rowsFor(t, "goose@example.com")).toHaveLength(0);
  });

  it("refuses 10 KB strings with a 4xx and stores nothing", async () => {
    const huge = `${"a".repeat(10 * 1024)}@example.com`;
    const res = await post(t, { email: huge, consent: true });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const longButSmall = `${"b".repeat(300)}@example.com`;
    const res2 = await post(t, { email: longButSmall, consent: true });
    expect(res2.statusCode).toBe(400);
    expect(await rowsFor(t, longButSmall)).toHaveLength(0);
  });

  it("rate limits one address: 100 submissions a minute end in 429 and only the allowed ones are stored", async () => {
    const ip = "10.2.0.1";
    const tag = randomUUID();
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await post(t, { email: `quail-${i}-${tag}@example.com`, consent: true }, ip);
      statuses.push(res.statusCode);
    }
    const ok = statuses.filter((s) => s === 200).length;
    expect(ok).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBe(100 - ok);
    const stored = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`${newsletterSubscribers.email} like ${`%-${tag}@example.com`}`);
    expect(stored).toHaveLength(ok);
  });
});
