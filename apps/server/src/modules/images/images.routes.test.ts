import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminImages, imageOwners, images } from "../../db/schema/index";
import { ADMIN_COOKIE } from "../../plugins/admin-auth";
import { buildUser, createTestApp, type TestApp } from "../../test/helpers";
import { decodeImagePayload, sniffImageType } from "./images.service";

const ADMIN_PASSWORD = "images-admin-password";
let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD });
  const res = await t.app.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { password: ADMIN_PASSWORD },
  });
  adminToken = String(res.headers["set-cookie"]).match(/fk_admin=([^;]+)/)![1]!;
});
afterAll(async () => {
  await t.close();
});

const UNREADABLE = "Failed to process image. Please try a different photo.";
const TOO_LARGE = "Image size must be less than 10MB";

async function png(width: number, height: number, colour = { r: 200, g: 120, b: 40 }) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

const ownedBy = async (userId: string) =>
  t.db.select().from(imageOwners).where(eq(imageOwners.farmId, userId));

describe("POST /api/images", () => {
  it("refuses a signed-out visitor", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/images",
      payload: { image: "abc" },
    });
    expect(res.statusCode).toBe(401);
  });

  it("downscales a large PNG data URL to fit 1024x768 and serves it as a JPEG", async () => {
    const keeper = await buildUser(t);
    const data = `data:image/png;base64,${(await png(2000, 1000)).toString("base64")}`;
    const res = await keeper.inject({
      method: "POST",
      url: "/api/images",
      payload: { image: data },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.url).toMatch(/^\/api\/images\/[a-f0-9]{64}\.jpg$/);
    expect(body).toMatchObject({ width: 1024, height: 512 });

    const got = await keeper.inject({ url: body.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-type"]).toBe("image/jpeg");
    // A keeper's photo is private: see hostile-files.test.ts for who may see it.
    expect(got.headers["cache-control"]).toBe("private, no-cache");
    expect(got.headers["x-content-type-options"]).toBe("nosniff");
    expect(sniffImageType(got.rawPayload)).toBe("jpeg");
    const meta = await sharp(got.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 512]);
    expect(await ownedBy(keeper.user.id)).toHaveLength(1);
  });

  it("limits height to 768 and never enlarges", async () => {
    const keeper = await buildUser(t);
    const tall = await keeper.inject({
      method: "POST",
      url: "/api/images",
      payload: { image: (await png(1000, 3000)).toString("base64") },
    });
    expect(tall.json()).toMatchObject({ width: 256, height: 768 });
    const small = await keeper.inject({
      method: "POST",
      url: "/api/images",
      payload: { image: (await png(40, 30)).toString("base64") },
    });
    expect(small.json()).toMatchObject({ width: 40, height: 30 });
  });

  it("strips EXIF metadata, GPS included", async () => {
    const keeper = await buildUser(t);
    const jpeg = await sharp(await png(300, 200))
      .jpeg()
      .withExif({ IFD0: { Copyright: "secret", Make: "Phone" }, IFD3: { GPSLatitudeRef: "N" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await keeper.inject({
      method: "POST",
      url: "/api/images",
      payload: { image: `data:image/jpeg;base64,${jpeg.toString("base64")}` },
    });
    const got = await keeper.inject({ url: res.json().url });
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(got.rawPayload.includes(Buffer.from("secret"))).toBe(false);
  });

  it("stores the same photo once (content-addressed)", async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const image = (await png(64, 64, { r: 1, g: 2, b: 3 })).toString("base64");
    const ra = await a.inject({ method: "POST", url: "/api/images", payload: { image } });
    const rb = await b.inject({ method: "POST", url: "/api/images", payload: { image } });
    expect(ra.json().url).toBe(rb.json().url);
    expect(await ownedBy(b.user.id)).toHaveLength(1);
  });

  it.each([
    ["a text file named .jpg", Buffer.from("hello, this is not a photo").toString("base64")],
    [
      "a text file sent as a JPEG data URL",
      `data:image/jpeg;base64,${Buffer.from("plain text").toString("base64")}`,
    ],
    [
      "a truncated JPEG",
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]).toString("base64"),
    ],
    ["not base64 at all", "%%% not base64 %%%"],
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString("base64")],
  ])("refuses %s with 400 and writes nothing", async (_name, image) => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({ method: "POST", url: "/api/images", payload: { image } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UNREADABLE);
    expect(await ownedBy(keeper.user.id)).toHaveLength(0);
  });

  it("refuses an image with too many pixels (decompression bomb)", async () => {
    const keeper = await buildUser(t);
    const bomb = await sharp({
      create: { width: 7500, height: 7000, channels: 3, background: "#fff" },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await keeper.inject({
      method: "POST",
      url: "/api/images",
      payload: { image: bomb.toString("base64") },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UNREADABLE);
  });

  it("refuses more than 10 MB of image data", async () => {
    const keeper = await buildUser(t);
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 7);
    big[0] = 0xff;
    big[1] = 0xd8;
    big[2] = 0xff;
    const res = await keeper.inject({
      method: "POST",
      url: "/api/images",
      payload: { image: big.toString("base64") },
    });
    expect([400, 413]).toContain(res.statusCode);
    expect(res.json().message).toBe(TOO_LARGE);
    expect(() => decodeImagePayload(big.toString("base64"))).toThrow(TOO_LARGE);
  });

  it("refuses a 50 MB body with 413 before reading it", async () => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({
      method: "POST",
      url: "/api/images",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ image: "A".repeat(50 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(TOO_LARGE);
    expect(await ownedBy(keeper.user.id)).toHaveLength(0);
  });

  it("refuses a missing image", async () => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({ method: "POST", url: "/api/images", payload: {} });
    expect(res.statusCode).toBe(400);
  });
});

describe("GET /api/images/:file", () => {
  it("answers 404 for an unknown or malformed name", async () => {
    for (const url of [
      `/api/images/${"a".repeat(64)}.jpg`,
      "/api/images/../../etc/passwd",
      "/api/images/abc.png",
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe("POST /api/admin/images (ad pictures)", () => {
  const upload = (
    image: string,
    cookies: Record<string, string> = { [ADMIN_COOKIE]: adminToken },
  ) => t.app.inject({ method: "POST", url: "/api/admin/images", payload: { image }, cookies });

  it("stores a picture for the admin who came in through the password gate", async () => {
    const data = `data:image/png;base64,${(await png(2400, 800, { r: 10, g: 90, b: 200 })).toString("base64")}`;
    const res = await upload(data);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ width: 1200, height: 400 });
    const served = await t.app.inject({ url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    const hash = body.url.match(/([a-f0-9]{64})\.jpg$/)[1];
    expect(await t.db.select().from(adminImages).where(eq(adminImages.hash, hash))).toHaveLength(1);
  });

  it("refuses a signed-out visitor, a keeper who is not an admin, and a forged admin cookie", async () => {
    const data = (await png(10, 10)).toString("base64");
    const keeper = await buildUser(t);
    expect((await upload(data, {})).statusCode).toBe(401);
    const asKeeper = await keeper.inject({
      method: "POST",
      url: "/api/admin/images",
      payload: { image: data },
    });
    expect([401, 403]).toContain(asKeeper.statusCode);
    expect((await upload(data, { [ADMIN_COOKIE]: "forged" })).statusCode).toBe(401);
  });

  it("refuses what is not an image, with the spec's message, and stores nothing", async () => {
    const before = await t.db.select({ hash: adminImages.hash }).from(adminImages);
    const res = await upload(Buffer.from("GIF89a not really").toString("base64"));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UNREADABLE);
    expect(await t.db.select({ hash: adminImages.hash }).from(adminImages)).toHaveLength(
      before.length,
    );
  });

  it("keeps an ad picture when a keeper who uploaded the same photo deletes their account", async () => {
    const bytes = (await png(300, 200, { r: 1, g: 2, b: 3 })).toString("base64");
    const keeper = await buildUser(t);
    const mine = await keeper.inject({
      method: "POST",
      url: "/api/images",
      payload: { image: bytes },
    });
    const ad = await upload(bytes);
    expect(ad.json().url).toBe(mine.json().url);
    const gone = await keeper.inject({
      method: "DELETE",
      url: "/api/account",
      payload: { confirmEmail: keeper.user.email },
    });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    const hash = ad.json().url.match(/([a-f0-9]{64})\.jpg$/)[1];
    expect(
      await t.db.select({ hash: images.hash }).from(images).where(eq(images.hash, hash)),
    ).toHaveLength(1);
    expect((await t.app.inject({ url: ad.json().url })).statusCode).toBe(200);
  });
});
