import { fToC, mmToInches, mphToKmh } from "./units";

/*
 * The weather API's numbers in the units asked for (`?units=`): °F and mph, or °C and km/h. Alert
 * and care texts are `UnitText`s (domain/units.ts), formatted by the web app.
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
  const inches = Math.round(mmToInches(mm) * 100) / 100;
  return inches === 0 ? 0 : inches;
}
