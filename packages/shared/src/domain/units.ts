/*
 * Units, in one place: the conversions, the keeper's unit vocabulary, and quantities inside
 * messages. Records are stored and computed in the spec's units (°F, lbs, mph, mm); the server
 * sends numbers in those units and the web app formats them in the keeper's units and locale
 * (DECISIONS.md 13). A message that contains a quantity travels as a template with typed
 * parameters (`UnitText`), never as an English sentence with "°F" baked in that the client would
 * have to rewrite. The English template is the message id, gettext-style, so a translation can
 * later be looked up by it.
 */

/** Temperature units a keeper can choose; °F is the stored unit. */
export const TEMPERATURE_UNITS = ["F", "C"] as const;
/** Weight units a keeper can choose; lbs is the stored unit. */
export const WEIGHT_UNITS = ["lbs", "kg"] as const;
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** The keeper's units. Wind and rain follow temperature: °F with mph and inches, °C with km/h and mm. */
export interface UnitPrefs {
  temperatureUnit: TemperatureUnit;
  weightUnit: WeightUnit;
}

/** The spec's units, used when a keeper has chosen none (and for the API's sentence fields). */
export const DEFAULT_UNITS = { temperatureUnit: "F", weightUnit: "lbs" } as const;

/** °F to °C. */
export const fToC = (f: number) => ((f - 32) * 5) / 9;
/** °C to °F. */
export const cToF = (c: number) => (c * 9) / 5 + 32;
/** lbs to kg (the international avoirdupois pound). */
export const lbsToKg = (lbs: number) => lbs * 0.45359237;
/** kg to lbs. */
export const kgToLbs = (kg: number) => kg / 0.45359237;
/** Miles per hour to kilometres per hour. */
export const mphToKmh = (mph: number) => mph * 1.609344;
/** Kilometres per hour to miles per hour. */
export const kmhToMph = (kmh: number) => kmh / 1.609344;
/** Millimetres to inches. */
export const mmToInches = (mm: number) => mm / 25.4;

/** Rounds to `digits` decimals, turning -0 into 0. */
export function roundTo(n: number, digits: number): number {
  const f = 10 ** digits;
  const r = Math.round(n * f) / f;
  return r === 0 ? 0 : r;
}

/** The stored units a quantity inside a message can carry. */
export const QUANTITY_UNITS = ["°F", "lbs", "mph", "mm"] as const;
export type QuantityUnit = (typeof QUANTITY_UNITS)[number];

/**
 * A number with its (stored) unit, as sent by the server inside a message. `to` makes it a range
 * ("65-75°F"); `difference` marks a temperature step ("5°F less"), converted without the offset.
 */
export interface Quantity {
  value: number;
  unit: QuantityUnit;
  to?: number;
  difference?: boolean;
}

/** A message with quantities: `text` holds `{name}` placeholders for `params`. */
export interface UnitText {
  text: string;
  params: Record<string, Quantity>;
}

/** Builds a `UnitText` (a tagged helper would hide the placeholder names the client sees). */
export const unitText = (text: string, params: Record<string, Quantity> = {}): UnitText => ({
  text,
  params,
});

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string | undefined, digits: number): Intl.NumberFormat {
  const key = `${locale ?? ""}|${digits}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
    numberFormats.set(key, f);
  }
  return f;
}

/** A number in the locale's digits and separators, at most `digits` decimals ("-0" never shown). */
export function formatNumber(n: number, digits: number, locale?: string): string {
  return numberFormat(locale, digits).format(roundTo(n, digits));
}

/**
 * A quantity in the keeper's units, the way it reads inside a sentence: temperatures whole degrees
 * with the symbol attached ("85°F", "29°C"), weights to 2 decimals in lbs and 1 in kg ("5.5 lbs",
 * "2.5 kg"), wind whole ("30 mph", "48 km/h"), rain to 2 decimals in inches and 1 in mm.
 */
export function formatQuantity(q: Quantity, units: UnitPrefs, locale?: string): string {
  const values = q.to === undefined ? [q.value] : [q.value, q.to];
  let convert: (n: number) => number = (n) => n;
  let digits = 0;
  let suffix: string;
  switch (q.unit) {
    case "°F":
      if (units.temperatureUnit === "C") convert = q.difference ? (n) => (n * 5) / 9 : fToC;
      suffix = units.temperatureUnit === "C" ? "°C" : "°F";
      break;
    case "lbs":
      digits = units.weightUnit === "kg" ? 1 : 2;
      if (units.weightUnit === "kg") convert = lbsToKg;
      suffix = units.weightUnit === "kg" ? " kg" : " lbs";
      break;
    case "mph":
      if (units.temperatureUnit === "C") convert = mphToKmh;
      suffix = units.temperatureUnit === "C" ? " km/h" : " mph";
      break;
    case "mm":
      digits = units.temperatureUnit === "C" ? 1 : 2;
      if (units.temperatureUnit === "F") convert = mmToInches;
      suffix = units.temperatureUnit === "C" ? " mm" : " in";
      break;
  }
  return values.map((v) => formatNumber(convert(v), digits, locale)).join("-") + suffix;
}

/** A message with its quantities formatted in the keeper's units. Unknown placeholders stay. */
export function renderUnitText(msg: UnitText, units: UnitPrefs, locale?: string): string {
  return msg.text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const q = msg.params[name];
    return q ? formatQuantity(q, units, locale) : whole;
  });
}

/** A message in the spec's units and US English, for the API's sentence fields. */
export const defaultText = (msg: UnitText) => renderUnitText(msg, DEFAULT_UNITS, "en-US");
