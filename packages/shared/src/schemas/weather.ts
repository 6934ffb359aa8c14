import { z } from "zod";
import { unitTextSchema } from "./unit-text";

/*
 * Weather API contracts. The server asks the forecast provider (Open-Meteo by default) for °F and
 * mph, derives alerts and care recommendations from those, and answers in the units the keeper
 * chose. Coordinates are rounded to 2 decimals (about 1 km), which is also the cache key.
 */

// Re-exported from a module without zod, so the weather page can show it without the schema library.
export { WEATHER_UNAVAILABLE_MESSAGE } from "../domain/weather-alerts";

/** Display units: °F and mph (default) or °C and km/h. */
export const weatherUnits = z.enum(["imperial", "metric"]);
export type WeatherUnits = z.infer<typeof weatherUnits>;

const DECIMAL_RE = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/;

/** A coordinate given as a decimal number (string in a query, number in a body) within ±max. */
function coordinate(name: string, max: number) {
  const range = `${name} must be between -${max} and ${max}`;
  return z
    .union([z.number(), z.string()], { error: `${name} is required` })
    .refine((v) => (typeof v === "number" ? Number.isFinite(v) : DECIMAL_RE.test(v)), {
      message: `${name} must be a number`,
    })
    .transform((v) => Number(v))
    .pipe(z.number().min(-max, { message: range }).max(max, { message: range }));
}

/** A latitude in degrees, -90..90. */
export const latitude = coordinate("Latitude", 90);
/** A longitude in degrees, -180..180. */
export const longitude = coordinate("Longitude", 180);

/** `GET /api/weather?lat=&lon=&units=` */
export const weatherQuery = z.object({
  lat: latitude,
  lon: longitude,
  units: weatherUnits.default("imperial"),
});
export type WeatherQuery = z.infer<typeof weatherQuery>;

/** Temperature colour band ids (see domain/weather-alerts temperatureBand). */
export const temperatureBandId = z.enum(["freezing", "cold", "cool", "warm", "hot", "unknown"]);

/** One forecast day in the answer. */
export const weatherForecastDay = z.object({
  /** Local calendar date at the location, 'YYYY-MM-DD'. */
  date: z.string(),
  /** Short label: "Today" or the weekday, e.g. "Tue". */
  day: z.string(),
  high: z.number(),
  low: z.number(),
  conditions: z.string(),
  weatherCode: z.number().int().nullable(),
  /** Precipitation in mm (imperial: inches). */
  precipitation: z.number().nullable(),
  band: temperatureBandId,
});
export type WeatherForecastDay = z.infer<typeof weatherForecastDay>;

/** `GET /api/weather` answer: the spec's weather snapshot plus alerts and recommendations. */
export const weatherResponse = z.object({
  location: z.object({ latitude: z.number(), longitude: z.number() }),
  units: weatherUnits,
  temperatureUnit: z.enum(["°F", "°C"]),
  windUnit: z.enum(["mph", "km/h"]),
  precipitationUnit: z.enum(["in", "mm"]),
  /** Current temperature in the chosen unit. */
  temperature: z.number(),
  conditions: z.string(),
  weatherCode: z.number().int().nullable(),
  humidity: z.number(),
  windSpeed: z.number(),
  band: temperatureBandId,
  forecast: z.array(weatherForecastDay),
  alerts: z.array(
    z.object({
      id: z.string(),
      severity: z.enum(["info", "warning", "severe"]),
      title: z.string(),
      /** The alert text with its quantities in °F and mph, formatted by the reader. */
      message: unitTextSchema,
    }),
  ),
  recommendations: z.array(z.object({ id: z.string(), title: z.string(), text: unitTextSchema })),
  /** When the provider produced this forecast (ISO timestamp); cached for 15 minutes. */
  fetchedAt: z.string(),
  source: z.string(),
});
export type WeatherResponse = z.infer<typeof weatherResponse>;

/** A keeper's saved weather place. */
export const weatherPlace = z.object({
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type WeatherPlace = z.infer<typeof weatherPlace>;

/** `PUT /api/weather/place` body. */
export const saveWeatherPlaceBody = z
  .object({
    name: z
      .string({ error: "Place name is required" })
      .trim()
      .min(1, { message: "Place name is required" })
      .max(100, { message: "Place name must be at most 100 characters" }),
    latitude,
    longitude,
  })
  .strict();
export type SaveWeatherPlaceBody = z.infer<typeof saveWeatherPlaceBody>;

/** `GET /api/weather/place` answer: the saved place or null. */
export const weatherPlaceResponse = z.object({ place: weatherPlace.nullable() });
export type WeatherPlaceResponse = z.infer<typeof weatherPlaceResponse>;

/** Shown when the town search service cannot be reached or answers badly. */
export const PLACE_SEARCH_UNAVAILABLE_MESSAGE =
  "Town search is unavailable right now: enter the latitude and longitude instead";

/** `GET /api/weather/places?name=&count=`: find a town by name (Open-Meteo geocoding). */
export const placeSearchQuery = z.object({
  name: z
    .string({ error: "Town name is required" })
    .trim()
    .min(2, { message: "Town name must be at least 2 characters" })
    .max(100, { message: "Town name must be at most 100 characters" }),
  count: z.coerce
    .number({ error: "Count must be a number" })
    .int({ message: "Count must be a whole number" })
    .min(1, { message: "Count must be between 1 and 10" })
    .max(10, { message: "Count must be between 1 and 10" })
    .default(5),
});
export type PlaceSearchQuery = z.infer<typeof placeSearchQuery>;

/** One town found by name, with enough around it (region, country) to tell namesakes apart. */
export const foundPlace = z.object({
  name: z.string(),
  /** Region or state, when the provider knows it. */
  region: z.string().nullable(),
  country: z.string().nullable(),
  countryCode: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export type FoundPlace = z.infer<typeof foundPlace>;

/** `GET /api/weather/places` answer: best matches first; empty when nothing is called that. */
export const placeSearchResponse = z.object({ places: z.array(foundPlace) });
export type PlaceSearchResponse = z.infer<typeof placeSearchResponse>;
