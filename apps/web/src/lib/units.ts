import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import type { AccountSettings } from "@flockkeeper/shared/schemas/account";
import {
  DEFAULT_UNITS,
  TEMPERATURE_UNITS,
  WEIGHT_UNITS,
  cToF,
  fToC,
  formatNumber,
  kgToLbs,
  lbsToKg,
  roundTo,
  type TemperatureUnit,
  type UnitPrefs,
  type WeightUnit,
} from "@flockkeeper/shared/domain/units";
import { apiGet, apiSend } from "./api-client";
import { useAuth } from "./auth";

/*
 * The keeper's units preference, for every feature that shows a temperature or a weight.
 * Records are stored in the spec's units (°F, lbs); these helpers convert only for display and
 * input, with the conversions of shared/domain/units.ts, in the browser's locale. Signed in, the
 * preference comes from `GET /api/account/settings`; signed out, from this browser's local storage.
 */

export type Units = UnitPrefs;

export const UNITS_STORAGE_KEY = "flockkeeper-units";
/** Query key of `GET /api/account/settings` (shared with the account feature). */
export const accountSettingsKey = ["account", "settings"] as const;

/** Fetches the signed-in keeper's settings. */
export const fetchAccountSettings = () => apiGet<AccountSettings>("/api/account/settings");

const listeners = new Set<() => void>();
let localCache: string | null | undefined;

function readLocalRaw(): string | null {
  if (localCache === undefined) {
    try {
      localCache = window.localStorage.getItem(UNITS_STORAGE_KEY);
    } catch {
      localCache = null;
    }
  }
  return localCache;
}

/** The units saved in this browser (defaults when none or unreadable). */
export function readLocalUnits(raw = readLocalRaw()): Units {
  try {
    const v = JSON.parse(raw ?? "{}") as Partial<Units>;
    return {
      temperatureUnit: TEMPERATURE_UNITS.includes(v.temperatureUnit as TemperatureUnit)
        ? (v.temperatureUnit as TemperatureUnit)
        : DEFAULT_UNITS.temperatureUnit,
      weightUnit: WEIGHT_UNITS.includes(v.weightUnit as WeightUnit)
        ? (v.weightUnit as WeightUnit)
        : DEFAULT_UNITS.weightUnit,
    };
  } catch {
    return { ...DEFAULT_UNITS };
  }
}

/** Saves units in this browser. */
export function writeLocalUnits(units: Units) {
  localCache = JSON.stringify(units);
  try {
    window.localStorage.setItem(UNITS_STORAGE_KEY, localCache);
  } catch {
    // Private mode or full storage: the choice lasts for this visit only.
  }
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The units to show, and a setter that saves them (to the account when signed in). */
export function useUnits(): Units & {
  isLoading: boolean;
  setUnits: (next: Partial<Units>) => Promise<void>;
} {
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const qc = useQueryClient();
  const localRaw = useSyncExternalStore(subscribe, readLocalRaw, () => null);
  const local = readLocalUnits(localRaw);
  const settings = useQuery({
    queryKey: accountSettingsKey,
    queryFn: fetchAccountSettings,
    enabled: isAuthenticated,
    staleTime: 5 * 60_000,
  });
  const units: Units =
    isAuthenticated && settings.data
      ? { temperatureUnit: settings.data.temperatureUnit, weightUnit: settings.data.weightUnit }
      : local;
  const setUnits = useCallback(
    async (next: Partial<Units>) => {
      writeLocalUnits({ ...local, ...next });
      if (isAuthenticated) {
        const saved = await apiSend<AccountSettings>("PATCH", "/api/account/settings", next);
        qc.setQueryData(accountSettingsKey, saved);
      }
    },
    [isAuthenticated, local, qc],
  );
  return { ...units, isLoading: authLoading || (isAuthenticated && settings.isLoading), setUnits };
}

const round = roundTo;

/** A stored °F temperature in the keeper's unit, e.g. "21.1 °C". */
export function formatTemperature(fahrenheit: number, unit: TemperatureUnit, digits = 1): string {
  const v = unit === "C" ? fToC(fahrenheit) : fahrenheit;
  return `${formatNumber(v, digits)} °${unit}`;
}

/** A stored lbs weight in the keeper's unit, e.g. "2.9 kg". */
export function formatWeight(lbs: number, unit: WeightUnit, digits = 1): string {
  const v = unit === "kg" ? lbsToKg(lbs) : lbs;
  return `${formatNumber(v, digits)} ${unit}`;
}

/** A temperature typed in the keeper's unit, as the °F the API stores. */
export const temperatureToFahrenheit = (value: number, unit: TemperatureUnit) =>
  unit === "C" ? cToF(value) : value;

/** A weight typed in the keeper's unit, as the lbs the API stores. */
export const weightToLbs = (value: number, unit: WeightUnit) =>
  unit === "kg" ? kgToLbs(value) : value;

const typedNumber = (text: string): number | null => {
  const t = text.trim();
  if (t === "") return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
};

/**
 * Text typed into a weight field (in the keeper's unit) as the lbs text the forms validate and
 * send. Blank or non-numeric text is passed on unchanged, so the form's own checks report it.
 */
export function weightTextToLbs(text: string, unit: WeightUnit): string {
  const n = typedNumber(text);
  return n === null || unit === "lbs" ? text : String(round(kgToLbs(n), 4));
}

/** Text typed into a temperature field (in the keeper's unit) as the °F text the API takes. */
export function temperatureTextToFahrenheit(text: string, unit: TemperatureUnit): string {
  const n = typedNumber(text);
  return n === null || unit === "F" ? text : String(round(cToF(n), 2));
}

/** A stored lbs weight as the text of a form field in the keeper's unit ("" for none). */
export function weightFieldText(lbs: number | null, unit: WeightUnit): string {
  if (lbs === null) return "";
  return String(unit === "kg" ? round(lbsToKg(lbs), 2) : lbs);
}

/** A stored °F temperature as the text of a form field in the keeper's unit ("" for none). */
export function temperatureFieldText(fahrenheit: number | null, unit: TemperatureUnit): string {
  if (fahrenheit === null) return "";
  return String(unit === "C" ? round(fToC(fahrenheit), 1) : fahrenheit);
}

/** A stored lbs figure in the keeper's unit, rounded for charts and lists (number only). */
export const weightIn = (lbs: number, unit: WeightUnit, digits = 2) =>
  round(unit === "kg" ? lbsToKg(lbs) : lbs, digits);
