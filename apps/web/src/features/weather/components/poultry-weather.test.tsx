import { cleanup, render, screen, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WeatherResponse } from "@flockkeeper/shared/schemas/weather";
import { PoultryWeather } from "./poultry-weather";

/** What the server answers for a freezing, windy day (shape of `GET /api/weather`). */
const FREEZING: WeatherResponse = {
  location: { latitude: 51.51, longitude: -0.13 },
  units: "imperial",
  temperatureUnit: "°F",
  windUnit: "mph",
  precipitationUnit: "in",
  temperature: 20,
  conditions: "Light snow",
  weatherCode: 71,
  humidity: 85,
  windSpeed: 30,
  band: "freezing",
  forecast: [
    {
      date: "2025-01-06",
      day: "Today",
      high: 28,
      low: 18,
      conditions: "Light snow",
      weatherCode: 71,
      precipitation: 0.2,
      band: "freezing",
    },
  ],
  alerts: [
    {
      id: "freezing",
      severity: "warning",
      title: "Freezing temperatures",
      message: {
        text: "It is {t}. Check waterers for ice.",
        params: { t: { value: 20, unit: "°F" } },
      },
    },
  ],
  recommendations: [
    {
      id: "frostbite",
      title: "Protect combs from frostbite",
      text: { text: "Keep the coop dry.", params: {} },
    },
  ],
  fetchedAt: "2025-01-06T12:00:00.000Z",
  source: "Open-Meteo",
};

type Geo = Pick<Geolocation, "getCurrentPosition">;
let weatherAnswer: () => Response;
const fetchMock = vi.fn((input: RequestInfo | URL) => {
  const url = String(input);
  if (url.startsWith("/api/auth/user")) {
    return Promise.resolve(new Response('{"message":"Unauthorized"}', { status: 401 }));
  }
  if (url.startsWith("/api/weather?")) return Promise.resolve(weatherAnswer());
  return Promise.resolve(new Response("{}", { status: 404 }));
});

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

function withGeolocation(geo: Geo | undefined) {
  if (geo) Object.defineProperty(navigator, "geolocation", { configurable: true, value: geo });
  else Reflect.deleteProperty(navigator, "geolocation");
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PoultryWeather />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockClear();
  weatherAnswer = () => json(FREEZING);
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  withGeolocation(undefined);
});

describe("PoultryWeather location", () => {
  it("says 'Loading...' while the browser looks up the position", async () => {
    withGeolocation({ getCurrentPosition: vi.fn() });
    renderPage();
    expect(screen.getByTestId("weather-location").textContent).toBe("Loading...");
    // Still loading once the signed-out check is done and the browser was asked.
    await vi.waitFor(() => expect(navigator.geolocation.getCurrentPosition).toHaveBeenCalled());
    expect(screen.getByTestId("weather-location").textContent).toBe("Loading...");
    expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith("/api/weather?"))).toBe(false);
  });

  it("shows 'Your Location' and the live forecast for the browser's position", async () => {
    withGeolocation({
      getCurrentPosition: (ok) =>
        ok({ coords: { latitude: 51.5072, longitude: -0.1276 } } as GeolocationPosition),
    });
    renderPage();
    expect(await screen.findByText("Your Location")).toBeInTheDocument();
    expect((await screen.findByTestId("current-temp")).textContent).toBe("20°F");
    expect(screen.getByTestId("current-wind").textContent).toBe("30 mph");
    expect(screen.getByText("Freezing temperatures")).toBeInTheDocument();
    // The alert's temperature arrives as a number in °F and is written in the keeper's units.
    expect(screen.getByText("It is 20°F. Check waterers for ice.")).toBeInTheDocument();
    expect(screen.getByText("Protect combs from frostbite")).toBeInTheDocument();
    expect(screen.getByText(/Live forecast from Open-Meteo/)).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.includes("weather?"));
    expect(asked).toBe("/api/weather?lat=51.51&lon=-0.13&units=imperial");
  });

  it("says 'Location unavailable' and offers to save a place when the browser refuses", async () => {
    withGeolocation({
      getCurrentPosition: (_ok, fail) => fail?.({ code: 1 } as GeolocationPositionError),
    });
    renderPage();
    expect(await screen.findByText("Location unavailable")).toBeInTheDocument();
    expect(await screen.findByLabelText("Place name", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId("current-temp")).not.toBeInTheDocument();
  });

  it("says 'Location unavailable' when the browser has no geolocation at all", async () => {
    withGeolocation(undefined);
    renderPage();
    expect(await screen.findByText("Location unavailable")).toBeInTheDocument();
  });

  it("uses a place saved on this device when signed out", async () => {
    localStorage.setItem(
      "flockkeeper.weather.place",
      JSON.stringify({ name: "Home farm", latitude: 52.2, longitude: 0.12 }),
    );
    withGeolocation({ getCurrentPosition: vi.fn() });
    renderPage();
    expect(await screen.findByText("Home farm")).toBeInTheDocument();
    expect((await screen.findByTestId("current-temp")).textContent).toBe("20°F");
    // The keeper's °C: the same alert reads in °C, with nothing rewritten from a °F sentence.
    await userEvent.click(screen.getByRole("button", { name: "°C, km/h" }));
    expect(await screen.findByText("It is -7°C. Check waterers for ice.")).toBeInTheDocument();
    // Back to the default, which this browser now remembers for the next tests.
    await userEvent.click(screen.getByRole("button", { name: "°F, mph" }));
    expect(await screen.findByText("It is 20°F. Check waterers for ice.")).toBeInTheDocument();
    expect(navigator.geolocation.getCurrentPosition).not.toHaveBeenCalled();
  });
});

describe("PoultryWeather when the provider fails", () => {
  it("says the forecast is unavailable and shows no figures", async () => {
    weatherAnswer = () =>
      json(
        {
          statusCode: 503,
          code: "WEATHER_UNAVAILABLE",
          message: "Weather forecast is unavailable right now",
        },
        503,
      );
    withGeolocation({
      getCurrentPosition: (ok) =>
        ok({ coords: { latitude: 10, longitude: 20 } } as GeolocationPosition),
    });
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(
      within(alert).getByText("Weather forecast is unavailable right now"),
    ).toBeInTheDocument();
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.queryByTestId("current-temp")).not.toBeInTheDocument();
    expect(screen.queryByText("Freezing temperatures")).not.toBeInTheDocument();
    expect(screen.getByTestId("weather-location").textContent).toBe("Your Location");
    // The care guide (general advice, not a forecast) is still there.
    expect(screen.getByText("Weather care guide")).toBeInTheDocument();
  });
});
