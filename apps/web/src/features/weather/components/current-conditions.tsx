import { Droplets, Wind } from "lucide-react";
import { TEMPERATURE_BANDS } from "@flockkeeper/shared/domain/weather-alerts";
import type { WeatherResponse } from "@flockkeeper/shared/schemas/weather";
import { Card, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { WeatherIcon } from "./weather-icon";
import { formatMoment } from "@/lib/dates";

/** Current temperature (coloured by band), conditions, humidity and wind. */
export function CurrentConditions({ weather }: { weather: WeatherResponse }) {
  const band = TEMPERATURE_BANDS[weather.band];
  const updated = formatMoment(weather.fetchedAt, "time");
  return (
    <Card>
      <CardTitle>Current conditions</CardTitle>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <WeatherIcon code={weather.weatherCode} className="size-14 text-amber-600" />
        <div>
          <p className={cn("text-5xl font-extrabold", band.colorClass)} data-testid="current-temp">
            {Math.round(weather.temperature)}
            {weather.temperatureUnit}
          </p>
          <p className="text-lg font-semibold text-stone-900" data-testid="current-conditions">
            {weather.conditions}
          </p>
          <span
            className={cn(
              "mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold",
              band.bgClass,
              "text-stone-900",
            )}
          >
            {band.name}
          </span>
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:ml-auto">
          <div className="rounded-lg bg-sky-50 p-3">
            <dt className="flex items-center gap-1 text-sm text-stone-700">
              <Droplets className="size-4" aria-hidden /> Humidity
            </dt>
            <dd className="text-xl font-bold text-stone-900" data-testid="current-humidity">
              {weather.humidity}%
            </dd>
          </div>
          <div className="rounded-lg bg-stone-50 p-3">
            <dt className="flex items-center gap-1 text-sm text-stone-700">
              <Wind className="size-4" aria-hidden /> Wind
            </dt>
            <dd className="text-xl font-bold text-stone-900" data-testid="current-wind">
              {Math.round(weather.windSpeed)} {weather.windUnit}
            </dd>
          </div>
        </dl>
      </div>
      <p className="mt-3 text-xs text-stone-600">
        Live forecast from {weather.source}, updated {updated}.
      </p>
    </Card>
  );
}
