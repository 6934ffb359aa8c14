import { describe, expect, it } from "vitest";
import {
  formatTemperature,
  formatWeight,
  readLocalUnits,
  temperatureTextToFahrenheit,
  temperatureToFahrenheit,
  weightFieldText,
  weightIn,
  weightTextToLbs,
  weightToLbs,
  writeLocalUnits,
} from "./units";

describe("units", () => {
  it("shows stored °F and lbs in the keeper's units", () => {
    expect(formatTemperature(212, "C")).toBe("100 °C");
    expect(formatTemperature(70, "F")).toBe("70 °F");
    expect(formatWeight(10, "kg")).toBe("4.5 kg");
    expect(formatWeight(6.5, "lbs")).toBe("6.5 lbs");
  });

  it("turns typed values back into the stored units", () => {
    expect(temperatureToFahrenheit(0, "C")).toBe(32);
    expect(weightToLbs(1, "kg")).toBeCloseTo(2.2046, 3);
    expect(weightToLbs(3, "lbs")).toBe(3);
  });

  it("falls back to °F and lbs for a missing or damaged local value, and remembers a choice", () => {
    expect(readLocalUnits(null)).toEqual({ temperatureUnit: "F", weightUnit: "lbs" });
    expect(readLocalUnits("{not json")).toEqual({ temperatureUnit: "F", weightUnit: "lbs" });
    expect(readLocalUnits('{"temperatureUnit":"K","weightUnit":"kg"}')).toEqual({
      temperatureUnit: "F",
      weightUnit: "kg",
    });
    writeLocalUnits({ temperatureUnit: "C", weightUnit: "kg" });
    expect(readLocalUnits()).toEqual({ temperatureUnit: "C", weightUnit: "kg" });
  });
});

describe("unit-aware form fields", () => {
  it("turns typed kg and °C into the lbs and °F the API stores, leaving bad text to validation", () => {
    expect(weightTextToLbs("2", "kg")).toBe("4.4092");
    expect(weightTextToLbs("2", "lbs")).toBe("2");
    expect(weightTextToLbs("", "kg")).toBe("");
    expect(weightTextToLbs("heavy", "kg")).toBe("heavy");
    expect(temperatureTextToFahrenheit("37.5", "C")).toBe("99.5");
    expect(temperatureTextToFahrenheit(" ", "C")).toBe(" ");
    expect(temperatureTextToFahrenheit("99.5", "F")).toBe("99.5");
    expect(weightFieldText(5.5, "kg")).toBe("2.49");
    expect(weightFieldText(5.5, "lbs")).toBe("5.5");
    expect(weightFieldText(null, "kg")).toBe("");
    expect(weightIn(10, "kg")).toBe(4.54);
    expect(weightIn(10, "lbs")).toBe(10);
  });
});
