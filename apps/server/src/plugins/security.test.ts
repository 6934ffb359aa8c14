import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase, type DatabaseHandle } from "../db/client";
import type { FastifyInstance } from "fastify";
import { turnsDuring } from "../test/event-loop";
import { signInThroughProvider } from "../test/sign-in";
import { MAX_ERROR_ISSUES, MAX_ERROR_TEXT, isDatabaseUnavailable } from "./errors";
import {
  LONE_SURROGATE_MESSAGE,
  NUL_TEXT_MESSAGE,
  unstorableText,
  unstorableTextAsync,
} from "./security";

let app: FastifyInstance;
let httpsApp: FastifyInstance;
let database: DatabaseHandle;

beforeAll(async () => {
  const web = mkdtempSync(path.join(os.tmpdir(), "fk-web-"));
  mkdirSync(path.join(web, "assets"));
  writeFileSync(path.join(web, "index.html"), "<!doctype html><title>FlockKeeper</title>");
  writeFileSync(path.join(web, "assets", "app-abc123.js"), "console.log(1)");
  database = await openDatabase({ url: process.env.TEST_DATABASE_URL ?? "memory://", dataDir: "" });
  const config = loadConfig({
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    WEB_DIST: web,
  });
  app = await buildApp({ config, database, logger: false });
  const httpsConfig = loadConfig({
    LOG_LEVEL: "silent",
    PUBLIC_URL: "https://flock.example",
    WEB_DIST: web,
  });
  httpsApp = await buildApp({ config: httpsConfig, database, logger: false });
});
afterAll(async () => {
  await app.close();
  await httpsApp.close();
  await database.close();
});

const expectBaseline = (headers: Record<string, unknown>) => {
  const csp = String(headers["content-security-policy"]);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-powered-by"]).toBeUndefined();
  expect(headers.server).toBeUndefined();
};

describe("security headers", () => {
  it("are on API, HTML and static responses", async () => {
    for (const url of [
      "/api/health",
      "/",
      "/some/client/route",
      "/assets/app-abc123.js",
      "/api/nope",
    ]) {
      const res = await app.inject({ url });
      expectBaseline(res.headers);
      expect(res.headers["strict-transport-security"], url).toBeUndefined();
    }
  });

  it("serves hashed assets for a year and the app shell revalidated", async () => {
    expect((await app.inject({ url: "/assets/app-abc123.js" })).headers["cache-control"]).toContain(
      "immutable",
    );
    const shell = await app.inject({ url: "/chicken-tracker" });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers["cache-control"]).toBe("no-cache");
  });

  it("adds HSTS and Secure cookies behind HTTPS", async () => {
    const res = await httpsApp.inject({ url: "/api/health" });
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=31536000/);
    const login = await httpsApp.inject({ url: "/api/login" });
    expect(login.statusCode, login.body).toBe(302);
    expect(String(login.headers["set-cookie"])).toMatch(/; Secure/);
  });

  it("sets the session cookie HttpOnly and SameSite=Lax", async () => {
    const { callback } = await signInThroughProvider(app, { email: "cookie@example.com" });
    const cookie = String(callback.headers["set-cookie"]);
    expect(cookie).toMatch(/fk_session=[^;]+;/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/; Secure/);
  });
});

describe("bad input never leaks internals", () => {
  it("answers malformed JSON with a clear 400", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/track-click",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The request body is not valid JSON");
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it("refuses NUL characters in a body, a query or a path with a clear 400", async () => {
    const body = await app.inject({
      method: "POST",
      url: "/api/track-click",
      payload: {
        elementName: "a\u0000b",
        elementType: "button",
        page: "/",
        sessionId: "abcdefgh12",
      },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ code: "INVALID_TEXT", message: NUL_TEXT_MESSAGE });
    const query = await app.inject({ url: "/api/food-items/search?name=a%00b" });
    expect(query.statusCode).toBe(400);
    expect(query.json().code).toBe("INVALID_TEXT");
    const deep = await app.inject({
      method: "POST",
      url: "/api/health-conditions/diagnose",
      headers: { "content-type": "application/json" },
      payload: `{"symptoms":${"[".repeat(5_000)}"\\u0000"${"]".repeat(5_000)}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().code).toBe("INVALID_TEXT");
  });

  it("refuses a lone surrogate in a body or a metadata key with a clear 400, and stores none", async () => {
    // Found by the bad-input property test: jsonb refused "\ud800" and the click insert failed.
    for (const metadata of ['{"variant":"\\ud800"}', '{"\\udc00x":1}', '{"v":"a\\ud83d"}']) {
      const res = await app.inject({
        method: "POST",
        url: "/api/track-click",
        headers: { "content-type": "application/json" },
        payload: `{"elementName":"a","elementType":"button","page":"/","sessionId":"abcdefgh12","metadata":${metadata}}`,
      });
      expect(res.statusCode, metadata).toBe(400);
      expect(res.json()).toMatchObject({ code: "INVALID_TEXT", message: LONE_SURROGATE_MESSAGE });
    }
    // A proper pair (an emoji, escaped or not) is fine.
    const pair = await app.inject({
      method: "POST",
      url: "/api/track-click",
      headers: { "content-type": "application/json" },
      payload: `{"elementName":"\\ud83d\\udc14 hen","elementType":"button","page":"/","sessionId":"abcdefgh12","metadata":{"v":"\u{1F414}"}}`,
    });
    expect(pair.statusCode).toBeLessThan(300);
  });

  it("answers an over-long or undecodable path segment with a short 400 that quotes nothing", async () => {
    for (const url of [
      `/api/chickens/${"a".repeat(500)}`,
      "/api/chickens/%E0%A4%A",
      "/api/images/%FF",
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe("INVALID_URL");
      expect(res.body).not.toContain("aaaa");
      expect(res.body).not.toContain("%");
    }
  });

  it("finds NUL and lone surrogates in nested strings and keys without recursing", () => {
    expect(unstorableText({ a: [{ b: "ok" }, "fine \u{1F414}"] })).toBeNull();
    expect(unstorableText({ a: [{ b: "x\u0000" }] })).toBe(NUL_TEXT_MESSAGE);
    expect(unstorableText({ ["k\u0000"]: 1 })).toBe(NUL_TEXT_MESSAGE);
    expect(unstorableText({ a: ["\ud800"] })).toBe(LONE_SURROGATE_MESSAGE);
    expect(unstorableText({ ["\udfff"]: 1 })).toBe(LONE_SURROGATE_MESSAGE);
    let deep: unknown = "\u0000";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(unstorableText(deep)).toBe(NUL_TEXT_MESSAGE);
  });

  it("gives the same answers in slices, letting other work run between them", async () => {
    for (const value of [
      { a: [{ b: "ok" }, "fine \u{1F414}"] },
      { a: [{ b: "x\u0000" }] },
      { ["k\u0000"]: 1 },
      { a: ["\ud800"] },
    ]) {
      expect(await unstorableTextAsync(value)).toBe(unstorableText(value));
    }
    // About 8 MB of text with the one bad string last: found, after several turns of the loop.
    const big = { rows: Array.from({ length: 8000 }, () => ({ note: "a".repeat(1000) })) };
    big.rows.unshift({ note: "bad \u0000" }); // the walk takes the last item first
    const { value: found, turns } = await turnsDuring(unstorableTextAsync(big));
    expect(found).toBe(NUL_TEXT_MESSAGE);
    expect(unstorableText(big)).toBe(NUL_TEXT_MESSAGE);
    expect(turns).toBeGreaterThanOrEqual(5);
  });

  it("quotes at most a few hundred characters of the caller's input in an error", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/track-click",
      payload: { ["k".repeat(7_000)]: 1 },
    });
    expect(res.statusCode).toBe(400);
    const { message, issues } = res.json();
    expect(message.length).toBeLessThanOrEqual(MAX_ERROR_TEXT);
    expect(issues.length).toBeLessThanOrEqual(MAX_ERROR_ISSUES);
    expect(res.body.length).toBeLessThan(4 * MAX_ERROR_TEXT);
  });

  it("rejects an oversized body with 413", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/track-click",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ elementName: "x".repeat(20_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("The request body is too large");
  });

  it("refuses a state-changing request from another site", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/track-click",
      headers: { origin: "https://evil.example" },
      payload: { elementName: "a", elementType: "button", page: "/", sessionId: "abcdefgh12" },
    });
    expect(res.statusCode).toBe(403);
  });

  it("answers an unknown API route with a JSON 404", async () => {
    const res = await app.inject({ url: "/api/does-not-exist" });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("NOT_FOUND");
  });
});

describe("database unavailable", () => {
  it("tells a lost connection from other failures", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
    });
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error("admin shutdown"), { code: "57P01" })),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("dup"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Cannot read properties of undefined"))).toBe(false);
  });
});
