import { unitText, type Quantity, type UnitText } from "./units.ts";

/*
 * Weather rules for the flock: alerts (spec section 9 thresholds, exactly), temperature colour bands,
 * care recommendations (knowledge-sources section 7) and Open-Meteo WMO weather codes. Temperatures
 * are °F, wind mph, humidity %, precipitation mm. Non-finite readings are ignored rather than
 * alerted on. Texts with a temperature or a speed are `UnitText`s: the reader's units fill them in.
 */

/** Message when the forecast provider cannot be reached or answers nonsense. */
export const WEATHER_UNAVAILABLE_MESSAGE = "Weather forecast is unavailable right now";

/** One forecast day. */
export interface ForecastDay {
  /** Display label for the day, e.g. "Mon" or "2024-06-01". */
  day: string;
  highF: number;
  lowF: number;
  conditions: string;
  /** Total precipitation for the day in mm, when the provider gives it. */
  precipitationMm?: number | null;
  /** WMO weather code (Open-Meteo), when known. */
  weatherCode?: number | null;
}

/** Current conditions plus forecast, as used by the alert and recommendation rules. */
export interface WeatherSnapshot {
  temperatureF: number;
  humidity: number;
  windMph: number;
  conditions?: string;
  /** WMO weather code of the current conditions, when known. */
  weatherCode?: number | null;
  forecast: readonly ForecastDay[];
}

/** How serious an alert is. */
export type AlertSeverity = "info" | "warning" | "severe";

/** Identifier of each alert kind (one alert per kind at most). */
export type WeatherAlertId =
  "freezing" | "heat" | "humidity" | "wind" | "storm" | "extreme-cold" | "ideal";

/** An alert shown on the weather page. */
export interface WeatherAlert {
  id: WeatherAlertId;
  severity: AlertSeverity;
  title: string;
  message: UnitText;
}

/** Below this temperature (°F) it is freezing; 32 itself is not. */
export const FREEZING_F = 32;
/** Above this temperature (°F) there is a heat alert; 85 itself is not. */
export const HEAT_F = 85;
/** Above this relative humidity (%) ventilation needs attention; 80 itself is not. */
export const HIGH_HUMIDITY = 80;
/** Above this wind speed (mph) there is a wind alert; 25 itself is not. */
export const HIGH_WIND_MPH = 25;
/** A forecast low below this (°F) triggers the extreme-cold alert; 25 itself does not. */
export const EXTREME_COLD_LOW_F = 25;
/**
 * Daily precipitation (mm) counted as heavy rain when no weather code says so. The spec gives no
 * figure; 25 mm (about an inch) in a day is our choice.
 */
export const HEAVY_RAIN_MM = 25;

/** Comfortable range for adult chickens, °F (Ohio State Extension: 18-25°C). */
export const COMFORT_MIN_F = 65;
/** Upper end of the comfort range, °F. */
export const COMFORT_MAX_F = 75;
/** From about here (°F; 24-25°C, see care-facts.ts) laying hens start to struggle, lower in high humidity. */
export const LAYER_HEAT_STRESS_F = 75;
/** Above about this (°F, ~26°C) birds pant and hold their wings out. */
export const PANTING_F = 79;
/** Above about this (°F, 33°C) heat brings high mortality (Hy-Line). */
export const DANGER_HEAT_F = 91;

const SEVERITY_ORDER: Record<AlertSeverity, number> = { severe: 0, warning: 1, info: 2 };

/** Heavy rain (65, 67, 82), heavy snow (75, 86) and thunderstorms (95, 96, 99). */
const SEVERE_WMO_CODES = new Set([65, 67, 75, 82, 86, 95, 96, 99]);

const STORM_WORDS = /thunder|storm|heavy rain|heavy snow|violent|hail|blizzard/i;

const WMO_DESCRIPTIONS: Record<number, string> = {
  0: "Clear sky",
  1: "Mainly clear",
  2: "Partly cloudy",
  3: "Overcast",
  45: "Fog",
  48: "Freezing fog",
  51: "Light drizzle",
  53: "Drizzle",
  55: "Heavy drizzle",
  56: "Light freezing drizzle",
  57: "Freezing drizzle",
  61: "Light rain",
  63: "Rain",
  65: "Heavy rain",
  66: "Light freezing rain",
  67: "Heavy freezing rain",
  71: "Light snow",
  73: "Snow",
  75: "Heavy snow",
  77: "Snow grains",
  80: "Light rain showers",
  81: "Rain showers",
  82: "Violent rain showers",
  85: "Snow showers",
  86: "Heavy snow showers",
  95: "Thunderstorm",
  96: "Thunderstorm with hail",
  99: "Thunderstorm with heavy hail",
};

/** True for WMO codes of heavy rain (65, 67, 82), heavy snow (75, 86) or thunderstorms (95, 96, 99). */
export function isSevereWeatherCode(code: number | null | undefined): boolean {
  return typeof code === "number" && SEVERE_WMO_CODES.has(code);
}

/** Plain-language description of a WMO weather code, e.g. 0 -> "Clear sky", 81 -> "Rain showers". */
export function describeWeatherCode(code: number | null | undefined): string {
  if (typeof code !== "number") return "Unknown";
  return WMO_DESCRIPTIONS[code] ?? "Unknown";
}

/** Broad weather kind for a WMO code, handy for choosing an icon. */
export type WeatherCategory =
  "clear" | "partly-cloudy" | "cloudy" | "fog" | "drizzle" | "rain" | "snow" | "storm" | "unknown";

/** Groups a WMO weather code into a broad category for icons. */
export function weatherCategory(code: number | null | undefined): WeatherCategory {
  if (typeof code !== "number" || WMO_DESCRIPTIONS[code] === undefined) return "unknown";
  if (code <= 1) return "clear";
  if (code === 2) return "partly-cloudy";
  if (code === 3) return "cloudy";
  if (code === 45 || code === 48) return "fog";
  if (code >= 51 && code <= 57) return "drizzle";
  if ((code >= 61 && code <= 67) || (code >= 80 && code <= 82)) return "rain";
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return "snow";
  return "storm";
}

/** True when a forecast day brings heavy rain, heavy snow or a storm (code, wording or rainfall). */
export function isStormyDay(day: ForecastDay): boolean {
  if (isSevereWeatherCode(day.weatherCode)) return true;
  if (STORM_WORDS.test(day.conditions)) return true;
  return typeof day.precipitationMm === "number" && day.precipitationMm >= HEAVY_RAIN_MM;
}

const deg = (f: number): Quantity => ({ value: f, unit: "°F" });

function listDays(days: readonly ForecastDay[]): string {
  return days.map((d) => d.day).join(", ");
}

/**
 * Alerts for a snapshot, most serious first: freezing (< 32°F), heat (> 85°F), high humidity
 * (> 80%), high wind (> 25 mph), storm or heavy rain in the forecast (severe), forecast low < 25°F,
 * and an "ideal" notice when the temperature is 32-85°F and humidity at most 80%.
 */
export function weatherAlerts(snapshot: WeatherSnapshot): WeatherAlert[] {
  const alerts: WeatherAlert[] = [];
  const { temperatureF: t, humidity, windMph } = snapshot;
  const validTemp = Number.isFinite(t);
  const validHumidity = Number.isFinite(humidity);

  if (validTemp && t < FREEZING_F) {
    alerts.push({
      id: "freezing",
      severity: "warning",
      title: "Freezing temperatures",
      message: unitText(
        "It is {t}. Check waterers for ice, keep the coop dry and draft-free, and watch large single combs and wattles for frostbite.",
        { t: deg(t) },
      ),
    });
  }
  if (validTemp && t > HEAT_F) {
    alerts.push({
      id: "heat",
      severity: "warning",
      title: "Heat stress risk",
      message: unitText(
        "It is {t}. Give shade, plenty of cool fresh water and good airflow; watch for panting and wings held away from the body.",
        { t: deg(t) },
      ),
    });
  }
  if (validHumidity && humidity > HIGH_HUMIDITY) {
    alerts.push({
      id: "humidity",
      severity: "warning",
      title: "High humidity",
      message: unitText(
        `Humidity is ${Math.round(humidity)}%. Improve coop ventilation and keep litter dry to limit ammonia, mould and respiratory trouble.`,
      ),
    });
  }
  if (Number.isFinite(windMph) && windMph > HIGH_WIND_MPH) {
    alerts.push({
      id: "wind",
      severity: "warning",
      title: "Strong wind",
      message: unitText(
        "Wind is {wind}. Secure run covers, doors and loose equipment, and make sure birds have a sheltered windbreak.",
        { wind: { value: windMph, unit: "mph" } },
      ),
    });
  }

  const stormyDays = snapshot.forecast.filter(isStormyDay);
  const stormNow = isSevereWeatherCode(snapshot.weatherCode);
  if (stormNow || stormyDays.length > 0) {
    const when = [stormNow ? "now" : "", listDays(stormyDays)].filter(Boolean).join("; ");
    alerts.push({
      id: "storm",
      severity: "severe",
      title: "Severe weather expected",
      message: unitText(
        `Heavy rain or storms (${when}). Shut birds in a secure, dry coop, check drainage around the run and secure anything that could blow or wash away.`,
      ),
    });
  }

  const coldDays = snapshot.forecast.filter(
    (d) => Number.isFinite(d.lowF) && d.lowF < EXTREME_COLD_LOW_F,
  );
  if (coldDays.length > 0) {
    const lowest = Math.min(...coldDays.map((d) => d.lowF));
    alerts.push({
      id: "extreme-cold",
      severity: "warning",
      title: "Extreme cold ahead",
      message: unitText(
        `Lows down to {low} forecast (${listDays(coldDays)}). Plan for unfrozen water, block drafts while keeping ventilation, and avoid heat lamps: they are a fire risk.`,
        { low: deg(lowest) },
      ),
    });
  }

  if (validTemp && validHumidity && t >= FREEZING_F && t <= HEAT_F && humidity <= HIGH_HUMIDITY) {
    alerts.push({
      id: "ideal",
      severity: "info",
      title: "Ideal conditions",
      message: unitText(
        `{t} and ${Math.round(humidity)}% humidity are within a comfortable range for your flock.`,
        { t: deg(t) },
      ),
    });
  }

  return alerts.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}

/** Temperature band identifier. */
export type TemperatureBandId = "freezing" | "cold" | "cool" | "warm" | "hot" | "unknown";

/** A temperature colour band with display name and Tailwind classes. */
export interface TemperatureBand {
  id: TemperatureBandId;
  name: string;
  /** Human range, e.g. "50-69°F". */
  range: string;
  /** Text colour class. */
  colorClass: string;
  /** Background colour class for badges and cards. */
  bgClass: string;
}

/** The five bands in order (plus "unknown" for a missing reading). */
export const TEMPERATURE_BANDS: Record<TemperatureBandId, TemperatureBand> = {
  freezing: {
    id: "freezing",
    name: "Freezing",
    range: "below 32°F",
    colorClass: "text-blue-700",
    bgClass: "bg-blue-100",
  },
  cold: {
    id: "cold",
    name: "Cold",
    range: "32-49°F",
    colorClass: "text-sky-600",
    bgClass: "bg-sky-100",
  },
  cool: {
    id: "cool",
    name: "Cool",
    range: "50-69°F",
    colorClass: "text-emerald-600",
    bgClass: "bg-emerald-100",
  },
  warm: {
    id: "warm",
    name: "Warm",
    range: "70-84°F",
    colorClass: "text-amber-600",
    bgClass: "bg-amber-100",
  },
  hot: {
    id: "hot",
    name: "Hot",
    range: "85°F and above",
    colorClass: "text-red-600",
    bgClass: "bg-red-100",
  },
  unknown: {
    id: "unknown",
    name: "Unknown",
    range: "",
    colorClass: "text-gray-600",
    bgClass: "bg-gray-100",
  },
};

/** Colour band for a temperature: below 32, 32-49, 50-69, 70-84, 85+ °F. */
export function temperatureBand(f: number): TemperatureBand {
  if (!Number.isFinite(f)) return TEMPERATURE_BANDS.unknown;
  if (f < 32) return TEMPERATURE_BANDS.freezing;
  if (f < 50) return TEMPERATURE_BANDS.cold;
  if (f < 70) return TEMPERATURE_BANDS.cool;
  if (f < 85) return TEMPERATURE_BANDS.warm;
  return TEMPERATURE_BANDS.hot;
}

/** Brooder temperature range for chicks by week of life (1 = first week): 90-95°F, then 5°F less a week. */
export function broodingTemperatureF(week: number): { minF: number; maxF: number } {
  // Decision: the knowledge source stops at "5°F lower a week"; we stop lowering at week 6
  // (65-70°F), when chicks are usually feathered and no longer need a heat source indoors.
  const w = Math.min(6, Math.max(1, Math.floor(Number.isFinite(week) ? week : 1)));
  const maxF = 95 - (w - 1) * 5;
  return { minF: maxF - 5, maxF };
}

/** A care recommendation for the current weather. */
export interface CareRecommendation {
  id: string;
  title: string;
  text: UnitText;
}

/**
 * Care recommendations for a snapshot, drawn from extension guidance: comfort 65-75°F, layers
 * struggle from about 75°F, panting above about 79°F, high mortality above about 91°F, frostbite and fire-safe warmth below freezing,
 * dry draft-free ventilated coops, plus the chick brooding schedule.
 */
export function careRecommendations(snapshot: WeatherSnapshot): CareRecommendation[] {
  const recs: CareRecommendation[] = [];
  const { temperatureF: t, humidity, windMph } = snapshot;
  const validTemp = Number.isFinite(t);
  const humid = Number.isFinite(humidity) && humidity > HIGH_HUMIDITY;

  if (validTemp && t < FREEZING_F) {
    recs.push({
      id: "frostbite",
      title: "Protect combs from frostbite",
      text: unitText(
        "Below freezing, birds with large single combs and wattles are prone to frostbite, especially in damp air. Keep the coop dry and remove wet litter.",
      ),
    });
    recs.push({
      id: "water",
      title: "Keep water unfrozen",
      text: unitText(
        "Check waterers several times a day or use a heated waterer base; birds eat and drink less when water freezes.",
      ),
    });
    recs.push({
      id: "heat-lamps",
      title: "Avoid heat lamps",
      text: unitText(
        "Heat lamps are a common cause of coop fires. Healthy, acclimatised adult birds cope with cold when the coop is dry and draft-free.",
      ),
    });
  }
  if (validTemp && t < COMFORT_MIN_F) {
    recs.push({
      id: "dry-draft-free",
      title: "Dry, draft-free, ventilated coop",
      text: unitText(
        "Block drafts at roost height but keep vents high up open: moisture from breath and droppings, not cold, is the bigger risk.",
      ),
    });
  }
  if (validTemp && t >= COMFORT_MIN_F && t <= COMFORT_MAX_F && !humid) {
    recs.push({
      id: "comfort",
      title: "Comfortable weather",
      text: unitText(
        "{range} is the comfort zone for adult chickens. A good day for cleaning the coop and letting the flock free-range.",
        { range: { value: COMFORT_MIN_F, to: COMFORT_MAX_F, unit: "°F" } },
      ),
    });
  }
  if (validTemp && t > LAYER_HEAT_STRESS_F) {
    recs.push({
      id: "layer-heat",
      title: "Help layers stay cool",
      text: unitText(
        "From about {range} laying hens start to struggle, sooner in humid air. Provide shade, airflow and plenty of cool, fresh water; expect egg numbers to dip.",
        { range: { value: LAYER_HEAT_STRESS_F, to: 77, unit: "°F" } },
      ),
    });
  }
  if (validTemp && t >= PANTING_F) {
    recs.push({
      id: "panting",
      title: "Watch for heat stress",
      text: unitText(
        "Above about {t} birds pant and hold their wings away from the body. Add extra waterers in the shade, avoid handling birds in the heat of the day and check on them often.",
        { t: deg(PANTING_F) },
      ),
    });
  }
  if (validTemp && t > DANGER_HEAT_F) {
    recs.push({
      id: "danger-heat",
      title: "Dangerous heat",
      text: unitText(
        "Above about {t} heat can kill birds. Check the flock every hour or two, keep water cool and shaded, open the coop fully for airflow and do not handle or move birds until it cools down.",
        { t: deg(DANGER_HEAT_F) },
      ),
    });
  }
  if (humid) {
    recs.push({
      id: "ventilation",
      title: "Ventilate and keep litter dry",
      text: unitText(
        "High humidity makes heat harder to shed and wet litter breeds ammonia and mould. Open vents and replace damp bedding.",
      ),
    });
  }
  if (Number.isFinite(windMph) && windMph > HIGH_WIND_MPH) {
    recs.push({
      id: "wind",
      title: "Shelter from the wind",
      text: unitText("Give birds a windbreak and secure run covers, netting and doors."),
    });
  }
  if (isSevereWeatherCode(snapshot.weatherCode) || snapshot.forecast.some(isStormyDay)) {
    recs.push({
      id: "storm",
      title: "Prepare for storms",
      text: unitText(
        "Check the coop roof and drainage, move feed somewhere dry and keep birds shut in during heavy rain or thunderstorms.",
      ),
    });
  }
  recs.push({
    id: "chicks",
    title: "Brooding chicks",
    text: unitText(
      "Chicks need {first} in their first week, then about {step} less each week until they are feathered.",
      {
        first: { value: 90, to: 95, unit: "°F" },
        step: { value: 5, unit: "°F", difference: true },
      },
    ),
  });
  return recs;
}
