import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers";
import { SITEMAP_PATHS } from "@flockkeeper/shared/site/routes";
import { readBlogEntries } from "./seo.service";

describe("sitemap.xml and robots.txt", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: "https://flock.example" });
  });
  afterAll(async () => t.close());

  it("lists every public route and every blog article, not admin or account", async () => {
    const res = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/xml");
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const route of SITEMAP_PATHS) expect(locs).toContain(`https://flock.example${route}`);
    const blog = readBlogEntries();
    expect(blog.length).toBeGreaterThanOrEqual(5);
    for (const { slug } of blog) expect(locs).toContain(`https://flock.example/blog/${slug}`);
    expect(locs).toContain("https://flock.example/blog/planning-your-first-flock");
    expect(res.body).not.toContain("/admin");
    expect(res.body).not.toContain("/account");
  });

  it("robots.txt allows pages, keeps crawlers out of the API and points at the sitemap", async () => {
    const res = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(res.body).toContain("User-agent: *");
    expect(res.body).toContain("Disallow: /api/");
    // A farm's page and invitation links are nobody's search result.
    expect(res.body).toContain("Disallow: /invite/");
    expect(res.body).toContain("Sitemap: https://flock.example/sitemap.xml");
  });
});
