import { TEMPERATURE_BANDS } from "@flockkeeper/shared/domain/weather-alerts";
import type { WeatherResponse } from "@flockkeeper/shared/schemas/weather";
import { Card, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { WeatherIcon } from "./weather-icon";

/** The 5-day forecast: high and low (coloured by band), conditions and rain. */
export function ForecastDays({ weather }: { weather: WeatherResponse }) {
  const unit = weather.temperatureUnit;
  return (
    <Card>
      <CardTitle>5-day forecast</CardTitle>
      <ol className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {weather.forecast.map((d) => (
          <li
            key={d.date}
            className={cn("rounded-lg p-3 text-center", TEMPERATURE_BANDS[d.band].bgClass)}
          >
            <p className="font-bold text-stone-900">
              <time dateTime={d.date}>{d.day}</time>
            </p>
            <WeatherIcon code={d.weatherCode} className="mx-auto my-1 size-8 text-stone-800" />
            <p className="text-sm text-stone-800">{d.conditions}</p>
            <p className="mt-1 font-semibold text-stone-900">
              <span className="sr-only">High </span>
              {Math.round(d.high)}
              {unit}
              <span aria-hidden> / </span>
              <span className="sr-only">, low </span>
              {Math.round(d.low)}
              {unit}
            </p>
            {d.precipitation !== null && d.precipitation > 0 && (
              <p className="text-xs text-stone-700">
                Rain {d.precipitation} {weather.precipitationUnit}
              </p>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}
