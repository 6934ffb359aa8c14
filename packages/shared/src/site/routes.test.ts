import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { concretePaths, PRERENDERED_PATHS, ROUTES, SITEMAP_PATHS } from "./routes";

const routesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../apps/web/src/app/routes",
);

describe("the route table", () => {
  it("names an existing route file for every entry, and every page file has an entry", () => {
    const files = readdirSync(routesDir)
      .filter((f) => f.endsWith(".tsx") && !f.endsWith(".test.tsx"))
      .map((f) => f.replace(/\.tsx$/, ""))
      .sort();
    const inTable = new Set<string>(ROUTES.map((r) => r.file));
    for (const file of inTable) expect(files, file).toContain(file);
    // admin-affiliates.tsx is a tab that admin.tsx loads, not a page of its own.
    expect(files.filter((f) => !inTable.has(f))).toEqual(["admin-affiliates"]);
  });

  it("has each path once, and ends with the catch-all", () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.at(-1)).toBe("*");
  });

  it("puts only public pages you can open as written in the sitemap", () => {
    expect(SITEMAP_PATHS).toContain("/");
    expect(SITEMAP_PATHS).toContain("/food-safety");
    for (const hidden of ["/admin", "/admin/:tab", "/account", "/design", "/blog/:slug", "*"]) {
      expect(SITEMAP_PATHS).not.toContain(hidden);
    }
    expect(SITEMAP_PATHS).toHaveLength(19);
  });

  it("prerenders only public pages of the sitemap", () => {
    expect(PRERENDERED_PATHS.length).toBeGreaterThan(0);
    for (const p of PRERENDERED_PATHS) expect(SITEMAP_PATHS).toContain(p);
  });

  it("filters concrete paths by who they are for", () => {
    expect(concretePaths("keeper")).toEqual(["/account", "/farm", "/money", "/today"]);
    expect(concretePaths("admin")).toEqual(["/admin"]);
    expect(concretePaths()).toHaveLength(25);
  });
});
