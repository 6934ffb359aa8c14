import { count, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statsResponse } from "@flockkeeper/shared/schemas/stats";
import { analyses, users } from "../../db/schema/index";
import { getKnowledge } from "../../knowledge/index";
import { buildUser, createTestApp, type TestApp } from "../../test/helpers";
import { scratchDatabase } from "../../test/instances";

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
  let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  beforeAll(async () => {
    // On PostgreSQL other test files add and delete keepers in the run's database while this one
    // counts (account deletion removes users), so no bracket holds: the figures are checked
    // exactly, on a database of this file's own.
    if (process.env.TEST_DATABASE_URL) scratch = await scratchDatabase();
    t = await createTestApp(
      { SOCIAL_URL: "https://social.example/flockkeeper" },
      { databaseUrl: scratch?.url },
    );
  });
  afterAll(async () => {
    await t.close();
    await scratch?.drop();
  });

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

    expect(body.keepers).toBe(usersBefore);
    expect(body.analyses).toBe(analysesBefore);
    expect(analysesBefore).toBe(3);
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
