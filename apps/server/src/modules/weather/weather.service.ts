import { and, eq, gt, lt, sql } from "drizzle-orm";
import { z } from "zod";
import {
  careRecommendations,
  describeWeatherCode,
  temperatureBand,
  weatherAlerts,
  type WeatherSnapshot,
} from "@flockkeeper/shared/domain/weather-alerts";
import {
  displayPrecipitation,
  displayTemperature,
  displayWind,
} from "@flockkeeper/shared/domain/weather-display";
import {
  WEATHER_UNAVAILABLE_MESSAGE,
  type SaveWeatherPlaceBody,
  type WeatherPlace,
  type WeatherResponse,
  type WeatherUnits,
} from "@flockkeeper/shared/schemas/weather";
import type { Database } from "../../db/client";
import { keeperPlaces, weatherCache } from "../../db/schema/index";
import { AppError } from "../../lib/errors";
import type { Keeper } from "../../access/access";

/** Forecasts are reused for this long per rounded location. */
export const WEATHER_CACHE_MS = 15 * 60 * 1000;
/** The provider gets this long to answer. */
export const WEATHER_TIMEOUT_MS = 5000;
/** Cache rows older than this are removed now and then, so the table stays small. */
const CACHE_PRUNE_MS = 24 * 60 * 60 * 1000;

/** What we keep from the provider's answer (°F, mph, mm), cached as JSON. */
const cachedForecast = z.object({
  temperatureF: z.number(),
  humidity: z.number(),
  windMph: z.number(),
  weatherCode: z.number().int().nullable(),
  days: z.array(
    z.object({
      date: z.string(),
      highF: z.number(),
      lowF: z.number(),
      weatherCode: z.number().int().nullable(),
      precipitationMm: z.number().nullable(),
    }),
  ),
});
type CachedForecast = z.infer<typeof cachedForecast>;

/** The part of Open-Meteo's forecast answer we read. */
const openMeteoAnswer = z.object({
  current: z.object({
    temperature_2m: z.number(),
    relative_humidity_2m: z.number(),
    wind_speed_10m: z.number(),
    weather_code: z.number().int().nullable().optional(),
  }),
  daily: z.object({
    time: z.array(z.string()).min(1),
    weather_code: z.array(z.number().int().nullable()).optional(),
    temperature_2m_max: z.array(z.number().nullable()),
    temperature_2m_min: z.array(z.number().nullable()),
    precipitation_sum: z.array(z.number().nullable()).optional(),
  }),
});

/** Provider failure: 503 when it cannot be reached in time, 502 when it answers badly. */
export class WeatherUnavailableError extends AppError {
  constructor(statusCode: 502 | 503, code: string) {
    super(statusCode, code, WEATHER_UNAVAILABLE_MESSAGE);
  }
}

/** Rounds a coordinate to 2 decimals (about 1 km), never giving -0. */
export function roundCoordinate(value: number): number {
  const rounded = Math.round(value * 100) / 100;
  return rounded === 0 ? 0 : rounded;
}

/** Cache key for a rounded location, e.g. "51.51,-0.13". */
export function locationKey(lat: number, lon: number): string {
  return `${roundCoordinate(lat).toFixed(2)},${roundCoordinate(lon).toFixed(2)}`;
}

function toForecast(raw: unknown): CachedForecast | null {
  const parsed = openMeteoAnswer.safeParse(raw);
  if (!parsed.success) return null;
  const { current, daily } = parsed.data;
  const days: CachedForecast["days"] = [];
  daily.time.forEach((date, i) => {
    const highF = daily.temperature_2m_max[i];
    const lowF = daily.temperature_2m_min[i];
    // A day without both temperatures is of no use to the page or the alert rules.
    if (typeof highF !== "number" || typeof lowF !== "number") return;
    days.push({
      date,
      highF,
      lowF,
      weatherCode: daily.weather_code?.[i] ?? null,
      precipitationMm: daily.precipitation_sum?.[i] ?? null,
    });
  });
  if (days.length === 0) return null;
  return {
    temperatureF: current.temperature_2m,
    humidity: current.relative_humidity_2m,
    windMph: current.wind_speed_10m,
    weatherCode: current.weather_code ?? null,
    days: days.slice(0, 5),
  };
}

/** Asks the provider for current conditions and a 5-day forecast in °F and mph. */
export async function fetchForecast(
  baseUrl: string,
  lat: number,
  lon: number,
  timeoutMs = WEATHER_TIMEOUT_MS,
): Promise<CachedForecast> {
  const params = new URLSearchParams({
    latitude: lat.toFixed(2),
    longitude: lon.toFixed(2),
    current: "temperature_2m,relative_humidity_2m,wind_speed_10m,weather_code",
    daily: "weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum",
    temperature_unit: "fahrenheit",
    wind_speed_unit: "mph",
    forecast_days: "5",
    timezone: "auto",
  });
  let res: Response;
  try {
    res = await fetch(`${baseUrl}/v1/forecast?${params.toString()}`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: "application/json" },
    });
  } catch {
    // Timeout, refused connection or DNS failure: the provider cannot be reached.
    throw new WeatherUnavailableError(503, "WEATHER_UNAVAILABLE");
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new WeatherUnavailableError(502, "WEATHER_PROVIDER_ERROR");
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new WeatherUnavailableError(502, "WEATHER_PROVIDER_ERROR");
  }
  const forecast = toForecast(body);
  if (!forecast) throw new WeatherUnavailableError(502, "WEATHER_PROVIDER_ERROR");
  return forecast;
}

/** Weekday label for a 'YYYY-MM-DD' date: "Today" for the first day, else "Mon", "Tue"... */
function dayLabel(date: string, index: number): string {
  if (index === 0) return "Today";
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString("en-US", { weekday: "short", timeZone: "UTC" });
}

/** Builds the answer from a cached forecast: snapshot, alerts and recommendations in the chosen units. */
export function toWeatherResponse(
  forecast: CachedForecast,
  lat: number,
  lon: number,
  units: WeatherUnits,
  fetchedAt: Date,
): WeatherResponse {
  const snapshot: WeatherSnapshot = {
    temperatureF: forecast.temperatureF,
    humidity: forecast.humidity,
    windMph: forecast.windMph,
    weatherCode: forecast.weatherCode,
    conditions: describeWeatherCode(forecast.weatherCode),
    forecast: forecast.days.map((d, i) => ({
      day: dayLabel(d.date, i),
      highF: d.highF,
      lowF: d.lowF,
      conditions: describeWeatherCode(d.weatherCode),
      weatherCode: d.weatherCode,
      precipitationMm: d.precipitationMm,
    })),
  };
  const metric = units === "metric";
  return {
    location: { latitude: roundCoordinate(lat), longitude: roundCoordinate(lon) },
    units,
    temperatureUnit: metric ? "°C" : "°F",
    windUnit: metric ? "km/h" : "mph",
    precipitationUnit: metric ? "mm" : "in",
    temperature: displayTemperature(forecast.temperatureF, units),
    conditions: snapshot.conditions ?? "Unknown",
    weatherCode: forecast.weatherCode,
    humidity: Math.round(forecast.humidity),
    windSpeed: displayWind(forecast.windMph, units),
    band: temperatureBand(forecast.temperatureF).id,
    forecast: forecast.days.map((d, i) => ({
      date: d.date,
      day: snapshot.forecast[i]!.day,
      high: displayTemperature(d.highF, units),
      low: displayTemperature(d.lowF, units),
      conditions: snapshot.forecast[i]!.conditions,
      weatherCode: d.weatherCode,
      precipitation:
        d.precipitationMm === null ? null : displayPrecipitation(d.precipitationMm, units),
      band: temperatureBand(d.highF).id,
    })),
    // Texts carry their temperatures and speeds as °F and mph; the web app shows them in the
    // keeper's units.
    alerts: weatherAlerts(snapshot),
    recommendations: careRecommendations(snapshot),
    fetchedAt: fetchedAt.toISOString(),
    source: "Open-Meteo",
  };
}

/**
 * The forecast for a location: from the shared database cache when fetched less than 15 minutes
 * ago, else from the provider (and then cached). Throws WeatherUnavailableError when the provider fails.
 */
export async function getWeather(
  db: Database,
  baseUrl: string,
  query: { lat: number; lon: number; units: WeatherUnits },
  now: Date = new Date(),
): Promise<WeatherResponse> {
  const lat = roundCoordinate(query.lat);
  const lon = roundCoordinate(query.lon);
  const key = locationKey(lat, lon);
  const freshSince = new Date(now.getTime() - WEATHER_CACHE_MS);

  const [hit] = await db
    .select()
    .from(weatherCache)
    .where(and(eq(weatherCache.locationKey, key), gt(weatherCache.fetchedAt, freshSince)))
    .limit(1);
  const cached = hit ? cachedForecast.safeParse(hit.payload) : null;
  if (hit && cached?.success) {
    return toWeatherResponse(cached.data, lat, lon, query.units, hit.fetchedAt);
  }

  const forecast = await fetchForecast(baseUrl, lat, lon);
  const fetchedAt = new Date();
  await db
    .insert(weatherCache)
    .values({ locationKey: key, payload: forecast, fetchedAt })
    .onConflictDoUpdate({
      target: weatherCache.locationKey,
      set: { payload: sql`excluded.payload`, fetchedAt: sql`excluded.fetched_at` },
    });
  // Now and then drop rows nobody asked for in a day; cheap with the fetched_at index.
  if (Math.random() < 0.05) {
    await db
      .delete(weatherCache)
      .where(lt(weatherCache.fetchedAt, new Date(now.getTime() - CACHE_PRUNE_MS)));
  }
  return toWeatherResponse(forecast, lat, lon, query.units, fetchedAt);
}

/** The keeper's saved weather place, or null. */
export async function getPlace(db: Database, keeper: Keeper): Promise<WeatherPlace | null> {
  const { farmId } = keeper;
  const [row] = await db.select().from(keeperPlaces).where(eq(keeperPlaces.farmId, farmId));
  return row ? { name: row.name, latitude: row.latitude, longitude: row.longitude } : null;
}

/** Saves (or replaces) the keeper's weather place. */
export async function savePlace(
  db: Database,
  keeper: Keeper,
  body: SaveWeatherPlaceBody,
): Promise<WeatherPlace> {
  const { farmId } = keeper;
  const values = {
    farmId,
    name: body.name,
    latitude: roundCoordinate(body.latitude),
    longitude: roundCoordinate(body.longitude),
    updatedAt: new Date(),
  };
  await db
    .insert(keeperPlaces)
    .values(values)
    .onConflictDoUpdate({ target: keeperPlaces.farmId, set: values });
  return { name: values.name, latitude: values.latitude, longitude: values.longitude };
}

/** Forgets the keeper's weather place. */
export async function deletePlace(db: Database, keeper: Keeper): Promise<void> {
  const { farmId } = keeper;
  await db.delete(keeperPlaces).where(eq(keeperPlaces.farmId, farmId));
}
