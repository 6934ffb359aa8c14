import { eq } from "drizzle-orm";
import { addDaysIso, todayIso } from "@flockkeeper/shared/schemas/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hatchRecords } from "../../db/schema/index";
import {
  buildUser,
  createTestApp,
  expectPrivate,
  type TestApp,
  type TestUser,
} from "../../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const today = todayIso(new Date());
const start = addDaysIso(today, -5);

async function startHatch(keeper: TestUser, body: Record<string, unknown> = {}) {
  const res = await keeper.inject({
    method: "POST",
    url: "/api/hatch-records",
    payload: { eggSource: "Own flock", species: "chicken", incubationStartDate: start, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const rowsOf = async (userId: string) =>
  t.db.select().from(hatchRecords).where(eq(hatchRecords.farmId, userId));

describe("hatch records", () => {
  it("starts an incubation with the spec's defaults and computes the expected hatch date", async () => {
    const keeper = await buildUser(t);
    const created = await startHatch(keeper, {
      userId: "whatever",
      expectedHatchDate: "1999-01-01",
    });
    expect(created).toMatchObject({
      farmId: keeper.user.id,
      createdBy: keeper.user.id,
      eggSource: "Own flock",
      species: "chicken",
      incubationMethod: "incubator",
      turnedDaily: true,
      incubationStartDate: start,
      expectedHatchDate: addDaysIso(start, 21),
      success: null,
      actualHatchDate: null,
    });
    const active = await keeper.inject({ url: "/api/hatch-records/active" });
    expect(active.json()).toEqual([created]);
  });

  it.each([
    ["chicken", 21],
    ["duck", 28],
    ["goose", 30],
    ["turkey", 28],
    ["guinea_fowl", 26],
    ["quail", 17],
  ])("uses %s incubation of %i days", async (species, days) => {
    const keeper = await buildUser(t);
    const created = await startHatch(keeper, { species, incubationStartDate: "2024-01-01" });
    expect(created.expectedHatchDate).toBe(addDaysIso("2024-01-01", days));
  });

  it("keeps every optional field, and turnedDaily 0/1", async () => {
    const keeper = await buildUser(t);
    const created = await startHatch(keeper, {
      species: "duck",
      breed: "Khaki Campbell",
      incubationMethod: "broody_hen",
      temperature: "99.5",
      humidity: 55,
      turnedDaily: 0,
      eggsSet: 12,
      notes: "Under Matilda",
    });
    expect(created).toMatchObject({
      breed: "Khaki Campbell",
      incubationMethod: "broody_hen",
      temperature: 99.5,
      humidity: 55,
      turnedDaily: false,
      eggsSet: 12,
      notes: "Under Matilda",
    });
  });

  it.each([
    [{ eggSource: "", species: "chicken", incubationStartDate: start }, "Egg source is required"],
    [{ species: "chicken", incubationStartDate: start }, "Egg source is required"],
    [{ eggSource: "Farm", species: "", incubationStartDate: start }, "Species is required"],
    [{ eggSource: "Farm", incubationStartDate: start }, "Species is required"],
    [
      { eggSource: "Farm", species: "emu", incubationStartDate: start },
      "Species must be one of chicken, duck, goose, turkey, guinea_fowl, quail",
    ],
    [
      { eggSource: "Farm", species: "chicken", incubationStartDate: "" },
      "Incubation start date is required",
    ],
    [{ eggSource: "Farm", species: "chicken" }, "Incubation start date is required"],
    [
      { eggSource: "Farm", species: "chicken", incubationStartDate: "2024-13-01" },
      "Date must be a valid date (YYYY-MM-DD)",
    ],
    [
      { eggSource: "Farm", species: "chicken", incubationStartDate: addDaysIso(today, 5) },
      "Date cannot be in the future",
    ],
    [
      {
        eggSource: "Farm",
        species: "chicken",
        incubationStartDate: start,
        incubationMethod: "oven",
      },
      "Method must be incubator, broody_hen or natural",
    ],
    [
      { eggSource: "Farm", species: "chicken", incubationStartDate: start, humidity: 55.5 },
      "Humidity must be a whole number",
    ],
    [
      { eggSource: "Farm", species: "chicken", incubationStartDate: start, temperature: "hot" },
      "Temperature must be a number",
    ],
  ])("refuses %j with '%s' and writes nothing", async (body, message) => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({ method: "POST", url: "/api/hatch-records", payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await rowsOf(keeper.user.id)).toHaveLength(0);
  });

  it("marks a hatch hatched (actualHatchDate now, how many hatched) and it leaves the active list", async () => {
    const keeper = await buildUser(t);
    const created = await startHatch(keeper, { eggsSet: 10 });
    const before = Date.now();
    const res = await keeper.inject({
      method: "PATCH",
      url: `/api/hatch-records/${created.id}/mark-success`,
      payload: { success: true, eggsHatched: 8 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, eggsHatched: 8 });
    expect(new Date(res.json().actualHatchDate).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await keeper.inject({ url: "/api/hatch-records/active" })).json()).toEqual([]);
    expect((await keeper.inject({ url: "/api/hatch-records" })).json()).toHaveLength(1);
    const again = await keeper.inject({
      method: "PATCH",
      url: `/api/hatch-records/${created.id}/mark-success`,
      payload: { success: false },
    });
    expect(again.statusCode).toBe(409);
  });

  it("marks a hatch failed without a hatch date", async () => {
    const keeper = await buildUser(t);
    const created = await startHatch(keeper);
    const res = await keeper.inject({
      method: "PATCH",
      url: `/api/hatch-records/${created.id}/mark-success`,
      payload: { success: false, actualHatchDate: today },
    });
    expect(res.json()).toMatchObject({ success: false, actualHatchDate: null });
  });

  it("refuses more hatched than set, and a bad outcome", async () => {
    const keeper = await buildUser(t);
    const created = await startHatch(keeper, { eggsSet: 6 });
    const url = `/api/hatch-records/${created.id}/mark-success`;
    const tooMany = await keeper.inject({
      method: "PATCH",
      url,
      payload: { success: true, eggsHatched: 7 },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe("Eggs hatched cannot be more than the 6 eggs set");
    const bad = await keeper.inject({ method: "PATCH", url, payload: { success: "maybe" } });
    expect(bad.statusCode).toBe(400);
    const future = await keeper.inject({
      method: "PATCH",
      url,
      payload: { success: true, actualHatchDate: addDaysIso(today, 9) },
    });
    expect(future.statusCode).toBe(400);
    const [row] = await rowsOf(keeper.user.id);
    expect(row?.success).toBeNull();
    const badId = await keeper.inject({
      method: "PATCH",
      url: "/api/hatch-records/42/mark-success",
      payload: { success: true },
    });
    expect(badId.statusCode).toBe(400);
  });

  it("keeps each keeper's hatches private", async () => {
    const owner = await buildUser(t);
    const created = await startHatch(owner);
    await expectPrivate(t, { method: "GET", url: "/api/hatch-records/active" }, { list: true });
    await expectPrivate(t, { method: "GET", url: "/api/hatch-records" }, { list: true });
    await expectPrivate(t, {
      method: "PATCH",
      url: `/api/hatch-records/${created.id}/mark-success`,
      payload: { success: true },
    });
    const signedOut = await t.app.inject({
      method: "POST",
      url: "/api/hatch-records",
      payload: { eggSource: "x", species: "chicken", incubationStartDate: start },
    });
    expect(signedOut.statusCode).toBe(401);
    const [row] = await rowsOf(owner.user.id);
    expect(row?.success).toBeNull();
  });
});
