import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PLACE_SEARCH_UNAVAILABLE_MESSAGE,
  WEATHER_UNAVAILABLE_MESSAGE,
} from "@flockkeeper/shared/schemas/weather";
import { renderUnitText } from "@flockkeeper/shared/domain/units";
import { buildUser, createTestApp, type TestApp } from "../../test/helpers";
import { WEATHER_CACHE_MS, getWeather } from "./weather.service";
import { PlaceSearchUnavailableError, fetchPlaces } from "./place-search.service";

/*
 * A stub forecast provider on 127.0.0.1. The latitude picks its behaviour, so one stub serves every
 * test and each test uses its own locations (the PostgreSQL run shares one cache table):
 *   lat 1x.xx  normal answer (cold and stormy, or warm when lat ends in .50)
 *   lat 20.xx  HTTP 500
 *   lat 30.xx  never answers (the server must give up after 5 s)
 *   lat 40.xx  200 with a body that is not a forecast
 * It also stands in for the geocoding API (`/v1/search`); the name picks its behaviour:
 *   "broken..."  HTTP 500;  "hang..."  never answers;  "junk..."  200 with results that are not places;
 *   "nowhere..." no `results` at all (what Open-Meteo answers for an unknown name);
 *   anything else: two towns of that name (York, England and York, Pennsylvania).
 */
const requests: string[] = [];
let stub: http.Server;
let t: TestApp;

function forecastBody(warm: boolean) {
  return {
    latitude: 10,
    longitude: 20,
    current: {
      temperature_2m: warm ? 72 : 20,
      relative_humidity_2m: warm ? 50 : 85,
      wind_speed_10m: warm ? 5 : 30,
      weather_code: warm ? 1 : 3,
    },
    daily: {
      time: ["2025-01-06", "2025-01-07", "2025-01-08", "2025-01-09", "2025-01-10"],
      weather_code: warm ? [1, 2, 3, 1, 0] : [3, 95, 71, 3, 0],
      temperature_2m_max: warm ? [78, 80, 76, 75, 77] : [30, 28, 26, 33, 35],
      temperature_2m_min: warm ? [60, 62, 58, 57, 59] : [18, 22, 24, 26, 28],
      precipitation_sum: warm ? [0, 0, 1, 0, 0] : [0, 30, 2, 0, 0],
    },
  };
}

/** Open-Meteo's geocoding results (fields trimmed) for two towns called `name`. */
function geocodingResults(name: string) {
  return [
    {
      id: 2633352,
      name,
      latitude: 53.95763,
      longitude: -1.08271,
      elevation: 17,
      feature_code: "PPLA2",
      country_code: "GB",
      admin1: "England",
      country: "United Kingdom",
      timezone: "Europe/London",
    },
    {
      id: 4562407,
      name,
      latitude: 39.9626,
      longitude: -76.72774,
      feature_code: "PPLA2",
      country_code: "US",
      country: "United States",
    },
  ];
}

beforeAll(async () => {
  stub = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    requests.push(url.pathname + url.search);
    const lat = Number(url.searchParams.get("latitude"));
    if (url.pathname === "/v1/search") {
      const name = (url.searchParams.get("name") ?? "").toLowerCase();
      const json = (body: unknown) =>
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
      if (name.startsWith("broken")) res.writeHead(500).end("upstream broke");
      else if (name.startsWith("hang")) return;
      else if (name.startsWith("junk")) json({ results: [{ name: "x", latitude: "north" }] });
      else if (name.startsWith("nowhere")) json({ generationtime_ms: 0.5 });
      else json({ results: geocodingResults(url.searchParams.get("name") ?? "") });
      return;
    }
    if (url.pathname !== "/v1/forecast") {
      res.writeHead(404).end();
    } else if (lat >= 20 && lat < 30) {
      res.writeHead(500, { "content-type": "text/plain" }).end("upstream broke");
    } else if (lat >= 30 && lat < 40) {
      // Hang: no answer at all.
    } else if (lat >= 40 && lat < 50) {
      res.writeHead(200, { "content-type": "application/json" }).end('{"error":false}');
    } else {
      const warm = url.searchParams.get("latitude")?.endsWith(".50") ?? false;
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(forecastBody(warm)));
    }
  });
  await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
  const { port } = stub.address() as AddressInfo;
  t = await createTestApp({
    WEATHER_BASE_URL: `http://127.0.0.1:${port}`,
    GEOCODING_BASE_URL: `http://127.0.0.1:${port}`,
  });
});

afterAll(async () => {
  await t.close();
  stub.closeAllConnections();
  await new Promise<void>((resolve) => stub.close(() => resolve()));
});

/** A location nobody else in this run uses, in the stub's band for `lat`. */
function uniqueLon(): string {
  return (Math.random() * 300 - 150).toFixed(2);
}

const countFor = (lon: string) =>
  requests.filter((r) => r.includes(`longitude=${encodeURIComponent(lon)}`)).length;

describe("GET /api/weather", () => {
  it("answers current conditions, a 5-day forecast, alerts and recommendations", async () => {
    const lon = uniqueLon();
    const res = await t.app.inject({ url: `/api/weather?lat=10.123&lon=${lon}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      location: { latitude: 10.12, longitude: Number(lon) },
      units: "imperial",
      temperatureUnit: "°F",
      windUnit: "mph",
      temperature: 20,
      humidity: 85,
      windSpeed: 30,
      conditions: "Overcast",
      band: "freezing",
      source: "Open-Meteo",
    });
    expect(body.forecast).toHaveLength(5);
    expect(body.forecast[0]).toMatchObject({ date: "2025-01-06", day: "Today", high: 30, low: 18 });
    expect(body.forecast[1]).toMatchObject({ day: "Tue", conditions: "Thunderstorm" });
    const ids = body.alerts.map((a: { id: string }) => a.id);
    expect(ids).toEqual(
      expect.arrayContaining(["freezing", "humidity", "wind", "storm", "extreme-cold"]),
    );
    expect(ids).not.toContain("ideal");
    expect(body.alerts[0].severity).toBe("severe");
    expect(body.recommendations.map((r: { id: string }) => r.id)).toContain("frostbite");

    // The provider was asked exactly as documented, with coordinates rounded to 2 decimals.
    const sent = requests.find((r) => r.includes(`longitude=${encodeURIComponent(lon)}`))!;
    const params = new URL(sent, "http://stub").searchParams;
    expect(params.get("latitude")).toBe("10.12");
    expect(params.get("current")).toBe(
      "temperature_2m,relative_humidity_2m,wind_speed_10m,weather_code",
    );
    expect(params.get("daily")).toBe(
      "weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum",
    );
    expect(params.get("temperature_unit")).toBe("fahrenheit");
    expect(params.get("wind_speed_unit")).toBe("mph");
    expect(params.get("forecast_days")).toBe("5");
    expect(params.get("timezone")).toBe("auto");
  });

  it("shows the ideal notice in mild weather and converts to °C and km/h on request", async () => {
    const lon = uniqueLon();
    const imperial = (await t.app.inject({ url: `/api/weather?lat=10.50&lon=${lon}` })).json();
    expect(imperial.alerts.map((a: { id: string }) => a.id)).toEqual(["ideal"]);
    expect(imperial.band).toBe("warm");

    const res = await t.app.inject({ url: `/api/weather?lat=10.50&lon=${lon}&units=metric` });
    expect(res.statusCode).toBe(200);
    const metric = res.json();
    expect(metric).toMatchObject({
      units: "metric",
      temperatureUnit: "°C",
      windUnit: "km/h",
      temperature: 22.2,
      windSpeed: 8,
      band: "warm",
    });
    expect(metric.forecast[0]).toMatchObject({ high: 25.6, low: 15.6 });
    // Texts carry the temperature as a number in °F, whatever the units; the reader formats it.
    expect(metric.alerts[0].message.text).toMatch(/^\{t\} and \d+% humidity/);
    expect(metric.alerts[0].message.params.t).toEqual({ value: 72, unit: "°F" });
    expect(
      renderUnitText(metric.alerts[0].message, { temperatureUnit: "C", weightUnit: "kg" }),
    ).toMatch(/^22°C and/);
  });

  it("serves a repeat request for the same rounded location from the cache", async () => {
    const lon = uniqueLon();
    const first = await t.app.inject({ url: `/api/weather?lat=11.001&lon=${lon}` });
    expect(first.statusCode).toBe(200);
    expect(countFor(lon)).toBe(1);
    // 11.004 rounds to the same 11.00; another unit choice uses the same cached forecast.
    const second = await t.app.inject({ url: `/api/weather?lat=11.004&lon=${lon}&units=metric` });
    expect(second.statusCode).toBe(200);
    expect(countFor(lon)).toBe(1);
    expect(second.json().fetchedAt).toBe(first.json().fetchedAt);
    // The cache lives in the database, so a second instance sharing PostgreSQL needs no fetch
    // either (each embedded PGlite test app has its own database, so this only runs on PostgreSQL).
    if (process.env.TEST_DATABASE_URL) {
      const other = await createTestApp({ WEATHER_BASE_URL: t.config.weatherBaseUrl });
      try {
        const third = await other.app.inject({ url: `/api/weather?lat=11&lon=${lon}` });
        expect(third.statusCode).toBe(200);
        expect(countFor(lon)).toBe(1);
      } finally {
        await other.close();
      }
    }
  });

  it("keeps a forecast for 15 minutes, then asks the provider again", async () => {
    const lon = uniqueLon();
    const query = { lat: 12.34, lon: Number(lon), units: "imperial" as const };
    const first = await getWeather(t.app.db, t.config.weatherBaseUrl, query);
    expect(countFor(lon)).toBe(1);
    const fetchedAt = new Date(first.fetchedAt).getTime();

    // 14 minutes later: still served from the cache.
    const fresh = await getWeather(
      t.app.db,
      t.config.weatherBaseUrl,
      query,
      new Date(fetchedAt + WEATHER_CACHE_MS - 60_000),
    );
    expect(countFor(lon)).toBe(1);
    expect(fresh.fetchedAt).toBe(first.fetchedAt);

    // 16 minutes later: too old, so the provider is asked again and the cache is refreshed.
    await getWeather(
      t.app.db,
      t.config.weatherBaseUrl,
      query,
      new Date(fetchedAt + WEATHER_CACHE_MS + 60_000),
    );
    expect(countFor(lon)).toBe(2);
    expect(WEATHER_CACHE_MS).toBe(15 * 60 * 1000);
  });

  it("answers 502 with a clear message when the provider fails", async () => {
    const res = await t.app.inject({ url: `/api/weather?lat=20&lon=${uniqueLon()}` });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: "WEATHER_PROVIDER_ERROR",
      message: WEATHER_UNAVAILABLE_MESSAGE,
    });
    const junk = await t.app.inject({ url: `/api/weather?lat=40&lon=${uniqueLon()}` });
    expect(junk.statusCode).toBe(502);
    expect(junk.json().message).toBe("Weather forecast is unavailable right now");
  });

  it("gives up after 5 seconds when the provider does not answer", async () => {
    const started = Date.now();
    const res = await t.app.inject({ url: `/api/weather?lat=30&lon=${uniqueLon()}` });
    const elapsed = Date.now() - started;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: "WEATHER_UNAVAILABLE",
      message: WEATHER_UNAVAILABLE_MESSAGE,
    });
    expect(elapsed).toBeGreaterThanOrEqual(4900);
    expect(elapsed).toBeLessThan(8000);
  }, 15_000);

  it("rejects bad coordinates and units with 400", async () => {
    const cases = [
      ["lat=999&lon=0", "Latitude must be between -90 and 90"],
      ["lat=abc&lon=0", "Latitude must be a number"],
      ["lat=&lon=0", "Latitude must be a number"],
      ["lat=10&lon=181", "Longitude must be between -180 and 180"],
      ["lat=10&lon=1e3", "Longitude must be a number"],
      ["lon=0", "Latitude is required"],
      ["lat=10&lon=0&units=kelvin", undefined],
    ] as const;
    const before = requests.length;
    for (const [query, message] of cases) {
      const res = await t.app.inject({ url: `/api/weather?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe("VALIDATION_ERROR");
      if (message) expect(res.json().message, query).toBe(message);
    }
    expect(requests.length).toBe(before);
  });
});

describe("GET /api/weather/places (town search)", () => {
  const searchesFor = (name: string) =>
    requests.filter((r) => r.startsWith("/v1/search?") && r.includes(`name=${name}&`)).length;

  it("finds towns by name, with region and country, and asks the provider as documented", async () => {
    const town = `York${Math.random().toString(36).slice(2, 8)}`;
    const res = await t.app.inject({ url: `/api/weather/places?name=${town}&count=3` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      places: [
        {
          name: town,
          region: "England",
          country: "United Kingdom",
          countryCode: "GB",
          latitude: 53.95763,
          longitude: -1.08271,
        },
        {
          name: town,
          region: null,
          country: "United States",
          countryCode: "US",
          latitude: 39.9626,
          longitude: -76.72774,
        },
      ],
    });
    const sent = requests.find((r) => r.startsWith("/v1/search?") && r.includes(town))!;
    const params = new URL(sent, "http://stub").searchParams;
    expect(params.get("name")).toBe(town);
    expect(params.get("count")).toBe("3");
    expect(params.get("language")).toBe("en");
    expect(params.get("format")).toBe("json");
  });

  it("keeps what the provider said per name, whatever the case and spacing", async () => {
    const town = `Ely${Math.random().toString(36).slice(2, 8)}`;
    const first = await t.app.inject({ url: `/api/weather/places?name=${town}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("public, max-age=86400");
    const again = await t.app.inject({
      url: `/api/weather/places?name=${encodeURIComponent(`  ${town.toUpperCase()} `)}`,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(searchesFor(town)).toBe(1);
    // Five is the default count: another count is another question.
    await t.app.inject({ url: `/api/weather/places?name=${town}&count=1` });
    expect(searchesFor(town)).toBe(2);
  });

  it("answers an empty list for a name nobody uses", async () => {
    const res = await t.app.inject({ url: "/api/weather/places?name=Nowhere%20at%20all" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ places: [] });
  });

  it("says town search is unavailable (502) when the provider fails, and does not keep the failure", async () => {
    for (const name of ["Broken town", "Junk town"]) {
      const res = await t.app.inject({
        url: `/api/weather/places?name=${encodeURIComponent(name)}`,
      });
      expect(res.statusCode, name).toBe(502);
      expect(res.json(), name).toMatchObject({
        code: "PLACE_SEARCH_PROVIDER_ERROR",
        message: PLACE_SEARCH_UNAVAILABLE_MESSAGE,
      });
    }
    const before = searchesFor("Broken%20town") + searchesFor("Broken+town");
    await t.app.inject({ url: "/api/weather/places?name=Broken%20town" });
    expect(searchesFor("Broken%20town") + searchesFor("Broken+town")).toBe(before + 1);
  });

  it("gives up after 5 seconds (503) when the provider does not answer", async () => {
    const started = Date.now();
    const res = await t.app.inject({ url: "/api/weather/places?name=Hang%20on" });
    const elapsed = Date.now() - started;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: "PLACE_SEARCH_UNAVAILABLE",
      message: PLACE_SEARCH_UNAVAILABLE_MESSAGE,
    });
    expect(elapsed).toBeGreaterThanOrEqual(4900);
    expect(elapsed).toBeLessThan(8000);
  }, 15_000);

  it("answers 503 at once when the provider cannot be reached at all", async () => {
    // Port 9 (discard) has no listener here: the connection is refused.
    const started = Date.now();
    const failure = await fetchPlaces("http://127.0.0.1:9", "York", 5).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PlaceSearchUnavailableError);
    expect(failure).toMatchObject({ statusCode: 503, message: PLACE_SEARCH_UNAVAILABLE_MESSAGE });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("rejects a missing, short or long name and a bad count with 400, asking nobody", async () => {
    const cases = [
      ["", "Town name is required"],
      ["name=", "Town name must be at least 2 characters"],
      ["name=%20%20a%20", "Town name must be at least 2 characters"],
      [`name=${"a".repeat(101)}`, "Town name must be at most 100 characters"],
      ["name=York&count=0", "Count must be between 1 and 10"],
      ["name=York&count=11", "Count must be between 1 and 10"],
      ["name=York&count=2.5", "Count must be a whole number"],
      ["name=York&count=lots", undefined],
    ] as const;
    const before = requests.length;
    for (const [query, message] of cases) {
      const res = await t.app.inject({ url: `/api/weather/places?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe("VALIDATION_ERROR");
      if (message) expect(res.json().message, query).toBe(message);
    }
    expect(requests.length).toBe(before);
  });
});

describe("/api/weather/place", () => {
  it("saves, reads, replaces and forgets the keeper's place", async () => {
    const keeper = await buildUser(t);
    const empty = await keeper.inject({ method: "GET", url: "/api/weather/place" });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ place: null });

    const saved = await keeper.inject({
      method: "PUT",
      url: "/api/weather/place",
      payload: { name: "  Home farm ", latitude: 51.5072, longitude: -0.1276 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ name: "Home farm", latitude: 51.51, longitude: -0.13 });

    await keeper.inject({
      method: "PUT",
      url: "/api/weather/place",
      payload: { name: "Allotment", latitude: "40.7", longitude: "-74" },
    });
    const read = await keeper.inject({ method: "GET", url: "/api/weather/place" });
    expect(read.json()).toEqual({
      place: { name: "Allotment", latitude: 40.7, longitude: -74 },
    });

    // Another keeper never sees it.
    const stranger = await buildUser(t);
    expect((await stranger.inject({ method: "GET", url: "/api/weather/place" })).json()).toEqual({
      place: null,
    });

    const del = await keeper.inject({ method: "DELETE", url: "/api/weather/place" });
    expect(del.statusCode).toBe(204);
    expect((await keeper.inject({ method: "GET", url: "/api/weather/place" })).json()).toEqual({
      place: null,
    });
  });

  it("validates the place", async () => {
    const keeper = await buildUser(t);
    const bad = [
      [{ name: "", latitude: 1, longitude: 1 }, "Place name is required"],
      [{ name: "x", latitude: 999, longitude: 1 }, "Latitude must be between -90 and 90"],
      [{ name: "x", latitude: "north", longitude: 1 }, "Latitude must be a number"],
      [{ name: "x", latitude: 1 }, "Longitude is required"],
    ] as const;
    for (const [payload, message] of bad) {
      const res = await keeper.inject({ method: "PUT", url: "/api/weather/place", payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it("needs a signed-in keeper", async () => {
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const res = await t.app.inject({
        method,
        url: "/api/weather/place",
        payload: method === "PUT" ? { name: "x", latitude: 1, longitude: 1 } : undefined,
      });
      expect(res.statusCode, method).toBe(401);
    }
  });
});
