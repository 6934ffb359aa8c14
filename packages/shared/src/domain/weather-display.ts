import { fToC, mphToKmh } from "./weather-alerts";

/*
 * Unit display for weather: the alert and care texts are written in °F and mph; a keeper who chose
 * °C and km/h gets the same texts with every figure converted.
 */

/** °F / mph (default) or °C / km/h. */
export type DisplayUnits = "imperial" | "metric";

/** Rounds to one decimal, turning -0 into 0. */
function oneDecimal(value: number): number {
  const rounded = Math.round(value * 10) / 10;
  return rounded === 0 ? 0 : rounded;
}

/** A °F reading in the chosen units, one decimal. */
export function displayTemperature(f: number, units: DisplayUnits): number {
  return oneDecimal(units === "metric" ? fToC(f) : f);
}

/** An mph reading in the chosen units, one decimal. */
export function displayWind(mph: number, units: DisplayUnits): number {
  return oneDecimal(units === "metric" ? mphToKmh(mph) : mph);
}

/** A precipitation amount in mm shown as inches (imperial, two decimals) or mm (one decimal). */
export function displayPrecipitation(mm: number, units: DisplayUnits): number {
  if (units === "metric") return oneDecimal(mm);
  const inches = Math.round((mm / 25.4) * 100) / 100;
  return inches === 0 ? 0 : inches;
}

function c(f: number): number {
  const value = Math.round(fToC(f));
  return value === 0 ? 0 : value;
}

/**
 * Rewrites the °F and mph figures in an alert or recommendation text for metric display:
 * "65-75°F" -> "18-24°C", "5°F less" (a difference) -> "3°C less", "20°F" -> "-7°C",
 * "30 mph" -> "48 km/h". Imperial texts are returned unchanged.
 */
export function localizeWeatherText(text: string, units: DisplayUnits): string {
  if (units === "imperial") return text;
  return text
    .replace(/(-?\d+(?:\.\d+)?)-(-?\d+(?:\.\d+)?)°F/g, (_m, a: string, b: string) => {
      return `${c(Number(a))}-${c(Number(b))}°C`;
    })
    .replace(
      /(\d+(?:\.\d+)?)°F (less|lower|more|higher|warmer|cooler)/g,
      (_m, d: string, w: string) => {
        return `${Math.round((Number(d) * 5) / 9)}°C ${w}`;
      },
    )
    .replace(/(-?\d+(?:\.\d+)?)°F/g, (_m, f: string) => `${c(Number(f))}°C`)
    .replace(/(\d+(?:\.\d+)?) mph/g, (_m, v: string) => `${Math.round(mphToKmh(Number(v)))} km/h`);
}
