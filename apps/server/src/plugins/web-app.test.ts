import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { prerenderedPages } from "./web-app";

const SHELL = '<!doctype html><title>FlockKeeper</title><div id="root"></div>';
const HOME = '<!doctype html><title>FlockKeeper</title><div id="root"><h1>Home page</h1></div>';
const BLOG = `<!doctype html><title>Blog | FlockKeeper</title><div id="root"><h1>Blog</h1>${"<p>An article.</p>".repeat(200)}</div>`;
const SCRIPT = `console.log(${JSON.stringify("x".repeat(4000))});`;

let web: string;
let app: FastifyInstance;
let database: DatabaseHandle;

// A build as apps/web produces it: the shell, prerendered pages and precompressed copies.
beforeAll(async () => {
  web = mkdtempSync(path.join(os.tmpdir(), "fk-web-app-"));
  mkdirSync(path.join(web, "assets"));
  mkdirSync(path.join(web, "prerendered"));
  writeFileSync(path.join(web, "index.html"), SHELL);
  writeFileSync(path.join(web, "prerendered", "index.html"), HOME);
  writeFileSync(path.join(web, "prerendered", "blog.html"), BLOG);
  writeFileSync(path.join(web, "prerendered", "blog.html.br"), zlib.brotliCompressSync(BLOG));
  writeFileSync(path.join(web, "prerendered", "blog.html.gz"), zlib.gzipSync(BLOG));
  writeFileSync(path.join(web, "assets", "app-abc123.js"), SCRIPT);
  writeFileSync(path.join(web, "assets", "app-abc123.js.br"), zlib.brotliCompressSync(SCRIPT));
  writeFileSync(path.join(web, "assets", "app-abc123.js.gz"), zlib.gzipSync(SCRIPT));
  database = await openDatabase({
    url: process.env.TEST_DATABASE_URL ?? "memory://",
    dataDir: "",
    template: process.env.FK_TEST_PGLITE_TEMPLATE ?? null,
  });
  const config = loadConfig({ LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:3000" });
  app = await buildApp({ config: { ...config, webDist: web }, database, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(web, { recursive: true, force: true });
});

describe("prerenderedPages", () => {
  it("maps index.html to / and <name>.html to /<name>, ignoring compressed copies", () => {
    expect([...prerenderedPages(web)].sort()).toEqual([
      ["/", "prerendered/index.html"],
      ["/blog", "prerendered/blog.html"],
    ]);
  });

  it("is empty for a build without prerendered pages", () => {
    expect(prerenderedPages(path.join(web, "assets")).size).toBe(0);
  });
});

describe("web app serving", () => {
  it("sends a path's prerendered page, revalidated on every visit", async () => {
    const home = await app.inject({ method: "GET", url: "/" });
    expect(home.statusCode).toBe(200);
    expect(home.headers["content-type"]).toMatch(/^text\/html/);
    expect(home.headers["cache-control"]).toBe("no-cache");
    expect(home.body).toBe(HOME);

    for (const url of ["/blog", "/blog/", "/blog?from=home"]) {
      const blog = await app.inject({ method: "GET", url });
      expect(blog.statusCode, url).toBe(200);
      expect(blog.body, url).toBe(BLOG);
    }
  });

  it("sends the app shell for paths that were not prerendered", async () => {
    for (const url of ["/rarity-explorer", "/blog/winter-care", "/no-such-page"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.body, url).toBe(SHELL);
    }
  });

  it("sends the Brotli or gzip copy of a page as the browser accepts, varying on Accept-Encoding", async () => {
    const br = await app.inject({
      method: "GET",
      url: "/blog",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/html/);
    expect(br.headers["vary"]).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BLOG);

    const gz = await app.inject({
      method: "GET",
      url: "/blog",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BLOG);

    const plain = await app.inject({
      method: "GET",
      url: "/blog",
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(BLOG);
  });

  it("sends hashed assets compressed when accepted, cached for a year", async () => {
    const br = await app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "br" },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["vary"]).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("a page without a compressed copy is sent as it is", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe(HOME);
  });

  it("answers unknown API paths and non-GET requests with a JSON 404, never a page", async () => {
    const api = await app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: "NOT_FOUND" });
    const post = await app.inject({ method: "POST", url: "/blog" });
    expect(post.statusCode).toBe(404);
  });
});

describe("the status of app paths (a build with routes.json)", () => {
  let dist: string;
  let routed: FastifyInstance;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), "fk-web-routes-"));
    mkdirSync(path.join(dist, "prerendered"));
    writeFileSync(path.join(dist, "index.html"), SHELL);
    writeFileSync(path.join(dist, "prerendered", "index.html"), HOME);
    writeFileSync(
      path.join(dist, "routes.json"),
      JSON.stringify(["/", "/rarity-explorer", "/blog", "/blog/:slug", "/admin/:tab"]),
    );
    const config = loadConfig({ LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:3000" });
    routed = await buildApp({ config: { ...config, webDist: dist }, database, logger: false });
    await routed.ready();
  });
  afterAll(async () => {
    await routed.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("answers a path no route matches with 404 and the app (which shows its not-found page)", async () => {
    for (const url of ["/no-such-page", "/rarity-explorer/extra", "/blog/no-such-article"]) {
      const res = await routed.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(SHELL);
    }
  });

  it("answers routes, real blog articles and prerendered pages with 200", async () => {
    for (const url of [
      "/",
      "/rarity-explorer",
      "/rarity-explorer/?q=silkie",
      "/blog/winter-care-for-poultry",
      "/admin/ads",
    ]) {
      const res = await routed.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
    }
    expect((await routed.inject({ method: "GET", url: "/" })).body).toBe(HOME);
  });
});
