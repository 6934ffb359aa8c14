import { eq } from "drizzle-orm";
import { INVALID_DATE_MESSAGE } from "@flockkeeper/shared/schemas/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weightRecords } from "../../db/schema/index";
import { buildUser, createTestApp, expectPrivate, type TestApp } from "../../test/helpers";
import { buildChicken, today } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const rowsOf = (userId: string) =>
  t.db.select().from(weightRecords).where(eq(weightRecords.farmId, userId));

describe("POST /api/weight-records", () => {
  it("adds a weigh-in (body condition defaults to normal) and lists it as recent", async () => {
    const keeper = await buildUser(t);
    const hen = await buildChicken(t, keeper, { name: "Pearl" });
    const res = await keeper.inject({
      method: "POST",
      url: "/api/weight-records",
      payload: { chickenId: hen, date: today, weight: "5.5" },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      chickenName: "Pearl",
      weight: 5.5,
      bodyCondition: "normal",
    });
    const recent = await keeper.inject({ method: "GET", url: "/api/weight-records/recent?days=7" });
    expect(recent.json()).toHaveLength(1);
  });

  it.each([
    [{ chickenId: undefined }, "Chicken is required"],
    [{ date: undefined }, "Date is required"],
    [{ weight: undefined }, "Weight is required"],
    [{ weight: "" }, "Weight is required"],
    [{ weight: -3 }, "Weight must be more than 0"],
    [{ weight: 500 }, "Weight must be at most 100 lbs"],
    [{ bodyCondition: "chunky" }, "Body condition must be underweight, normal or overweight"],
    [{ date: "2999-01-01" }, "Date cannot be in the future"],
    [{ date: "last tuesday" }, INVALID_DATE_MESSAGE],
    [{ weight: "heavy" }, "Must be a number"],
  ])("refuses %o with '%s' and writes nothing", async (change, message) => {
    const keeper = await buildUser(t);
    const hen = await buildChicken(t, keeper);
    const res = await keeper.inject({
      method: "POST",
      url: "/api/weight-records",
      payload: { chickenId: hen, date: today, weight: 5, bodyCondition: "normal", ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION_ERROR", message });
    expect(await rowsOf(keeper.user.id)).toHaveLength(0);
  });

  it("answers 404 for another keeper's bird and writes nothing; 401 signed out", async () => {
    const owner = await buildUser(t);
    const hen = await buildChicken(t, owner);
    const payload = { chickenId: hen, date: today, weight: 5 };
    await expectPrivate(t, { method: "POST", url: "/api/weight-records", payload });
    // Nothing written for that bird under anyone's account.
    expect(
      await t.db.select().from(weightRecords).where(eq(weightRecords.chickenId, hen)),
    ).toHaveLength(0);
    await expectPrivate(t, { method: "GET", url: "/api/weight-records/recent" }, { list: true });
  });
});
