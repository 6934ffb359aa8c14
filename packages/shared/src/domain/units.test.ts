import { describe, expect, it } from "vitest";
import {
  cToF,
  defaultText,
  fToC,
  formatQuantity,
  kgToLbs,
  kmhToMph,
  lbsToKg,
  mmToInches,
  mphToKmh,
  renderUnitText,
  unitText,
} from "./units";

const metric = { temperatureUnit: "C", weightUnit: "kg" } as const;
const imperial = { temperatureUnit: "F", weightUnit: "lbs" } as const;

describe("conversions", () => {
  it("converts temperatures, weights, wind and rain", () => {
    expect(fToC(32)).toBe(0);
    expect(fToC(212)).toBe(100);
    expect(fToC(-40)).toBe(-40);
    expect(cToF(37)).toBeCloseTo(98.6, 10);
    expect(cToF(fToC(85))).toBeCloseTo(85, 10);
    expect(lbsToKg(1)).toBe(0.45359237);
    expect(kgToLbs(lbsToKg(6.5))).toBeCloseTo(6.5, 10);
    expect(mphToKmh(25)).toBeCloseTo(40.2336, 10);
    expect(kmhToMph(mphToKmh(12))).toBeCloseTo(12, 10);
    expect(mmToInches(25.4)).toBe(1);
  });
});

describe("quantities in messages", () => {
  it("reads the same as the spec's texts in the default units", () => {
    const msg = unitText("It is {t}. Wind is {w}.", {
      t: { value: 20, unit: "°F" },
      w: { value: 30.4, unit: "mph" },
    });
    expect(defaultText(msg)).toBe("It is 20°F. Wind is 30 mph.");
    expect(renderUnitText(msg, imperial, "en-US")).toBe("It is 20°F. Wind is 30 mph.");
  });

  it("formats temperatures, ranges, differences, wind and weights in metric", () => {
    const f = (q: Parameters<typeof formatQuantity>[0]) => formatQuantity(q, metric, "en-US");
    expect(f({ value: 20, unit: "°F" })).toBe("-7°C");
    expect(f({ value: 85, unit: "°F" })).toBe("29°C");
    expect(f({ value: -4, unit: "°F" })).toBe("-20°C");
    expect(f({ value: 65, to: 75, unit: "°F" })).toBe("18-24°C");
    expect(f({ value: 90, to: 95, unit: "°F" })).toBe("32-35°C");
    expect(f({ value: 5, unit: "°F", difference: true })).toBe("3°C");
    expect(f({ value: 30, unit: "mph" })).toBe("48 km/h");
    expect(f({ value: 6, unit: "lbs" })).toBe("2.7 kg");
    expect(f({ value: 6, to: 8, unit: "lbs" })).toBe("2.7-3.6 kg");
    expect(f({ value: 25.4, unit: "mm" })).toBe("25.4 mm");
    expect(formatQuantity({ value: 25.4, unit: "mm" }, imperial, "en-US")).toBe("1 in");
    expect(formatQuantity({ value: 5.5, unit: "lbs" }, imperial, "en-US")).toBe("5.5 lbs");
    // A reading just below freezing never shows as "-0".
    expect(f({ value: 31.9, unit: "°F" })).toBe("0°C");
  });

  it("uses the reader's locale for the digits", () => {
    expect(formatQuantity({ value: 5.5, unit: "lbs" }, imperial, "de-DE")).toBe("5,5 lbs");
  });

  it("leaves a placeholder without a parameter as it is", () => {
    expect(defaultText(unitText("Humidity is 85% {x}."))).toBe("Humidity is 85% {x}.");
  });
});
