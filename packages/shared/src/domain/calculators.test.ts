import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CONSUMPTION_OPTIONS,
  COOP_TABLE,
  HOUSING_TYPES,
  LAYING_RATES,
  MAX_CALCULATOR_INPUT,
  NO_PERCHES_MESSAGE,
  coopSpace,
  coopSpeciesFor,
  eggProduction,
  feedCost,
  formatEggs,
  formatMoney,
  formatQuantity,
  toBirdCount,
  toNumberOrZero,
} from "./calculators";

describe("toNumberOrZero", () => {
  it.each([
    ["", 0],
    ["   ", 0],
    ["abc", 0],
    ["12abc", 0],
    ["NaN", 0],
    ["Infinity", 0],
    ["-5", 0],
    [null, 0],
    [undefined, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [-1, 0],
    ["20", 20],
    [" 0.25 ", 0.25],
    [3.5, 3.5],
    ["1e12", 1e9],
    [1e300, 1e9],
  ] as const)("%j -> %d", (input, expected) => {
    expect(toNumberOrZero(input)).toBe(expected);
  });

  it("always returns a finite number between 0 and the cap", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.constant(null)), (input) => {
        const n = toNumberOrZero(input);
        return Number.isFinite(n) && n >= 0 && n <= MAX_CALCULATOR_INPUT;
      }),
    );
  });

  it("counts whole birds", () => {
    expect(toBirdCount("10.9")).toBe(10);
    expect(toBirdCount("x")).toBe(0);
  });
});

describe("formatting", () => {
  it("shows eggs with 0 decimals and money with 2", () => {
    expect(formatEggs(7)).toBe("7");
    expect(formatEggs(2555)).toBe("2,555");
    expect(formatEggs(3.5)).toBe("4");
    expect(formatMoney(2.1)).toBe("$2.10");
    expect(formatMoney(1)).toBe("$1.00");
    expect(formatMoney(766.5)).toBe("$766.50");
    expect(formatQuantity(2.5)).toBe("2.5");
    expect(formatQuantity(912.5, 0)).toBe("913");
  });
});

describe("feedCost", () => {
  it("offers the spec consumption options", () => {
    expect(CONSUMPTION_OPTIONS.map((o) => o.value)).toEqual([0.15, 0.25, 0.35, 0.45]);
  });

  it("10 birds, $20 bag, 0.25 lb -> $1.00 a day, $30.00 a month, $365.00 a year", () => {
    const r = feedCost({ birds: "10", feedPrice: "20", consumption: "0.25" });
    expect(r.pricePerLb).toBeCloseTo(0.4, 10);
    expect(r.dailyCost).toBeCloseTo(1, 10);
    expect(r.monthlyCost).toBeCloseTo(30, 10);
    expect(r.yearlyCost).toBeCloseTo(365, 10);
    expect(formatMoney(r.dailyCost)).toBe("$1.00");
    expect(formatMoney(r.monthlyCost)).toBe("$30.00");
    expect(formatMoney(r.yearlyCost)).toBe("$365.00");
    expect(r.dailyFeedLbs).toBe(2.5);
    expect(r.monthlyFeedLbs).toBe(75);
    expect(r.yearlyFeedLbs).toBe(912.5);
  });

  it("uses the chosen consumption (meat birds 0.45)", () => {
    const r = feedCost({ birds: 20, feedPrice: 25, consumption: 0.45 });
    expect(r.dailyCost).toBeCloseTo(4.5, 10); // 20 x 0.45 x 0.5
    expect(r.dailyFeedLbs).toBeCloseTo(9, 10);
  });

  it("falls back to 0.25 lb when consumption is 0 or invalid", () => {
    for (const consumption of ["", "0", "abc", -1, null]) {
      const r = feedCost({ birds: 10, feedPrice: 20, consumption });
      expect(r.consumption).toBe(0.25);
      expect(r.dailyCost).toBeCloseTo(1, 10);
    }
  });

  it("treats empty birds or price as 0", () => {
    expect(feedCost({ birds: "", feedPrice: 20, consumption: 0.25 }).yearlyCost).toBe(0);
    expect(feedCost({ birds: 10, feedPrice: "", consumption: 0.25 }).yearlyCost).toBe(0);
    expect(feedCost({ birds: 10, feedPrice: "", consumption: 0.25 }).dailyFeedLbs).toBe(2.5);
  });

  it("never returns NaN or Infinity", () => {
    const r = feedCost({ birds: "1e308", feedPrice: "1e308", consumption: "1e308" });
    for (const value of Object.values(r)) expect(Number.isFinite(value)).toBe(true);
  });
});

describe("eggProduction", () => {
  it("offers the spec laying rates", () => {
    expect(LAYING_RATES.map((o) => o.value)).toEqual([50, 70, 85, 95]);
  });

  it("10 hens at 70% -> 7/day, 49/week, 210/month, 2555/year, $2.10/day at $0.30", () => {
    const r = eggProduction({ hens: "10", layingRate: "70", eggPrice: "0.30" });
    expect(r.daily).toBeCloseTo(7, 10);
    expect(r.weekly).toBeCloseTo(49, 10);
    expect(r.monthly).toBeCloseTo(210, 10);
    expect(r.yearly).toBeCloseTo(2555, 10);
    expect(formatEggs(r.yearly)).toBe("2,555");
    expect(formatMoney(r.dailyValue)).toBe("$2.10");
    expect(formatMoney(r.weeklyValue)).toBe("$14.70");
    expect(formatMoney(r.monthlyValue)).toBe("$63.00");
    expect(formatMoney(r.yearlyValue)).toBe("$766.50");
  });

  it("falls back to 70% and $0.30 when rate or price is 0 or invalid", () => {
    const r = eggProduction({ hens: 10, layingRate: "0", eggPrice: "abc" });
    expect(r.layingRate).toBe(70);
    expect(r.eggPrice).toBe(0.3);
    expect(r.daily).toBeCloseTo(7, 10);
    expect(r.dailyValue).toBeCloseTo(2.1, 10);
    expect(eggProduction({ hens: 10, layingRate: "", eggPrice: 0 }).eggPrice).toBe(0.3);
  });

  it("uses other rates and prices", () => {
    const r = eggProduction({ hens: 6, layingRate: 85, eggPrice: 0.5 });
    expect(r.daily).toBeCloseTo(5.1, 10);
    expect(formatEggs(r.daily)).toBe("5");
    expect(formatMoney(r.dailyValue)).toBe("$2.55");
  });

  it("caps the laying rate at 100% and treats empty hens as 0", () => {
    expect(eggProduction({ hens: 4, layingRate: 250, eggPrice: 1 }).daily).toBe(4);
    expect(eggProduction({ hens: "", layingRate: 70, eggPrice: 1 }).yearly).toBe(0);
  });
});

describe("coopSpace", () => {
  it("has the spec table and multipliers", () => {
    const rows = Object.entries(COOP_TABLE).map(([k, r]) => [
      k,
      r.coopSqFt,
      r.runSqFt,
      r.birdsPerNestBox,
      r.perches,
    ]);
    expect(rows).toEqual([
      ["chickens", 4, 10, 4, true],
      ["ducks", 6, 20, 6, false],
      ["geese", 15, 50, 3, false],
      ["turkeys", 8, 25, 5, true],
      ["guinea_fowl", 3, 15, 8, true],
      ["quail", 1, 2, 12, false],
      ["peacocks", 200, 1000, 2, true],
      ["emus", 0, 2000, 1, false],
      ["ostriches", 0, 4000, 1, false],
    ]);
    expect(HOUSING_TYPES.compact.multiplier).toBe(0.75);
    expect(HOUSING_TYPES.basic.multiplier).toBe(1);
    expect(HOUSING_TYPES.premium.multiplier).toBe(1.5);
  });

  it("10 chickens basic -> 40 sq ft coop, 100 run, 3 nest boxes, 8 ft roost", () => {
    const r = coopSpace({ birds: "10", coopType: "basic", species: "chickens" });
    expect(r).toMatchObject({
      coopSqFt: 40,
      runSqFt: 100,
      nestBoxes: 3,
      perches: true,
      roostingFeet: 8,
      roostingText: "8 ft",
    });
  });

  it("applies the housing multiplier to coop and run, not to nests or roosts", () => {
    const compact = coopSpace({ birds: 10, coopType: "compact", species: "chickens" });
    expect(compact).toMatchObject({ coopSqFt: 30, runSqFt: 75, nestBoxes: 3, roostingFeet: 8 });
    const premium = coopSpace({ birds: 10, coopType: "premium", species: "chickens" });
    expect(premium).toMatchObject({ coopSqFt: 60, runSqFt: 150, nestBoxes: 3, roostingFeet: 8 });
  });

  it("rounds fractional areas up", () => {
    // 5 guinea fowl compact: 5 x 3 x 0.75 = 11.25 -> 12; run 5 x 15 x 0.75 = 56.25 -> 57
    expect(coopSpace({ birds: 5, coopType: "compact", species: "guinea_fowl" })).toMatchObject({
      coopSqFt: 12,
      runSqFt: 57,
      nestBoxes: 1,
      roostingFeet: 4,
    });
  });

  it("quail -> ground-dwelling message", () => {
    const r = coopSpace({ birds: 24, coopType: "basic", species: "quail" });
    expect(r).toMatchObject({ coopSqFt: 24, runSqFt: 48, nestBoxes: 2, roostingFeet: null });
    expect(r.roostingText).toBe("Ground-dwelling species - no perches needed");
    expect(r.roostingText).toBe(NO_PERCHES_MESSAGE);
  });

  it("handles ratites with no coop area", () => {
    expect(coopSpace({ birds: 3, coopType: "basic", species: "ostriches" })).toMatchObject({
      coopSqFt: 0,
      runSqFt: 12000,
      nestBoxes: 3,
      roostingFeet: null,
    });
  });

  it("defaults to chickens and basic housing; empty birds give zeros", () => {
    expect(coopSpace({ birds: 10, coopType: "palace", species: "dragons" })).toMatchObject({
      species: "chickens",
      coopType: "basic",
      coopSqFt: 40,
    });
    expect(coopSpace({ birds: "", species: "chickens" })).toMatchObject({
      coopSqFt: 0,
      runSqFt: 0,
      nestBoxes: 0,
      roostingFeet: 0,
    });
  });

  it("maps tracked species onto calculator species", () => {
    expect(coopSpeciesFor("goose")).toBe("geese");
    expect(coopSpeciesFor("guinea_fowl")).toBe("guinea_fowl");
  });
});
