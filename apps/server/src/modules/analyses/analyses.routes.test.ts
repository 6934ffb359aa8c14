import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chickens } from "../../db/schema/index";
import {
  bloodyDroppings,
  greenWateryDroppings,
  healthyDroppings,
  hugePngHeader,
  jpegDataUrl,
  birdPhoto,
} from "../../ai/test/images";
import { buildUser, createTestApp, expectPrivate, type TestApp } from "../../test/helpers";

let t: TestApp;
let ip = 1;
/** A signed-out request from its own address, so the per-address rate limit never interferes. */
const anon = (url: string, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url,
    payload: payload as object,
    remoteAddress: `10.0.0.${ip++}`,
  });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("POST /api/analyze-feces (offline analyser)", () => {
  it("answers the spec's result fields, labelled as basic offline analysis", async () => {
    const res = await anon("/api/analyze-feces", { image: jpegDataUrl(await healthyDroppings()) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      healthStatus: "healthy",
      followUpRequired: false,
      method: "offline",
      analysisId: null,
    });
    expect(body.analysis).toMatch(/^Basic offline analysis/);
    expect(body.confidenceLevel).toBeLessThanOrEqual(0.35);
    expect(Array.isArray(body.recommendations)).toBe(true);
    expect(Array.isArray(body.warnings)).toBe(true);
    expect(typeof body.clinicalFindings).toBe("string");
  });

  it("a photo analysis kept offline and sent twice under one Idempotency-Key runs once (issue 23)", async () => {
    const keeper = await buildUser(t);
    const key = randomUUID();
    const payload = { image: jpegDataUrl(await healthyDroppings()) };
    const send = () =>
      keeper.inject({
        method: "POST",
        url: "/api/analyze-feces",
        headers: { "idempotency-key": key },
        payload,
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    const list = await keeper.inject({ method: "GET", url: "/api/analyses?kind=droppings" });
    expect(list.json()).toHaveLength(1);
  });

  it("calls bloody droppings urgent and green watery ones concerning", async () => {
    const red = await anon("/api/analyze-feces", { image: jpegDataUrl(await bloodyDroppings()) });
    expect(red.json().healthStatus).toBe("urgent");
    const green = await anon("/api/analyze-feces", {
      image: jpegDataUrl(await greenWateryDroppings()),
    });
    expect(green.json().healthStatus).toBe("concerning");
  });

  it("saves a signed-in keeper's analysis with photo and bird, and lists it", async () => {
    const keeper = await buildUser(t);
    const [bird] = await t.db
      .insert(chickens)
      .values({ farmId: keeper.user.id, name: "Henny", breed: "Silkie" })
      .returning();
    const res = await keeper.inject({
      method: "POST",
      url: "/api/analyze-feces",
      payload: { image: jpegDataUrl(await healthyDroppings()), birdId: bird!.id },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().analysisId as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const list = await keeper.inject({
      method: "GET",
      url: `/api/analyses?kind=droppings&birdId=${bird!.id}`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
    const entry = list.json()[0];
    expect(entry).toMatchObject({
      id,
      kind: "droppings",
      status: "healthy",
      method: "offline",
      birdId: bird!.id,
    });
    expect(entry.result.healthStatus).toBe("healthy");
    expect(entry.imageUrl).toMatch(/^\/api\/images\/[a-f0-9]{64}\.jpg$/);
    // The photo is served to its owner only, and signed out it is as if it did not exist.
    const img = await keeper.inject({ method: "GET", url: entry.imageUrl });
    expect(img.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: entry.imageUrl })).statusCode).toBe(404);

    const other = await keeper.inject({ method: "GET", url: "/api/analyses?kind=breed" });
    expect(other.json()).toHaveLength(0);
    const one = await keeper.inject({ method: "GET", url: `/api/analyses/${id}` });
    expect(one.json().id).toBe(id);

    await expectPrivate(t, { method: "GET", url: "/api/analyses" }, { list: true });
    await expectPrivate(t, { method: "GET", url: `/api/analyses/${id}` });
    await expectPrivate(t, { method: "DELETE", url: `/api/analyses/${id}` });

    const del = await keeper.inject({ method: "DELETE", url: `/api/analyses/${id}` });
    expect(del.statusCode).toBe(204);
    const gone = await keeper.inject({ method: "GET", url: `/api/analyses/${id}` });
    expect(gone.statusCode).toBe(404);
  });

  it("refuses another keeper's bird with 404 before analysing", async () => {
    const owner = await buildUser(t);
    const [bird] = await t.db
      .insert(chickens)
      .values({ farmId: owner.user.id, name: "Mine", breed: "Orpington" })
      .returning();
    const stranger = await buildUser(t);
    const res = await stranger.inject({
      method: "POST",
      url: "/api/analyze-feces",
      payload: { image: jpegDataUrl(await healthyDroppings()), birdId: bird!.id },
    });
    expect(res.statusCode).toBe(404);
  });

  it("rejects a bad history query", async () => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({ method: "GET", url: "/api/analyses?kind=eggs" });
    expect(res.statusCode).toBe(400);
    const missing = await keeper.inject({ method: "GET", url: `/api/analyses/${randomUUID()}` });
    expect(missing.statusCode).toBe(404);
  });
});

describe("POST /api/analyze-health (offline analyser)", () => {
  it("answers the bird health fields with a cautious, labelled assessment", async () => {
    const res = await anon("/api/analyze-health", {
      image: (await birdPhoto("#7a5230", "#d01818")).toString("base64"),
      species: "chicken",
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.method).toBe("offline");
    expect(body.analysis).toMatch(/^Basic offline analysis/);
    expect(body.overallScore).toBeGreaterThanOrEqual(0);
    expect(body.overallScore).toBeLessThanOrEqual(100);
    expect(body.confidenceLevel).toBeLessThanOrEqual(0.35);
    expect(body.treatments).toMatchObject({
      immediate: expect.any(Array),
      ongoing: expect.any(Array),
      preventive: expect.any(Array),
    });
    expect(typeof body.observations.eyes).toBe("string");
  });

  it("defaults the species to chicken and rejects an unknown one", async () => {
    const image = (await birdPhoto("#7a5230")).toString("base64");
    expect((await anon("/api/analyze-health", { image })).statusCode).toBe(200);
    const bad = await anon("/api/analyze-health", { image, species: "parrot" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Species must be one of/);
  });
});

describe("bad input never crashes the analysers", () => {
  const urls = ["/api/analyze-feces", "/api/analyze-health", "/api/identify-bird-breed"];
  const cases: [string, () => Promise<unknown>, number, RegExp][] = [
    [
      "a non-image file",
      async () => ({ image: Buffer.from("hello, this is a text file").toString("base64") }),
      400,
      /Invalid image/,
    ],
    [
      "a truncated JPEG",
      async () => {
        const full = await sharp({
          create: { width: 800, height: 600, channels: 3, background: "#884422" },
        })
          .jpeg()
          .toBuffer();
        return { image: jpegDataUrl(full.subarray(0, Math.floor(full.length / 2))) };
      },
      400,
      /Could not process image/,
    ],
    [
      "a PNG declaring 100000x100000 pixels",
      async () => ({ image: `data:image/png;base64,${hugePngHeader().toString("base64")}` }),
      400,
      /Could not process image/,
    ],
    ["an empty body", async () => undefined, 400, /./],
    ["an empty image", async () => ({ image: "" }), 400, /Invalid image format/],
    [
      "a data URL of the wrong type",
      async () => ({ image: `data:text/plain;base64,${Buffer.from("hi").toString("base64")}` }),
      400,
      /Invalid image/,
    ],
    ["not base64", async () => ({ image: "%%%not base64%%%" }), 400, /Invalid image/],
    ["a number", async () => ({ image: 42 }), 400, /Invalid image format/],
  ];
  for (const url of urls) {
    for (const [name, payload, status, message] of cases) {
      it(`${url}: ${name} -> ${status}`, async () => {
        const body = await payload();
        const res = await t.app.inject({
          method: "POST",
          url,
          remoteAddress: `10.1.0.${ip++}`,
          ...(body === undefined
            ? { headers: { "content-type": "application/json" }, payload: "" }
            : { payload: body as object }),
        });
        expect(res.statusCode).toBe(status);
        expect(res.json().message).toMatch(message);
      });
    }
  }

  it("refuses an image over 10 MB with the spec's message", async () => {
    const big = "A".repeat(15 * 1024 * 1024);
    const res = await anon("/api/analyze-feces", { image: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("Image size must be less than 10MB");
  });

  it("refuses a decoded image over 10 MB that fits the body limit, with the spec's message", async () => {
    const bytes = Buffer.alloc(10 * 1024 * 1024 + 512 * 1024, 0x41);
    bytes.set([0xff, 0xd8, 0xff, 0xe0]);
    for (const url of urls) {
      const res = await anon(url, { image: jpegDataUrl(bytes) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Image size must be less than 10MB");
    }
  });

  it("limits analyses per keeper", async () => {
    const keeper = await buildUser(t);
    const payload = { image: "" };
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push(
        (await keeper.inject({ method: "POST", url: "/api/analyze-feces", payload })).statusCode,
      );
    }
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    // Another keeper from the same address is not affected.
    const other = await buildUser(t);
    expect(
      (await other.inject({ method: "POST", url: "/api/analyze-feces", payload })).statusCode,
    ).toBe(400);
  });
});
