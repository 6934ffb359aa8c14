import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";
import { deflateSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminImages, chickens, imageOwners, images } from "../../db/schema/index";
import { ADMIN_COOKIE } from "../../plugins/admin-auth";
import { buildUser, createTestApp, type TestApp, type TestUser } from "../../test/helpers";

/*
 * Files can never become pages: whatever arrives as an image, by upload or by account import, is
 * decoded and re-encoded, or refused with nothing written; what is served is only JPEG, PNG or
 * WebP with nosniff and a sandboxing CSP; and knowing a photo's hash gives no access to it.
 */

const ADMIN_PASSWORD = "hostile-files-admin-password";
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

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const hashOf = (url: string) => /([a-f0-9]{64})\.jpg$/.exec(url)![1]!;

async function jpeg(width = 120, height = 80, r = 30) {
  return sharp({ create: { width, height, channels: 3, background: { r, g: 140, b: 60 } } })
    .jpeg()
    .toBuffer();
}

/** A PNG whose header claims `width` x `height` pixels, with almost no data behind it. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const SCRIPT = "<script>alert(document.cookie)</script>";

/** Files that must never be stored: each is refused on every path. */
async function hostileFiles(): Promise<[string, Buffer][]> {
  const real = await jpeg(400, 300);
  return [
    ["an HTML page", Buffer.from(`<!doctype html><html><body>${SCRIPT}</body></html>`)],
    [
      "an SVG with a script",
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${SCRIPT}</svg>`),
    ],
    [
      "a polyglot: JPEG magic bytes in front of an HTML page",
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(`<html>${SCRIPT}</html>`)]),
    ],
    ["a truncated JPEG (a real photo cut in half)", real.subarray(0, Math.floor(real.length / 2))],
    ["a decompression bomb (a PNG claiming 60000 x 60000 pixels)", pngClaiming(60_000, 60_000)],
  ];
}

const UNREADABLE = "Failed to process image. Please try a different photo.";

/** The keeper's whole export with one embedded photo replaced by `bytes` (hash kept consistent). */
async function exportWithPhoto(owner: TestUser, bytes: Buffer) {
  const res = await owner.inject({ method: "GET", url: "/api/account/export?photos=embed" });
  expect(res.statusCode).toBe(200);
  const doc = res.json();
  const old = doc.images[0].hash as string;
  const hash = sha256(bytes);
  doc.images[0] = {
    ...doc.images[0],
    hash,
    url: `/api/images/${hash}.jpg`,
    data: bytes.toString("base64"),
    mime: "text/html",
  };
  for (const c of doc.tables.chickens) {
    if (c.imageUrl === `/api/images/${old}.jpg`) c.imageUrl = `/api/images/${hash}.jpg`;
  }
  return { doc, hash };
}

/** A keeper with one bird that has a photo, ready to export. */
async function keeperWithPhoto(): Promise<TestUser> {
  const keeper = await buildUser(t);
  const up = await keeper.inject({
    method: "POST",
    url: "/api/images",
    payload: { image: (await jpeg(64, 48, Math.floor(Math.random() * 255))).toString("base64") },
  });
  expect(up.statusCode).toBe(201);
  const bird = await keeper.inject({
    method: "POST",
    url: "/api/chickens",
    payload: { name: "Hostile hen", breed: "Sussex", imageUrl: up.json().url },
  });
  expect(bird.statusCode, bird.body).toBe(201);
  return keeper;
}

const rowsOf = async (userId: string) => ({
  chickens: (await t.db.select().from(chickens).where(eq(chickens.farmId, userId))).length,
  photos: (await t.db.select().from(imageOwners).where(eq(imageOwners.farmId, userId))).length,
});

describe("hostile files are refused on every path, and nothing is written", () => {
  it("upload: POST /api/images", async () => {
    for (const [name, bytes] of await hostileFiles()) {
      const keeper = await buildUser(t);
      for (const image of [
        bytes.toString("base64"),
        `data:image/jpeg;base64,${bytes.toString("base64")}`,
      ]) {
        const res = await keeper.inject({ method: "POST", url: "/api/images", payload: { image } });
        expect(res.statusCode, name).toBe(400);
        expect(res.json().message, name).toBe(UNREADABLE);
      }
      expect(await rowsOf(keeper.user.id), name).toEqual({ chickens: 0, photos: 0 });
    }
  });

  it("admin upload: POST /api/admin/images", async () => {
    for (const [name, bytes] of await hostileFiles()) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/images",
        payload: { image: bytes.toString("base64") },
        cookies: { [ADMIN_COOKIE]: adminToken },
      });
      expect(res.statusCode, name).toBe(400);
      expect(
        await t.db
          .select()
          .from(adminImages)
          .where(eq(adminImages.hash, sha256(bytes))),
        name,
      ).toEqual([]);
    }
  });

  it("account import: the whole file is refused, not one record arrives", async () => {
    const owner = await keeperWithPhoto();
    for (const [name, bytes] of await hostileFiles()) {
      const { doc, hash } = await exportWithPhoto(owner, bytes);
      const fresh = await buildUser(t);
      const res = await fresh.inject({ method: "POST", url: "/api/account/import", payload: doc });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().code, name).toBe("INVALID_IMPORT");
      expect(res.json().message, name).toMatch(/photo .* (not a readable|larger than)/);
      expect(await rowsOf(fresh.user.id), name).toEqual({ chickens: 0, photos: 0 });
      expect(await t.db.select().from(images).where(eq(images.hash, hash)), name).toEqual([]);
    }
  });

  it("a real photo with a page appended (a valid polyglot) is stored as pixels only", async () => {
    const poly = Buffer.concat([await jpeg(200, 100, 77), Buffer.from(`<html>${SCRIPT}</html>`)]);
    const keeper = await buildUser(t);
    const up = await keeper.inject({
      method: "POST",
      url: "/api/images",
      payload: { image: poly.toString("base64") },
    });
    expect(up.statusCode).toBe(201);
    const got = await keeper.inject({ url: up.json().url });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.includes(Buffer.from("<script"))).toBe(false);
    expect(hashOf(up.json().url)).not.toBe(sha256(poly));

    // The same file by import: re-encoded too, and the bird's photo address follows the new hash.
    const owner = await keeperWithPhoto();
    const { doc, hash } = await exportWithPhoto(owner, poly);
    const fresh = await buildUser(t);
    const imp = await fresh.inject({ method: "POST", url: "/api/account/import", payload: doc });
    expect(imp.statusCode, imp.body).toBe(200);
    expect(imp.json()).toMatchObject({ imported: { images: 1, chickens: 1 }, photosMissing: 0 });
    expect(await t.db.select().from(images).where(eq(images.hash, hash))).toEqual([]);
    const [bird] = await t.db.select().from(chickens).where(eq(chickens.farmId, fresh.user.id));
    expect(bird!.imageUrl).not.toContain(hash);
    const served = await fresh.inject({ url: bird!.imageUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.rawPayload.includes(Buffer.from("<script"))).toBe(false);
  });
});

describe("GET /api/images/:file", () => {
  it("serves a keeper's photo to its owner only, as an image that cannot run anything", async () => {
    const owner = await buildUser(t);
    const up = await owner.inject({
      method: "POST",
      url: "/api/images",
      payload: { image: (await jpeg(90, 60, 11)).toString("base64") },
    });
    const url = up.json().url as string;
    const res = await owner.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(res.headers["cache-control"]).toBe("private, no-cache");
    // A revalidation is decided like a first request: 304 for the owner, 404 for anyone else.
    const again = await owner.inject({
      url,
      headers: { "if-none-match": String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const stranger = await buildUser(t);
    const missing = `/api/images/${"0".repeat(64)}.jpg`;
    for (const who of [stranger, null]) {
      const theirs = who ? await who.inject({ url }) : await t.app.inject({ url });
      const none = who ? await who.inject({ url: missing }) : await t.app.inject({ url: missing });
      expect(theirs.statusCode).toBe(404);
      // Exactly like a photo that does not exist: the hash reveals nothing.
      expect(theirs.body).toBe(none.body);
      const revalidated = who
        ? await who.inject({ url, headers: { "if-none-match": String(res.headers.etag) } })
        : await t.app.inject({ url, headers: { "if-none-match": String(res.headers.etag) } });
      expect(revalidated.statusCode).toBe(404);
    }
  });

  it("serves the admin's ad pictures to everyone, cacheable (the one public kind)", async () => {
    const ad = await t.app.inject({
      method: "POST",
      url: "/api/admin/images",
      payload: { image: (await jpeg(300, 100, 200)).toString("base64") },
      cookies: { [ADMIN_COOKIE]: adminToken },
    });
    expect(ad.statusCode).toBe(201);
    const res = await t.app.inject({ url: ad.json().url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("never serves a stored row that is not a JPEG, PNG or WebP (written before re-encoding)", async () => {
    const owner = await buildUser(t);
    const page = Buffer.from(`<html>${SCRIPT}</html>`);
    const hash = sha256(page);
    await t.db.insert(images).values({ hash, mime: "text/html", width: 1, height: 1, bytes: page });
    await t.db.insert(imageOwners).values({ hash, farmId: owner.user.id });
    const res = await owner.inject({ url: `/api/images/${hash}.jpg` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("<script");
  });
});

describe("knowing a photo's hash gives nothing", () => {
  /** A links-only export (no bytes) whose photo is `hash`. */
  async function linksOnlyNaming(hash: string) {
    const source = await keeperWithPhoto();
    const res = await source.inject({ method: "GET", url: "/api/account/export" });
    const doc = res.json();
    const old = doc.images[0].hash as string;
    doc.images[0] = { ...doc.images[0], hash, url: `/api/images/${hash}.jpg` };
    for (const c of doc.tables.chickens) {
      if (c.imageUrl === `/api/images/${old}.jpg`) c.imageUrl = `/api/images/${hash}.jpg`;
    }
    return doc;
  }

  it("importing another keeper's hash does not make the importer an owner, and answers like an unknown hash", async () => {
    const victim = await buildUser(t);
    const up = await victim.inject({
      method: "POST",
      url: "/api/images",
      payload: { image: (await jpeg(80, 80, 123)).toString("base64") },
    });
    const hash = hashOf(up.json().url);

    const thief = await buildUser(t);
    const stolen = await thief.inject({
      method: "POST",
      url: "/api/account/import",
      payload: await linksOnlyNaming(hash),
    });
    expect(stolen.statusCode, stolen.body).toBe(200);
    const control = await buildUser(t);
    const unknown = await control.inject({
      method: "POST",
      url: "/api/account/import",
      payload: await linksOnlyNaming("e".repeat(64)),
    });
    expect(stolen.json()).toEqual(unknown.json());
    expect(stolen.json().photosMissing).toBe(1);
    expect(
      await t.db
        .select()
        .from(imageOwners)
        .where(and(eq(imageOwners.farmId, thief.user.id), eq(imageOwners.hash, hash))),
    ).toEqual([]);
    const [bird] = await t.db.select().from(chickens).where(eq(chickens.farmId, thief.user.id));
    expect(bird!.imageUrl).toBeNull();
    expect((await thief.inject({ url: up.json().url })).statusCode).toBe(404);

    // The victim deletes the account: the photo goes, the thief's import kept nothing alive.
    const gone = await victim.inject({
      method: "DELETE",
      url: "/api/account",
      payload: { confirmEmail: victim.user.email },
    });
    expect(gone.statusCode).toBe(204);
    expect(await t.db.select().from(images).where(eq(images.hash, hash))).toEqual([]);
  });

  it("a deleted account's photo stays only for a keeper who uploaded the same bytes themselves", async () => {
    const bytes = (await jpeg(70, 50, 99)).toString("base64");
    const leaving = await buildUser(t);
    const staying = await buildUser(t);
    const a = await leaving.inject({
      method: "POST",
      url: "/api/images",
      payload: { image: bytes },
    });
    const b = await staying.inject({
      method: "POST",
      url: "/api/images",
      payload: { image: bytes },
    });
    expect(a.json().url).toBe(b.json().url);
    await leaving.inject({
      method: "DELETE",
      url: "/api/account",
      payload: { confirmEmail: leaving.user.email },
    });
    expect((await staying.inject({ url: b.json().url })).statusCode).toBe(200);
    expect((await t.app.inject({ url: b.json().url })).statusCode).toBe(404);
  });
});
