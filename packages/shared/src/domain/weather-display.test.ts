import { describe, expect, it } from "vitest";
import {
  displayPrecipitation,
  displayTemperature,
  displayWind,
  localizeWeatherText,
} from "./weather-display";

describe("weather display units", () => {
  it("converts readings to the chosen units with one decimal", () => {
    expect(displayTemperature(50, "imperial")).toBe(50);
    expect(displayTemperature(50, "metric")).toBe(10);
    expect(displayTemperature(32, "metric")).toBe(0);
    expect(Object.is(displayTemperature(31.99, "metric"), -0)).toBe(false);
    expect(displayTemperature(98.6, "metric")).toBe(37);
    expect(displayWind(10, "imperial")).toBe(10);
    expect(displayWind(10, "metric")).toBe(16.1);
    expect(displayPrecipitation(25.4, "imperial")).toBe(1);
    expect(displayPrecipitation(12.34, "metric")).toBe(12.3);
  });

  it("leaves imperial texts alone", () => {
    const text = "It is 20°F. Wind is 30 mph.";
    expect(localizeWeatherText(text, "imperial")).toBe(text);
  });

  it("rewrites °F figures, ranges, differences and mph for metric", () => {
    expect(localizeWeatherText("It is 20°F. Wind is 30 mph.", "metric")).toBe(
      "It is -7°C. Wind is 48 km/h.",
    );
    expect(localizeWeatherText("65-75°F is the comfort zone", "metric")).toBe(
      "18-24°C is the comfort zone",
    );
    expect(
      localizeWeatherText(
        "Chicks need 90-95°F in their first week, then about 5°F less each week",
        "metric",
      ),
    ).toBe("Chicks need 32-35°C in their first week, then about 3°C less each week");
    expect(localizeWeatherText("Lows down to -4°F forecast", "metric")).toBe(
      "Lows down to -20°C forecast",
    );
    expect(localizeWeatherText("Humidity is 85%.", "metric")).toBe("Humidity is 85%.");
  });
});
