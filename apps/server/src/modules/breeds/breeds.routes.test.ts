import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BreedSummary } from "@flockkeeper/shared/schemas/breeds-api";
import { createTestApp, type TestApp } from "../../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: "GET", url });

describe("GET /api/breeds", () => {
  it("lists every breed, rarest first, with the spec's anchors", async () => {
    const res = await get("/api/breeds");
    expect(res.statusCode).toBe(200);
    const breeds = res.json<BreedSummary[]>();
    const count = (species: string) => breeds.filter((b) => b.species === species).length;
    expect(count("chicken")).toBeGreaterThanOrEqual(28);
    expect(count("duck")).toBeGreaterThanOrEqual(7);
    expect(count("goose")).toBeGreaterThanOrEqual(6);
    for (const species of ["turkey", "guinea_fowl", "quail", "peacock", "emu", "ostrich"]) {
      expect(count(species), species).toBeGreaterThan(0);
    }
    const scores = breeds.map((b) => b.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(breeds.find((b) => b.name === "Rhode Island Red")).toMatchObject({
      score: 15,
      level: "Common",
    });
    expect(breeds.find((b) => b.name === "Cayuga")?.conservation).toEqual({
      body: "TLC",
      status: "Watch",
      year: 2021,
    });
    // No breed that does not exist: the spec's "Koschei" example has no standard, census or origin.
    expect(breeds.find((b) => b.name === "Koschei")).toBeUndefined();
  });

  it("filters by species in any usual spelling", async () => {
    for (const species of ["duck", "Ducks", "duck "]) {
      const breeds = (await get(`/api/breeds?species=${encodeURIComponent(species)}`)).json<
        BreedSummary[]
      >();
      expect(breeds.length).toBeGreaterThanOrEqual(7);
      expect(breeds.every((b) => b.species === "duck")).toBe(true);
    }
    const guinea = (await get("/api/breeds?species=guinea%20fowl")).json<BreedSummary[]>();
    expect(guinea.length).toBeGreaterThan(0);
  });

  it("gives the flock forms an alphabetical list of common breeds", async () => {
    const res = await get("/api/breeds?species=chicken&forms=1");
    expect(res.statusCode).toBe(200);
    const names = res.json<BreedSummary[]>().map((b) => b.name);
    expect(names.length).toBeGreaterThanOrEqual(30);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).toContain("Rhode Island Red");
    expect(res.json<BreedSummary[]>().every((b) => b.commonInFlockForms)).toBe(true);
  });

  it.each([
    ["/api/breeds?species=dragon", "Unknown species"],
    ["/api/breeds?species=%3Cscript%3E", "Unknown species"],
    [`/api/breeds?species=${"x".repeat(10 * 1024)}`, undefined],
    ["/api/breeds?forms=yes", undefined],
  ])("answers 400 for %s", async (url, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
  });
});
