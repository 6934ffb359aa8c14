import { describe, expect, it } from "vitest";
import {
  formatTemperature,
  formatWeight,
  readLocalUnits,
  temperatureToFahrenheit,
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
