import { describe, expect, it } from "vitest";
import {
  type ForecastDay,
  type WeatherSnapshot,
  broodingTemperatureF,
  careRecommendations,
  describeWeatherCode,
  isSevereWeatherCode,
  isStormyDay,
  temperatureBand,
  weatherAlerts,
  weatherCategory,
} from "./weather-alerts";
import { defaultText, renderUnitText } from "./units";

const calmDay: ForecastDay = { day: "Mon", highF: 70, lowF: 50, conditions: "Partly cloudy" };

function snap(overrides: Partial<WeatherSnapshot> = {}): WeatherSnapshot {
  return { temperatureF: 70, humidity: 50, windMph: 5, forecast: [calmDay], ...overrides };
}

function ids(snapshot: WeatherSnapshot): string[] {
  return weatherAlerts(snapshot)
    .map((a) => a.id)
    .sort();
}

describe("weatherAlerts thresholds", () => {
  it("shows only the ideal notice in mild weather", () => {
    const alerts = weatherAlerts(snap());
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ id: "ideal", severity: "info", title: "Ideal conditions" });
  });

  it("freezing below 32°F, not at 32", () => {
    expect(ids(snap({ temperatureF: 31.9 }))).toEqual(["freezing"]);
    expect(ids(snap({ temperatureF: 32 }))).toEqual(["ideal"]);
  });

  it("heat above 85°F, not at 85", () => {
    expect(ids(snap({ temperatureF: 85.1 }))).toEqual(["heat"]);
    expect(ids(snap({ temperatureF: 85 }))).toEqual(["ideal"]);
  });

  it("humidity above 80%, not at 80", () => {
    expect(ids(snap({ humidity: 81 }))).toEqual(["humidity"]);
    expect(ids(snap({ humidity: 80 }))).toEqual(["ideal"]);
  });

  it("wind above 25 mph, not at 25", () => {
    expect(ids(snap({ windMph: 26 }))).toEqual(["ideal", "wind"]);
    expect(ids(snap({ windMph: 25 }))).toEqual(["ideal"]);
  });

  it("forecast low below 25°F, not at 25", () => {
    expect(ids(snap({ forecast: [{ ...calmDay, lowF: 24 }] }))).toEqual(["extreme-cold", "ideal"]);
    expect(ids(snap({ forecast: [{ ...calmDay, lowF: 25 }] }))).toEqual(["ideal"]);
  });

  it("names the cold days and the lowest low", () => {
    const alert = weatherAlerts(
      snap({
        forecast: [
          { ...calmDay, day: "Tue", lowF: 20 },
          { ...calmDay, day: "Wed", lowF: 30 },
          { ...calmDay, day: "Thu", lowF: 12.4 },
        ],
      }),
    ).find((a) => a.id === "extreme-cold");
    expect(alert && defaultText(alert.message)).toContain("12°F");
    expect(alert && defaultText(alert.message)).toContain("Tue, Thu");
    expect(alert && defaultText(alert.message)).not.toContain("Wed");
  });
});

describe("storm alert", () => {
  it("is severe for heavy rain or storms in the forecast, by code, words or rainfall", () => {
    for (const day of [
      { ...calmDay, weatherCode: 95 },
      { ...calmDay, weatherCode: 65 },
      { ...calmDay, conditions: "Thunderstorms likely" },
      { ...calmDay, conditions: "Heavy rain" },
      { ...calmDay, precipitationMm: 30 },
    ]) {
      const alerts = weatherAlerts(snap({ forecast: [day] }));
      expect(alerts[0]).toMatchObject({ id: "storm", severity: "severe" });
    }
  });

  it("is absent for light rain", () => {
    const day = { ...calmDay, conditions: "Light rain", weatherCode: 61, precipitationMm: 4 };
    expect(isStormyDay(day)).toBe(false);
    expect(ids(snap({ forecast: [day] }))).toEqual(["ideal"]);
  });

  it("fires for a current thunderstorm code too", () => {
    expect(ids(snap({ weatherCode: 96 }))).toContain("storm");
  });

  it("orders alerts severe, warning, info", () => {
    const alerts = weatherAlerts(
      snap({ windMph: 40, forecast: [{ ...calmDay, weatherCode: 99, lowF: 10 }] }),
    );
    expect(alerts.map((a) => a.severity)).toEqual(["severe", "warning", "warning", "info"]);
  });
});

describe("combined and odd readings", () => {
  it("freezing plus extreme cold, no ideal", () => {
    expect(ids(snap({ temperatureF: 10, forecast: [{ ...calmDay, lowF: 5 }] }))).toEqual([
      "extreme-cold",
      "freezing",
    ]);
  });

  it("hot and humid", () => {
    const alerts = weatherAlerts(snap({ temperatureF: 95, humidity: 90 }));
    expect(alerts.map((a) => a.id).sort()).toEqual(["heat", "humidity"]);
    expect(defaultText(alerts.find((a) => a.id === "heat")!.message)).toContain("95°F");
  });

  it("ignores missing readings instead of alerting", () => {
    expect(weatherAlerts(snap({ temperatureF: Number.NaN, humidity: Number.NaN }))).toEqual([]);
  });
});

describe("temperatureBand", () => {
  it.each([
    [-10, "freezing"],
    [31.9, "freezing"],
    [32, "cold"],
    [49, "cold"],
    [49.9, "cold"],
    [50, "cool"],
    [69, "cool"],
    [70, "warm"],
    [84, "warm"],
    [85, "hot"],
    [110, "hot"],
    [Number.NaN, "unknown"],
  ])("%d°F -> %s", (f, id) => {
    expect(temperatureBand(f).id).toBe(id);
  });

  it("has a name and colour class", () => {
    expect(temperatureBand(20)).toMatchObject({ name: "Freezing", colorClass: "text-blue-700" });
    expect(temperatureBand(90)).toMatchObject({ name: "Hot", colorClass: "text-red-600" });
  });
});

describe("careRecommendations", () => {
  const recIds = (s: WeatherSnapshot) => careRecommendations(s).map((r) => r.id);

  it("comfort range 65-75°F", () => {
    expect(recIds(snap({ temperatureF: 70 }))).toContain("comfort");
    expect(recIds(snap({ temperatureF: 76 }))).not.toContain("comfort");
  });

  it("layers struggle above 75°F and pant from about 79°F", () => {
    expect(recIds(snap({ temperatureF: 77 }))).toContain("layer-heat");
    expect(recIds(snap({ temperatureF: 77 }))).not.toContain("panting");
    expect(recIds(snap({ temperatureF: 80 }))).toEqual(
      expect.arrayContaining(["layer-heat", "panting"]),
    );
  });

  it("warns that heat above about 91°F (33°C) can kill", () => {
    expect(recIds(snap({ temperatureF: 91 }))).not.toContain("danger-heat");
    const recs = careRecommendations(snap({ temperatureF: 95 }));
    expect(recs.map((r) => r.id)).toEqual(
      expect.arrayContaining(["layer-heat", "panting", "danger-heat"]),
    );
    const danger = recs.find((r) => r.id === "danger-heat")!;
    expect(defaultText(danger.text)).toContain("91°F");
    expect(renderUnitText(danger.text, { temperatureUnit: "C", weightUnit: "kg" })).toContain(
      "33°C",
    );
  });

  it("below freezing: frostbite, water, heat-lamp fire risk, dry draft-free coop", () => {
    const recs = careRecommendations(snap({ temperatureF: 20 }));
    expect(recs.map((r) => r.id)).toEqual(
      expect.arrayContaining(["frostbite", "water", "heat-lamps", "dry-draft-free"]),
    );
    expect(recs.find((r) => r.id === "frostbite")!.text.text).toMatch(/single combs/);
    expect(recs.find((r) => r.id === "heat-lamps")!.text.text).toMatch(/fire/);
  });

  it("humidity, wind and storms", () => {
    const recs = recIds(
      snap({ humidity: 90, windMph: 30, forecast: [{ ...calmDay, weatherCode: 95 }] }),
    );
    expect(recs).toEqual(expect.arrayContaining(["ventilation", "wind", "storm"]));
  });

  it("always includes the chick brooding guide", () => {
    const chicks = careRecommendations(snap()).find((r) => r.id === "chicks");
    expect(defaultText(chicks!.text)).toContain("90-95°F");
  });
});

describe("broodingTemperatureF", () => {
  it("is 90-95°F in week 1 then 5°F lower each week, down to 65-70°F", () => {
    expect(broodingTemperatureF(1)).toEqual({ minF: 90, maxF: 95 });
    expect(broodingTemperatureF(2)).toEqual({ minF: 85, maxF: 90 });
    expect(broodingTemperatureF(4)).toEqual({ minF: 75, maxF: 80 });
    expect(broodingTemperatureF(6)).toEqual({ minF: 65, maxF: 70 });
    expect(broodingTemperatureF(10)).toEqual({ minF: 65, maxF: 70 });
    expect(broodingTemperatureF(0)).toEqual({ minF: 90, maxF: 95 });
  });
});

describe("WMO weather codes", () => {
  it("flags heavy rain, heavy snow and thunderstorms as severe", () => {
    for (const code of [65, 67, 82, 95, 96, 99, 75, 86])
      expect(isSevereWeatherCode(code)).toBe(true);
    for (const code of [0, 1, 2, 3, 45, 61, 63, 71, 80, 81]) {
      expect(isSevereWeatherCode(code)).toBe(false);
    }
    expect(isSevereWeatherCode(null)).toBe(false);
  });

  it("describes codes", () => {
    expect(describeWeatherCode(0)).toBe("Clear sky");
    expect(describeWeatherCode(2)).toBe("Partly cloudy");
    expect(describeWeatherCode(81)).toBe("Rain showers");
    expect(describeWeatherCode(95)).toBe("Thunderstorm");
    expect(describeWeatherCode(42)).toBe("Unknown");
    expect(describeWeatherCode(undefined)).toBe("Unknown");
  });

  it("groups codes into icon categories", () => {
    expect(weatherCategory(0)).toBe("clear");
    expect(weatherCategory(2)).toBe("partly-cloudy");
    expect(weatherCategory(48)).toBe("fog");
    expect(weatherCategory(53)).toBe("drizzle");
    expect(weatherCategory(82)).toBe("rain");
    expect(weatherCategory(86)).toBe("snow");
    expect(weatherCategory(99)).toBe("storm");
    expect(weatherCategory(42)).toBe("unknown");
  });
});
