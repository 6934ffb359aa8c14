import { eq } from "drizzle-orm";
import { INVALID_DATE_MESSAGE } from "@flockkeeper/shared/schemas/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { environmentalRecords } from "../../db/schema/index";
import { buildUser, createTestApp, expectPrivate, type TestApp } from "../../test/helpers";
import { today } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const rowsOf = (userId: string) =>
  t.db.select().from(environmentalRecords).where(eq(environmentalRecords.farmId, userId));

describe("POST /api/environmental-records", () => {
  it("adds a reading with only a date, or with every field", async () => {
    const keeper = await buildUser(t);
    const bare = await keeper.inject({
      method: "POST",
      url: "/api/environmental-records",
      payload: { date: today },
    });
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json()).toMatchObject({ temperature: null, humidity: null, weather: null });
    const full = await keeper.inject({
      method: "POST",
      url: "/api/environmental-records",
      payload: {
        date: today,
        temperature: "71.5",
        humidity: "55",
        weather: "sunny",
        coopCondition: "needs_maintenance",
        ventilation: "good",
        lighting: "mixed",
        notes: "Fine day",
      },
    });
    expect(full.statusCode, full.body).toBe(201);
    expect(full.json()).toMatchObject({ temperature: 71.5, humidity: 55, lighting: "mixed" });
    const recent = await keeper.inject({ method: "GET", url: "/api/environmental-records/recent" });
    expect(recent.json()).toHaveLength(2);
  });

  it.each([
    [{ date: undefined }, "Date is required"],
    [{ date: "31/12/2023" }, INVALID_DATE_MESSAGE],
    [{ humidity: 140 }, "Humidity must be a whole number from 0 to 100"],
    [{ humidity: 50.5 }, "Humidity must be a whole number from 0 to 100"],
    [{ temperature: 400 }, "Temperature must be between -80 and 150 °F"],
    [{ weather: "snowy" }, "Weather must be sunny, rainy, cloudy, windy or stormy"],
    [{ coopCondition: "sparkling" }, "Coop condition must be clean, dirty or needs_maintenance"],
    [{ ventilation: "none" }, "Ventilation must be poor, good or excellent"],
    [{ lighting: "candles" }, "Lighting must be natural, artificial or mixed"],
  ])("refuses %o with '%s' and writes nothing", async (change, message) => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({
      method: "POST",
      url: "/api/environmental-records",
      payload: { date: today, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION_ERROR", message });
    expect(await rowsOf(keeper.user.id)).toHaveLength(0);
  });

  it("is private", async () => {
    const out = await t.app.inject({
      method: "POST",
      url: "/api/environmental-records",
      payload: { date: today },
    });
    expect(out.statusCode).toBe(401);
    const owner = await buildUser(t);
    await owner.inject({
      method: "POST",
      url: "/api/environmental-records",
      payload: { date: today },
    });
    await expectPrivate(
      t,
      { method: "GET", url: "/api/environmental-records/recent" },
      { list: true },
    );
  });
});
