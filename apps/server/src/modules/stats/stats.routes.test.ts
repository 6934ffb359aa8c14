import { count, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statsResponse } from "@flockkeeper/shared/schemas/stats";
import { analyses, users } from "../../db/schema/index";
import { getKnowledge } from "../../knowledge/index";
import { buildUser, createTestApp, type TestApp } from "../../test/helpers";

const countUsers = async (t: TestApp) =>
  Number((await t.db.select({ n: count() }).from(users))[0]!.n);
const countAnalyses = async (t: TestApp) =>
  Number(
    (
      await t.db
        .select({ n: count() })
        .from(analyses)
        .where(inArray(analyses.kind, ["droppings", "health"]))
    )[0]!.n,
  );

describe("GET /api/stats", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SOCIAL_URL: "https://social.example/flockkeeper" });
  });
  afterAll(async () => t.close());

  it("counts keepers, health analyses, foods and breeds from seeded data, and 6 species", async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const row = (kind: string) => ({
      kind,
      status: "healthy",
      method: "offline",
      result: { healthStatus: "healthy" },
    });
    await t.db.insert(analyses).values([
      { farmId: a.user.id, ...row("droppings") },
      { farmId: a.user.id, ...row("health") },
      { farmId: b.user.id, ...row("health") },
      // Breed identification is not a health analysis and must not be counted.
      { farmId: b.user.id, ...row("breed") },
    ]);
    const usersBefore = await countUsers(t);
    const analysesBefore = await countAnalyses(t);

    const res = await t.app.inject({ method: "GET", url: "/api/stats" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=60");
    const body = statsResponse.parse(res.json());

    // Other test files may add rows to a shared PostgreSQL meanwhile: bracket the figures.
    expect(body.keepers).toBeGreaterThanOrEqual(usersBefore);
    expect(body.keepers).toBeLessThanOrEqual(await countUsers(t));
    expect(body.analyses).toBeGreaterThanOrEqual(analysesBefore);
    expect(body.analyses).toBeLessThanOrEqual(await countAnalyses(t));
    expect(analysesBefore).toBeGreaterThanOrEqual(3);
    expect(body.foods).toBe(getKnowledge().foods.length);
    expect(body.breeds).toBe(getKnowledge().breeds.length);
    expect(body.foods).toBeGreaterThan(0);
    expect(body.breeds).toBeGreaterThan(0);
    expect(body.species).toBe(6);
    expect(body.socialUrl).toBe("https://social.example/flockkeeper");
  });

  it("is cached for a minute: a new keeper does not change the figure straight away", async () => {
    const first = (await t.app.inject({ method: "GET", url: "/api/stats" })).json();
    await buildUser(t);
    const second = (await t.app.inject({ method: "GET", url: "/api/stats" })).json();
    expect(second.keepers).toBe(first.keepers);
    expect(second.generatedAt).toBe(first.generatedAt);
  });

  it("needs no sign-in and exposes no personal data", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/stats" });
    expect(Object.keys(res.json()).sort()).toEqual(
      ["analyses", "breeds", "foods", "generatedAt", "keepers", "socialUrl", "species"].sort(),
    );
    expect(res.body).not.toContain("@example.com");
  });
});
