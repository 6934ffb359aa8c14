import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chickens, eggRecords } from "../../db/schema/index";
import {
  buildUser,
  createTestApp,
  expectPrivate,
  type TestApp,
  type TestUser,
} from "../../test/helpers";
import { postChicken } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const hen = { name: "Henrietta", breed: "Rhode Island Red", sex: "hen" };

const addBird = (keeper: TestUser, body: Record<string, unknown> = hen) =>
  postChicken(keeper, body);

const rowsOf = async (userId: string) =>
  t.db.select().from(chickens).where(eq(chickens.farmId, userId));

describe("birds: /api/chickens", () => {
  it("adds a bird with every field and lists it", async () => {
    const keeper = await buildUser(t);
    const created = await addBird(keeper, {
      name: "Daisy",
      breed: "Pekin",
      color: "White",
      weight: 8.5,
      hatchDate: "2024-03-01",
      sex: "hen",
      notes: "Loves peas",
      species: "duck",
      healthStatus: "monitoring",
      userId: "ignored",
    });
    expect(created).toMatchObject({
      name: "Daisy",
      breed: "Pekin",
      color: "White",
      weight: 8.5,
      hatchDate: "2024-03-01",
      sex: "hen",
      notes: "Loves peas",
      imageUrl: null,
      species: "duck",
      healthStatus: "monitoring",
    });
    const list = await keeper.inject({ url: "/api/chickens" });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([created]);
    const one = await keeper.inject({ url: `/api/chickens/${created.id}` });
    expect(one.json()).toEqual(created);
  });

  it("defaults species to chicken, sex to hen, health to healthy; blanks become null; numeric text is a number", async () => {
    const keeper = await buildUser(t);
    const created = await addBird(keeper, {
      name: " Pip ",
      breed: "Silkie",
      color: "",
      weight: "3.2",
      hatchDate: "",
      notes: "",
    });
    expect(created).toMatchObject({
      name: "Pip",
      species: "chicken",
      sex: "hen",
      healthStatus: "healthy",
      color: null,
      weight: 3.2,
      hatchDate: null,
      notes: null,
    });
  });

  it("accepts female and male from the breed-ID add form", async () => {
    const keeper = await buildUser(t);
    expect((await addBird(keeper, { ...hen, sex: "male" })).sex).toBe("male");
    expect((await addBird(keeper, { ...hen, sex: "female", species: "quail" })).sex).toBe("female");
  });

  it.each([
    [{ breed: "Silkie" }, "Name is required"],
    [{ name: "   ", breed: "Silkie" }, "Name is required"],
    [{ name: "Pip" }, "Breed is required"],
    [{ name: "Pip", breed: "" }, "Breed is required"],
    [{ ...hen, sex: "capon" }, "Sex must be hen, rooster, female or male"],
    [
      { ...hen, species: "emu" },
      "Species must be one of chicken, duck, goose, turkey, guinea_fowl, quail",
    ],
    [{ ...hen, weight: "heavy" }, "Weight must be a number"],
    [{ ...hen, weight: -2 }, "Weight must be more than 0"],
    [{ ...hen, hatchDate: "2999-01-01" }, "Date cannot be in the future"],
    [{ ...hen, hatchDate: "2024-02-30" }, "Date must be a valid date (YYYY-MM-DD)"],
    [
      { ...hen, imageUrl: "https://evil.example/x.jpg" },
      "Photo must be an image uploaded to /api/images",
    ],
    [
      { ...hen, healthStatus: "dead" },
      "Health status must be healthy, sick, recovering or monitoring",
    ],
  ])("refuses %j with '%s' and writes nothing", async (body, message) => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({ method: "POST", url: "/api/chickens", payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await rowsOf(keeper.user.id)).toHaveLength(0);
  });

  it("stores a photo sent as a data URL as an image and keeps only its address", async () => {
    const keeper = await buildUser(t);
    const png = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: "#888" },
    })
      .png()
      .toBuffer();
    const created = await addBird(keeper, {
      ...hen,
      imageUrl: `data:image/png;base64,${png.toString("base64")}`,
    });
    expect(created.imageUrl).toMatch(/^\/api\/images\/[a-f0-9]{64}\.jpg$/);
    // A keeper's photo is served to its owner only (issue 16 item 3).
    const img = await keeper.inject({ url: created.imageUrl! });
    expect(img.statusCode).toBe(200);
    expect((await sharp(img.rawPayload).metadata()).width).toBe(1024);
    expect((await t.app.inject({ url: created.imageUrl! })).statusCode).toBe(404);
  });

  it("refuses a text file sent as a photo, writing nothing", async () => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({
      method: "POST",
      url: "/api/chickens",
      payload: {
        ...hen,
        imageUrl: `data:image/jpeg;base64,${Buffer.from("not an image").toString("base64")}`,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Failed to process image. Please try a different photo.");
    expect(await rowsOf(keeper.user.id)).toHaveLength(0);
  });

  it("updates the fields sent, clears blanks and keeps the rest", async () => {
    const keeper = await buildUser(t);
    const created = await addBird(keeper, { ...hen, color: "Red", weight: 6 });
    const res = await keeper.inject({
      method: "PATCH",
      url: `/api/chickens/${created.id}`,
      payload: { name: "Henny", color: "", healthStatus: "sick" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Henny",
      breed: "Rhode Island Red",
      color: null,
      weight: 6,
      healthStatus: "sick",
    });
    const bad = await keeper.inject({
      method: "PATCH",
      url: `/api/chickens/${created.id}`,
      payload: { name: "" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Name is required");
  });

  it("removes a bird and its egg records", async () => {
    const keeper = await buildUser(t);
    const created = await addBird(keeper);
    await keeper.inject({
      method: "POST",
      url: "/api/egg-records",
      payload: { chickenId: created.id, date: "2024-05-01", eggsLaid: 1 },
    });
    const res = await keeper.inject({ method: "DELETE", url: `/api/chickens/${created.id}` });
    expect(res.statusCode).toBe(204);
    expect(await rowsOf(keeper.user.id)).toHaveLength(0);
    expect(
      await t.db.select().from(eggRecords).where(eq(eggRecords.chickenId, created.id)),
    ).toHaveLength(0);
    expect(
      (await keeper.inject({ method: "DELETE", url: `/api/chickens/${created.id}` })).statusCode,
    ).toBe(404);
  });

  it("answers 400 for an id that is not a uuid", async () => {
    const keeper = await buildUser(t);
    for (const method of ["GET", "PATCH", "DELETE"] as const) {
      const res = await keeper.inject({
        method,
        url: "/api/chickens/12abc",
        payload: method === "PATCH" ? { name: "x" } : undefined,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Invalid id");
    }
  });

  it("refuses a NUL character in any text field with 400 and stores nothing (was a 500)", async () => {
    const keeper = await buildUser(t);
    const bird = await addBird(keeper);
    const post = await keeper.inject({
      method: "POST",
      url: "/api/chickens",
      payload: { ...hen, name: "Hen\u0000rietta" },
    });
    expect(post.statusCode, post.body).toBe(400);
    expect(post.json()).toMatchObject({ code: "INVALID_TEXT" });
    const patch = await keeper.inject({
      method: "PATCH",
      url: `/api/chickens/${bird.id}`,
      payload: { notes: "\u0000" },
    });
    expect(patch.statusCode, patch.body).toBe(400);
    const rows = await rowsOf(keeper.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.notes).toBeNull();
  });

  it("keeps each keeper's birds private (401 signed out, 404 for another keeper)", async () => {
    const owner = await buildUser(t);
    const bird = await addBird(owner);
    await expectPrivate(t, { method: "GET", url: "/api/chickens" }, { list: true });
    await expectPrivate(t, { method: "GET", url: `/api/chickens/${bird.id}` });
    await expectPrivate(t, {
      method: "PATCH",
      url: `/api/chickens/${bird.id}`,
      payload: { name: "Stolen" },
    });
    await expectPrivate(t, { method: "DELETE", url: `/api/chickens/${bird.id}` });
    const signedOutPost = await t.app.inject({
      method: "POST",
      url: "/api/chickens",
      payload: hen,
    });
    expect(signedOutPost.statusCode).toBe(401);
    const [row] = await rowsOf(owner.user.id);
    expect(row?.name).toBe("Henrietta");
  });
});
