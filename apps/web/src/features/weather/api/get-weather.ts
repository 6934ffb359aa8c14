import { queryOptions, useQuery } from "@tanstack/react-query";
import type { WeatherResponse, WeatherUnits } from "@flockkeeper/shared/schemas/weather";
import { apiGet } from "@/lib/api-client";

export type Coordinates = { latitude: number; longitude: number };

/** `GET /api/weather` for a location in the chosen units. */
export function fetchWeather(at: Coordinates, units: WeatherUnits): Promise<WeatherResponse> {
  const params = new URLSearchParams({
    lat: at.latitude.toFixed(2),
    lon: at.longitude.toFixed(2),
    units,
  });
  return apiGet<WeatherResponse>(`/api/weather?${params.toString()}`);
}

export const weatherQueryOptions = (at: Coordinates, units: WeatherUnits) =>
  queryOptions({
    queryKey: ["weather", at.latitude.toFixed(2), at.longitude.toFixed(2), units],
    queryFn: () => fetchWeather(at, units),
    // The server caches for 15 minutes and already waited 5 s for the provider: asking again at
    // once would only keep the keeper waiting. "Try again" is offered instead.
    retry: false,
    staleTime: 10 * 60_000,
  });

/** The forecast for a location, or nothing while there is no location. */
export function useWeather(at: Coordinates | null, units: WeatherUnits) {
  return useQuery({
    ...weatherQueryOptions(at ?? { latitude: 0, longitude: 0 }, units),
    enabled: at !== null,
  });
}
