import { describe, expect, it } from "vitest";
import { adCategoriesFor, isAdImageUrl, isHttpUrl } from "./advertisement";
import { affiliateConfigExport, resolveAffiliateLink, type AffiliatePartner } from "./affiliate";

const partner = (over: Partial<AffiliatePartner> = {}): AffiliatePartner => ({
  id: "00000000-0000-4000-8000-000000000001",
  name: "Hatchery",
  baseUrl: "https://hatchery.example/",
  isActive: true,
  commission: "50%",
  affiliateId: "FK",
  affiliateUrl: "https://hatchery.example/?ref=FK",
  title: "Chicks",
  description: "",
  emoji: "🐣",
  category: "supplies",
  value: "high",
  isExample: false,
  application: { status: "approved", notes: "", updatedAt: null },
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...over,
});

describe("resolveAffiliateLink", () => {
  it("uses affiliateUrl only when active and set, else baseUrl, and '#' without a partner", () => {
    expect(resolveAffiliateLink(partner())).toBe("https://hatchery.example/?ref=FK");
    expect(resolveAffiliateLink(partner({ isActive: false }))).toBe("https://hatchery.example/");
    expect(resolveAffiliateLink(partner({ affiliateUrl: null }))).toBe("https://hatchery.example/");
    expect(resolveAffiliateLink(undefined)).toBe("#");
    expect(resolveAffiliateLink(null)).toBe("#");
  });

  it("exports a configuration with the resolved link of each partner", () => {
    const out = affiliateConfigExport([partner()], new Date("2026-02-03T04:05:06Z"));
    expect(out.exportedAt).toBe("2026-02-03T04:05:06.000Z");
    expect(out.partners[0]).toMatchObject({
      name: "Hatchery",
      resolvedLink: "https://hatchery.example/?ref=FK",
    });
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
  });
});

describe("ad categories and URLs", () => {
  it("maps the pages' display categories to admin categories", () => {
    expect(adCategoriesFor("Feed & Supplements")).toEqual(["feed"]);
    expect(adCategoriesFor("Health Products")).toEqual(["health"]);
    expect(adCategoriesFor("housing")).toEqual(["housing"]);
    expect(adCategoriesFor("weapons")).toBeNull();
  });

  it("accepts http(s) links only and https or uploaded images only", () => {
    expect(isHttpUrl("https://a.example/x")).toBe(true);
    expect(isHttpUrl("http://a.example")).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      "data:text/html,x",
      "/relative",
      "ftp://a.example",
      "https://",
    ]) {
      expect(isHttpUrl(bad), bad).toBe(false);
    }
    expect(isAdImageUrl("https://a.example/i.jpg")).toBe(true);
    expect(isAdImageUrl("/api/images/abcdef0123456789.jpg")).toBe(true);
    expect(isAdImageUrl("http://a.example/i.jpg")).toBe(false);
    expect(isAdImageUrl("/api/images/../../etc/passwd")).toBe(false);
  });
});
