import http from "node:http";

/*
 * A stand-in for the Open-Meteo forecast and geocoding APIs during browser tests (the server's
 * WEATHER_BASE_URL and GEOCODING_BASE_URL point here). It answers a cold, stormy forecast so the
 * weather page shows its alerts. A latitude of exactly 20.00 answers HTTP 500, so tests can check
 * the "unavailable" message. A town search finds two towns of the name typed, except "Nowhere"
 * (none) and names starting "Unreachable" (HTTP 500).
 */

/** Answer for `/v1/forecast`: 20°F, 85% humidity, 30 mph, a thunderstorm on day 2. */
export function stubForecast() {
  const start = new Date();
  const days = Array.from({ length: 5 }, (_, i) =>
    new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10),
  );
  return {
    latitude: 51.5,
    longitude: -0.12,
    timezone: "UTC",
    current: {
      time: new Date().toISOString().slice(0, 16),
      temperature_2m: 20,
      relative_humidity_2m: 85,
      wind_speed_10m: 30,
      weather_code: 71,
    },
    daily: {
      time: days,
      weather_code: [71, 95, 3, 2, 0],
      temperature_2m_max: [28, 30, 34, 38, 41],
      temperature_2m_min: [18, 22, 26, 29, 31],
      precipitation_sum: [4, 30, 0, 0, 0],
    },
  };
}

/** Answer for `/v1/search?name=`: Open-Meteo's geocoding fields for two towns of that name. */
export function stubGeocoding(name: string) {
  if (name.toLowerCase() === "nowhere") return { generationtime_ms: 0.4 };
  return {
    results: [
      {
        id: 2633352,
        name,
        latitude: 53.95763,
        longitude: -1.08271,
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
        admin1: "Pennsylvania",
        country: "United States",
        timezone: "America/New_York",
      },
    ],
    generationtime_ms: 0.6,
  };
}

export type WeatherStub = { port: number; requests: string[]; close: () => Promise<void> };

/** Starts the stub on 127.0.0.1:`port` (0 picks a free port). */
export async function startWeatherStub(port = 4999): Promise<WeatherStub> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push(url.pathname + url.search);
    if (url.pathname === "/v1/search") {
      const name = url.searchParams.get("name") ?? "";
      if (name.toLowerCase().startsWith("unreachable")) {
        res.writeHead(500, { "content-type": "text/plain" }).end("stub failure");
        return;
      }
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(stubGeocoding(name)));
      return;
    }
    if (url.pathname !== "/v1/forecast") {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":true}');
      return;
    }
    if (url.searchParams.get("latitude") === "20.00") {
      res.writeHead(500, { "content-type": "text/plain" }).end("stub failure");
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(stubForecast()));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
