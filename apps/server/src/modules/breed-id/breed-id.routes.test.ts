import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { barredBird, birdPhoto } from "../../ai/test/images";
import { buildUser, createTestApp, type TestApp } from "../../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("POST /api/identify-bird-breed (offline analyser)", () => {
  it("suggests breeds with low confidence, alternatives and the breed's rarity", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/identify-bird-breed",
      remoteAddress: "10.3.0.1",
      payload: { image: (await barredBird()).toString("base64"), timestamp: Date.now() },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.method).toBe("offline");
    expect(body.confidence).toBeLessThanOrEqual(35);
    expect(body.description).toMatch(/^Basic offline analysis/);
    expect(body.alternativeBreeds.length).toBeGreaterThan(0);
    expect(body.characteristics).toMatchObject({
      eggColor: expect.any(String),
      origin: expect.any(String),
    });
    expect(body.physicalTraits.primaryColors.length).toBeGreaterThan(0);
    expect(body.rarity).toMatchObject({
      found: true,
      score: expect.any(Number),
      level: expect.any(String),
    });
  });

  it("saves the identification for a signed-in keeper", async () => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({
      method: "POST",
      url: "/api/identify-bird-breed",
      payload: {
        image: `data:image/jpeg;base64,${(await birdPhoto("#f2f2ee")).toString("base64")}`,
      },
    });
    expect(res.statusCode).toBe(200);
    const list = await keeper.inject({ method: "GET", url: "/api/analyses?kind=breed" });
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0]).toMatchObject({ id: res.json().analysisId, status: res.json().breed });
  });
});
