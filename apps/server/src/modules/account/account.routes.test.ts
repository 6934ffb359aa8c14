import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema/index";
import {
  analyses,
  chickens,
  clickEvents,
  eggRecords,
  feedRecords,
  hatchRecords,
  healthPredictions,
  imageOwners,
  images,
  keeperPlaces,
  keeperSettings,
  newsletterSubscribers,
  recentSearches,
  sessions,
  users,
  vaccinations,
  weightRecords,
} from "../../db/schema/index";
import { createSession } from "../../auth/session-store";
import { SESSION_COOKIE } from "../../plugins/auth";
import { buildUser, createTestApp, type TestApp, type TestUser } from "../../test/helpers";
import { storeImage } from "../images/images.service";
import { deleteAccount } from "./account.service";
import { ownerColumnOf, tablesWithUserId } from "./keeper-tables";
import { resolveKeeper } from "../../access/access";
import { readZip } from "../../test/zip";

const parseCsv = (text: string) => parse(text, { record_delimiter: "\r\n" }) as string[][];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const photo = (r: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g: 90, b: 30 } } })
    .png()
    .toBuffer();

/** A keeper with a bit of everything: birds with a photo, eggs, hatches, vaccinations, analyses... */
async function seedKeeper(keeper: TestUser, tag: string) {
  const userId = keeper.user.id;
  const img = await storeImage(t.db, userId, await photo(tag.length * 17), {
    maxWidth: 100,
    maxHeight: 100,
  });
  const [hen, rooster] = await t.db
    .insert(chickens)
    .values([
      {
        farmId: userId,
        name: `${tag} Henrietta`,
        breed: "Orpington",
        imageUrl: img.url,
        weight: 6.5,
      },
      { farmId: userId, name: `${tag} Rocky`, breed: "Sussex", sex: "rooster", species: "chicken" },
    ])
    .returning();
  await t.db.insert(eggRecords).values([
    { farmId: userId, chickenId: hen!.id, date: "2024-05-01", eggsLaid: 1, notes: `${tag} first` },
    { farmId: userId, chickenId: hen!.id, date: "2024-05-02", eggsLaid: 2 },
    { farmId: userId, chickenId: rooster!.id, date: "2024-05-02", eggsLaid: 0, eggQuality: "good" },
  ]);
  await t.db.insert(feedRecords).values({
    farmId: userId,
    chickenId: hen!.id,
    date: "2024-05-01",
    feedType: "layer pellets",
    feedAmount: 0.25,
  });
  await t.db
    .insert(weightRecords)
    .values({ farmId: userId, chickenId: rooster!.id, date: "2024-05-01", weight: 8 });
  await t.db.insert(healthPredictions).values({
    farmId: userId,
    chickenId: hen!.id,
    riskLevel: "low",
    riskScore: 5,
    confidenceScore: 0.6,
    predictedConditions: [],
    recommendedActions: ["Keep watching"],
    reasons: [{ factor: "weight", detail: "stable", points: 0 }],
  });
  await t.db.insert(hatchRecords).values({
    farmId: userId,
    eggSource: `${tag} own flock`,
    incubationStartDate: "2024-04-01",
    expectedHatchDate: "2024-04-22",
    eggsSet: 12,
    success: true,
    actualHatchDate: new Date("2024-04-22T08:00:00Z"),
  });
  await t.db.insert(vaccinations).values([
    {
      farmId: userId,
      vaccine: "Marek's Disease",
      birdId: hen!.id,
      birdName: hen!.name,
      date: "2024-01-10",
      nextDue: "2025-01-10",
    },
    {
      farmId: userId,
      vaccine: "Newcastle Disease",
      birdId: "00000000-0000-4000-8000-000000000000",
      birdName: "A bird since removed",
      date: "2024-02-10",
      nextDue: "2024-05-10",
    },
  ]);
  await t.db.insert(analyses).values({
    farmId: userId,
    kind: "droppings",
    status: "Normal",
    method: "offline",
    result: { healthStatus: "Normal", notes: [tag] },
    imageHash: img.hash,
    birdId: hen!.id,
  });
  await t.db
    .insert(recentSearches)
    .values({ userId, term: `${tag} Grapes`, termKey: `${tag} grapes`, foodName: "Grapes" });
  await t.db.insert(keeperSettings).values({ userId, temperatureUnit: "C", eggPrice: 0.35 });
  await t.db
    .insert(keeperPlaces)
    .values({ farmId: userId, name: `${tag} Farm`, latitude: 51.5, longitude: -0.1 });
  await t.db.insert(clickEvents).values({
    userId,
    elementName: "Export",
    elementType: "button",
    page: "/account",
    sessionId: "s1",
  });
  return { hen: hen!, rooster: rooster!, img };
}

/** Rows that carry a user id, in every table of the schema, for this keeper. */
async function rowsWithUserId(userId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tablesWithUserId(schema)) {
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(ownerColumnOf(table)!.column, userId));
    if (row!.n > 0) out[getTableConfig(table).name] = row!.n;
  }
  return out;
}

const getExport = async (keeper: TestUser, query = "") => {
  const res = await keeper.inject({ method: "GET", url: `/api/account/export${query}` });
  expect(res.statusCode).toBe(200);
  return { res, doc: JSON.parse(res.body) };
};

/** Comparable content of an export: ids replaced by names, so two accounts can be compared. */
function comparable(doc: {
  tables: Record<string, Record<string, unknown>[]>;
  images: { hash: string }[];
}) {
  const birdName = new Map(doc.tables.chickens!.map((c) => [c.id, c.name]));
  const strip = (r: Record<string, unknown>) => {
    const { id: _id, ...rest } = r;
    for (const k of ["chickenId", "birdId"]) if (k in rest) rest[k] = birdName.get(rest[k]) ?? null;
    return rest;
  };
  const sorted = (rows: Record<string, unknown>[]) =>
    rows.map(strip).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const { clickEvents: _c, ...tables } = doc.tables;
  return {
    tables: Object.fromEntries(Object.entries(tables).map(([k, v]) => [k, sorted(v)])),
    images: doc.images.map((i) => i.hash).sort(),
  };
}

describe("account: signed out", () => {
  it("answers 401 on every account route", async () => {
    const calls = [
      { method: "GET", url: "/api/account/settings" },
      { method: "PATCH", url: "/api/account/settings", payload: { weightUnit: "kg" } },
      { method: "GET", url: "/api/account/export" },
      { method: "GET", url: "/api/account/export.zip" },
      { method: "POST", url: "/api/account/import", payload: { format: "x" } },
      { method: "DELETE", url: "/api/account", payload: { confirmEmail: "a@b.c" } },
      { method: "GET", url: "/api/account/sessions" },
      { method: "POST", url: "/api/account/sessions/sign-out-everywhere" },
    ] as const;
    for (const c of calls) {
      const res = await t.app.inject(c);
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(401);
    }
  });
});

describe("account settings", () => {
  it("starts with the spec's units, saves a subset, and validates", async () => {
    const keeper = await buildUser(t);
    const first = await keeper.inject({ method: "GET", url: "/api/account/settings" });
    expect(first.json()).toEqual({
      temperatureUnit: "F",
      weightUnit: "lbs",
      eggPrice: null,
      currency: "USD",
      weatherPlace: null,
    });
    const saved = await keeper.inject({
      method: "PATCH",
      url: "/api/account/settings",
      payload: {
        weightUnit: "kg",
        eggPrice: 0.4,
        weatherPlace: { name: "Home", latitude: 50, longitude: 1 },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      temperatureUnit: "F",
      weightUnit: "kg",
      eggPrice: 0.4,
      currency: "USD",
      weatherPlace: { name: "Home", latitude: 50, longitude: 1 },
    });
    const cleared = await keeper.inject({
      method: "PATCH",
      url: "/api/account/settings",
      payload: { temperatureUnit: "C", weatherPlace: null },
    });
    expect(cleared.json()).toMatchObject({
      temperatureUnit: "C",
      weightUnit: "kg",
      weatherPlace: null,
    });
    const bad = await keeper.inject({
      method: "PATCH",
      url: "/api/account/settings",
      payload: { eggPrice: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Egg price cannot be negative");
    const stranger = await buildUser(t);
    const theirs = await stranger.inject({ method: "GET", url: "/api/account/settings" });
    expect(theirs.json().weightUnit).toBe("lbs");
  });

  it("the egg price is what profitability uses, and the place is the weather page's saved place", async () => {
    const keeper = await buildUser(t);
    const summary = async () =>
      (await keeper.inject({ method: "GET", url: "/api/production/summary?period=30" })).json();
    expect((await summary()).eggPrice).toBe(0.3);
    await keeper.inject({
      method: "PATCH",
      url: "/api/account/settings",
      payload: {
        eggPrice: 0.45,
        weatherPlace: { name: "Orchard", latitude: 52.1, longitude: 4.3 },
      },
    });
    expect((await summary()).eggPrice).toBe(0.45);
    const place = await keeper.inject({ method: "GET", url: "/api/weather/place" });
    expect(place.json().place).toMatchObject({ name: "Orchard", latitude: 52.1, longitude: 4.3 });
    // Saved on the weather page, it shows on the account page.
    await keeper.inject({
      method: "PUT",
      url: "/api/weather/place",
      payload: { name: "Meadow", latitude: 48, longitude: 2 },
    });
    const settings = await keeper.inject({ method: "GET", url: "/api/account/settings" });
    expect(settings.json().weatherPlace).toMatchObject({ name: "Meadow" });
  });
});

describe("GET /api/account/export", () => {
  it("holds exactly this keeper's records and none of another keeper's", async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    await seedKeeper(a, "Alpha");
    const bSeed = await seedKeeper(b, "Bravo");
    const { res, doc } = await getExport(a);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="flockkeeper-export-/);
    expect(doc).toMatchObject({ format: "flockkeeper-export", schemaVersion: 1 });
    expect(doc.account.id).toBe(a.user.id);
    const ownIds = async (table: typeof chickens | typeof eggRecords) =>
      (await t.db.select({ id: table.id }).from(table).where(eq(table.farmId, a.user.id)))
        .map((r) => r.id)
        .sort();
    expect(doc.tables.chickens.map((c: { id: string }) => c.id).sort()).toEqual(
      await ownIds(chickens),
    );
    expect(doc.tables.eggRecords.map((c: { id: string }) => c.id).sort()).toEqual(
      await ownIds(eggRecords),
    );
    expect(doc.tables.hatchRecords).toHaveLength(1);
    expect(doc.tables.vaccinations).toHaveLength(2);
    expect(doc.tables.analyses).toHaveLength(1);
    expect(doc.tables.recentSearches).toHaveLength(1);
    expect(doc.tables.settings).toEqual([
      expect.objectContaining({ temperatureUnit: "C", weightUnit: "lbs", eggPrice: 0.35 }),
    ]);
    expect(doc.tables.weatherPlace[0].name).toBe("Alpha Farm");
    expect(doc.tables.clickEvents).toHaveLength(1);
    expect(doc.tables.sessions).toBeUndefined();
    expect(doc.images).toHaveLength(1);
    expect(doc.images[0].url).toMatch(/^\/api\/images\/[a-f0-9]{64}\.jpg$/);
    expect(doc.images[0].data).toBeUndefined();
    expect(doc.counts).toMatchObject({ chickens: 2, eggRecords: 3, images: 1 });
    // Nothing of keeper B, and no user id columns at all.
    expect(res.body).not.toContain("Bravo");
    expect(res.body).not.toContain(b.user.id);
    expect(res.body).not.toContain(bSeed.hen.id);
    expect(res.body).not.toContain('"userId"');

    const embedded = await getExport(a, "?photos=embed");
    expect(Buffer.from(embedded.doc.images[0].data, "base64").length).toBeGreaterThan(100);
  });

  it("answers an empty keeper with empty arrays", async () => {
    const keeper = await buildUser(t);
    const { doc } = await getExport(keeper);
    expect(doc.tables.chickens).toEqual([]);
    expect(doc.images).toEqual([]);
    expect(doc.counts.chickens).toBe(0);
  });
});

describe("GET /api/account/export.zip", () => {
  it("is a zip with one CSV per record type, holding only this keeper's rows", async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    await seedKeeper(a, "Zulu");
    await seedKeeper(b, "Yankee");
    const res = await a.inject({ method: "GET", url: "/api/account/export.zip" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    const files = await readZip(res.rawPayload);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(["chickens.csv", "eggRecords.csv", "vaccinations.csv", "images.csv"]),
    );
    const chickensCsv = parseCsv(files["chickens.csv"]!);
    expect(chickensCsv[0]!.slice(0, 3)).toEqual(["id", "name", "breed"]);
    expect(chickensCsv).toHaveLength(3);
    expect(chickensCsv.map((r) => r[1])).toContain("Zulu Henrietta");
    expect(parseCsv(files["eggRecords.csv"]!)).toHaveLength(4);
    expect(Object.values(files).join("")).not.toContain("Yankee");
  });

  it("keeps notes with commas, quotes, line breaks and formulas intact and inert", async () => {
    const keeper = await buildUser(t);
    const note = '=HYPERLINK("http://evil")\r\nsecond line, with "quotes"';
    const [hen] = await t.db
      .insert(schema.chickens)
      .values({ farmId: keeper.user.id, name: '+Clucky, the "boss"', breed: "Silkie" })
      .returning();
    await t.db.insert(schema.eggRecords).values({
      farmId: keeper.user.id,
      chickenId: hen!.id,
      date: "2024-05-01",
      eggsLaid: 2,
      notes: note,
    });
    const res = await keeper.inject({ method: "GET", url: "/api/account/export.zip" });
    expect(res.statusCode).toBe(200);
    const files = await readZip(res.rawPayload);
    const [head, row] = parseCsv(files["eggRecords.csv"]!);
    expect(row![head!.indexOf("notes")]).toBe(`'${note}`);
    expect(row![head!.indexOf("eggsLaid")]).toBe("2");
    const [cHead, chicken] = parseCsv(files["chickens.csv"]!);
    expect(chicken![cHead!.indexOf("name")]).toBe('\'+Clucky, the "boss"');
    // And `unzip -t`, a second independent reader, finds the archive sound.
    const dir = mkdtempSync(path.join(os.tmpdir(), "fk-zip-"));
    try {
      const file = path.join(dir, "export.zip");
      writeFileSync(file, res.rawPayload);
      const check = spawnSync("unzip", ["-t", file], { encoding: "utf8" });
      if (check.error) return; // no unzip on this machine: yauzl above already read it
      expect(check.status, check.stdout + check.stderr).toBe(0);
      expect(check.stdout).toMatch(/No errors detected/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("export -> delete -> import", () => {
  it("reproduces the keeper's records in a new account, photos included", async () => {
    const keeper = await buildUser(t, { email: "Mover@Example.com" });
    const seed = await seedKeeper(keeper, "Mover");
    // Another keeper shares the same photo: it must survive the deletion.
    const other = await buildUser(t);
    await storeImage(t.db, other.user.id, await photo("Mover".length * 17), {
      maxWidth: 100,
      maxHeight: 100,
    });
    const own = await storeImage(t.db, keeper.user.id, await photo(3), {
      maxWidth: 100,
      maxHeight: 100,
    });
    const { doc: before } = await getExport(keeper, "?photos=embed");
    await t.db.insert(newsletterSubscribers).values([
      { email: "mover@example.com", consentAt: new Date() },
      { email: "stays@example.com", consentAt: new Date() },
    ]);

    const wrong = await keeper.inject({
      method: "DELETE",
      url: "/api/account",
      payload: { confirmEmail: "someone@else.com" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("The email you typed does not match your account");
    expect((await rowsWithUserId(keeper.user.id)).chickens).toBe(2);

    const del = await keeper.inject({
      method: "DELETE",
      url: "/api/account",
      payload: { confirmEmail: " mover@example.COM " },
    });
    expect(del.statusCode).toBe(204);
    expect(String(del.headers["set-cookie"])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    expect(await rowsWithUserId(keeper.user.id)).toEqual({});
    expect(await t.db.select().from(users).where(eq(users.id, keeper.user.id))).toEqual([]);
    // The photo only this keeper had is gone; the shared one stays for the other keeper.
    expect(
      await t.db.select({ h: images.hash }).from(images).where(eq(images.hash, own.hash)),
    ).toEqual([]);
    expect(
      await t.db.select({ h: images.hash }).from(images).where(eq(images.hash, seed.img.hash)),
    ).toHaveLength(1);
    expect((await rowsWithUserId(other.user.id)).image_owners).toBe(1);
    // The keeper's own newsletter sign-up went with the account; someone else's stayed.
    const listed = await t.db
      .select({ e: newsletterSubscribers.email })
      .from(newsletterSubscribers);
    expect(
      listed.map((r) => r.e).filter((e) => ["mover@example.com", "stays@example.com"].includes(e)),
    ).toEqual(["stays@example.com"]);

    const again = await keeper.inject({
      method: "DELETE",
      url: "/api/account",
      payload: { confirmEmail: "mover@example.com" },
    });
    expect(again.statusCode).toBe(401);
    expect((await keeper.inject({ method: "GET", url: "/api/auth/user" })).statusCode).toBe(401);

    const fresh = await buildUser(t);
    const imp = await fresh.inject({ method: "POST", url: "/api/account/import", payload: before });
    expect(imp.statusCode, imp.body).toBe(200);
    expect(imp.json()).toMatchObject({
      imported: {
        chickens: 2,
        eggRecords: 3,
        vaccinations: 2,
        images: 2,
        feedRecords: 1,
        weightRecords: 1,
        healthPredictions: 1,
      },
      photosMissing: 0,
    });
    const { doc: after } = await getExport(fresh, "?photos=embed");
    expect(comparable(after)).toEqual(comparable(before));
    // New ids, with references following them; a soft reference to a removed bird became null.
    const newHen = after.tables.chickens.find(
      (c: { name: string }) => c.name === "Mover Henrietta",
    );
    expect(newHen.id).not.toBe(seed.hen.id);
    expect(
      after.tables.eggRecords.filter((e: { chickenId: string }) => e.chickenId === newHen.id),
    ).toHaveLength(2);
    expect(after.tables.analyses[0].birdId).toBe(newHen.id);
    const served = await fresh.inject({ url: newHen.imageUrl });
    expect(served.statusCode).toBe(200);

    // Importing twice is refused: the account is no longer empty.
    const twice = await fresh.inject({
      method: "POST",
      url: "/api/account/import",
      payload: before,
    });
    expect(twice.statusCode).toBe(409);
    expect((await rowsWithUserId(fresh.user.id)).chickens).toBe(2);
  });

  it("imports a links-only file, leaving out photos this server does not have", async () => {
    const keeper = await buildUser(t);
    await seedKeeper(keeper, "Links");
    const { doc } = await getExport(keeper);
    doc.images[0].hash = "f".repeat(64);
    for (const a of doc.tables.analyses) if (a.imageHash) a.imageHash = "f".repeat(64);
    for (const c of doc.tables.chickens) {
      if (c.imageUrl) c.imageUrl = `/api/images/${"f".repeat(64)}.jpg`;
    }
    const fresh = await buildUser(t);
    const res = await fresh.inject({ method: "POST", url: "/api/account/import", payload: doc });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().photosMissing).toBe(1);
    const { doc: after } = await getExport(fresh);
    expect(after.tables.analyses[0].imageHash).toBeNull();
    expect(after.images).toEqual([]);
  });
});

describe("DELETE /api/account, twice", () => {
  it("answers a second request that still got past sign-in with a clean 401", async () => {
    // With several app instances on one database, an instance that resolved the session a moment
    // ago may still accept it (for at most a few seconds) after another instance deleted the
    // account. Simulated here: this instance has the session cached, then the account disappears
    // behind its back (as another instance's deletion would remove it).
    const keeper = await buildUser(t);
    await seedKeeper(keeper, "Twice");
    const del = () =>
      keeper.inject({
        method: "DELETE",
        url: "/api/account",
        payload: { confirmEmail: keeper.user.email! },
        // Its own address: earlier deletions in this file used up the shared one's rate limit.
        remoteAddress: "10.20.30.40",
      });
    expect((await keeper.inject({ method: "GET", url: "/api/auth/user" })).statusCode).toBe(200);
    // As another instance's deletion does: the keeper's own farm, then the account.
    await t.db.delete(schema.farms).where(eq(schema.farms.id, keeper.user.id));
    await t.db.delete(users).where(eq(users.id, keeper.user.id));
    // Signed out (401), or, when this instance still holds the keeper's farm in memory too (its
    // notices missed), the deletion finds no account (404); either way the cookie is cleared.
    const second = await del();
    expect([401, 404]).toContain(second.statusCode);
    expect(String(second.headers["set-cookie"])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    expect(await rowsWithUserId(keeper.user.id)).toEqual({});
    // The stale cached session was forgotten with it: the old cookie is now simply signed out.
    expect((await del()).statusCode).toBe(401);
  });

  it("deleting an account that is already gone is a 404 from the service as well", async () => {
    const keeper = await buildUser(t);
    const k = (await resolveKeeper(t.db, keeper.user))!;
    await deleteAccount(t.db, k, keeper.user.email!);
    await expect(deleteAccount(t.db, k, keeper.user.email!)).rejects.toMatchObject({
      statusCode: 404,
      message: "Account not found",
    });
  });
});

describe("POST /api/account/import refuses bad files and writes nothing", () => {
  let valid: Record<string, unknown> & {
    tables: Record<string, Record<string, unknown>[]>;
    counts: Record<string, number>;
  };
  let otherHenId: string;
  beforeAll(async () => {
    const source = await buildUser(t);
    await seedKeeper(source, "Source");
    valid = (await getExport(source)).doc;
    const other = await buildUser(t);
    otherHenId = (await seedKeeper(other, "Other")).hen.id;
  });

  const expectRefused = async (
    payload: unknown,
    status: number,
    opts: { raw?: string | Buffer; contentType?: string } = {},
  ) => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({
      method: "POST",
      url: "/api/account/import",
      ...(opts.raw !== undefined
        ? { payload: opts.raw, headers: { "content-type": opts.contentType ?? "application/json" } }
        : { payload: payload as object }),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    expect(res.json().message).toBeTruthy();
    expect(await rowsWithUserId(keeper.user.id)).toEqual({ sessions: 1 });
    return res.json();
  };
  const copy = () => structuredClone(valid);

  it("a file from a newer schema version", async () => {
    const body = await expectRefused({ ...copy(), schemaVersion: 99 }, 400);
    expect(body.code).toBe("UNSUPPORTED_SCHEMA_VERSION");
    expect(body.message).toMatch(/newer version/);
  });

  it("a truncated file", async () => {
    const text = JSON.stringify(valid);
    await expectRefused(null, 400, { raw: text.slice(0, Math.floor(text.length * 0.6)) });
  });

  it("a file whose arrays were cut short but still parse", async () => {
    const doc = copy();
    doc.tables.eggRecords!.pop();
    const body = await expectRefused(doc, 400);
    expect(body.message).toMatch(/eggRecords.*incomplete/);
  });

  it("a file that points at another keeper's bird", async () => {
    const doc = copy();
    doc.tables.eggRecords![0]!.chickenId = otherHenId;
    const body = await expectRefused(doc, 400);
    expect(body.message).toMatch(/not in the file/);
    const [stillTheirs] = await t.db.select().from(chickens).where(eq(chickens.id, otherHenId));
    expect(stillTheirs).toBeDefined();
  });

  it("a file that carries user ids", async () => {
    const doc = copy();
    doc.tables.chickens![0]!.userId = "00000000-0000-4000-8000-000000000001";
    await expectRefused(doc, 400);
  });

  it("a row with a wrongly typed value, and an unknown record type", async () => {
    const doc = copy();
    doc.tables.eggRecords![1]!.eggsLaid = "lots";
    expect((await expectRefused(doc, 400)).message).toMatch(/eggRecords\[1\]\.eggsLaid/);
    const unknown = copy();
    unknown.tables.dragons = [];
    unknown.counts.dragons = 0;
    await expectRefused(unknown, 400);
  });

  it("a value the database refuses, after earlier rows were written, rolls everything back", async () => {
    // Two searches for the same term break a unique index; recent searches are written last.
    const doc = copy();
    const dup = { ...doc.tables.recentSearches![0]!, id: "00000000-0000-4000-8000-0000000000aa" };
    doc.tables.recentSearches!.push(dup);
    doc.counts.recentSearches = doc.tables.recentSearches!.length;
    await expectRefused(doc, 400);
    const settings = copy();
    settings.tables.settings![0]!.temperatureUnit = "K";
    await expectRefused(settings, 400);
  });

  it("JSON that is not an export, and 100 MB of junk", async () => {
    await expectRefused({ hello: "world" }, 400);
    await expectRefused([1, 2, 3], 400);
    await expectRefused(null, 413, { raw: Buffer.alloc(100 * 1024 * 1024, 0x61) });
    await expectRefused(null, 400, { raw: Buffer.alloc(1024 * 1024, 0x61) });
  });
});

describe("account sessions", () => {
  it("lists the keeper's live sessions and signs out everywhere", async () => {
    const keeper = await buildUser(t);
    const second = await createSession(
      t.db,
      keeper.user.id,
      "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36",
      t.app.sessionPolicy,
    );
    const secondCookie = `${SESSION_COOKIE}=${second.token}`;
    const list = await keeper.inject({ method: "GET", url: "/api/account/sessions" });
    expect(list.statusCode).toBe(200);
    const items = list.json();
    expect(items).toHaveLength(2);
    expect(items.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(items.map((s: { device: string }) => s.device)).toContain("Chrome on Android");
    expect(JSON.stringify(items)).not.toContain(second.token);

    const stranger = await buildUser(t);
    expect(
      (await stranger.inject({ method: "GET", url: "/api/account/sessions" })).json(),
    ).toHaveLength(1);

    // Both cookies work, then neither does (the session cache forgets them at once).
    const me = (cookie: string) =>
      t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect((await me(secondCookie)).statusCode).toBe(200);
    expect((await me(keeper.cookie)).statusCode).toBe(200);
    const out = await keeper.inject({
      method: "POST",
      url: "/api/account/sessions/sign-out-everywhere",
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ended: 2 });
    expect(String(out.headers["set-cookie"])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    expect((await me(secondCookie)).statusCode).toBe(401);
    expect((await me(keeper.cookie)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, keeper.user.id))).toEqual(
      [],
    );
    expect((await me(stranger.cookie)).statusCode).toBe(200);
    // The keeper's records are untouched by signing out.
    expect(
      await t.db.select().from(imageOwners).where(eq(imageOwners.farmId, keeper.user.id)),
    ).toEqual([]);
  });
});
