import { z } from "zod";
import { poultrySpecies } from "./species";

/*
 * Incubation profiles (data/incubation-profiles.json): per species and variant, how long the eggs
 * take, the temperature and humidity for setting and for lockdown in forced-air and still-air
 * incubators, the day turning stops and the candling days. A hatch record picks one (`profileId`);
 * without one, the spec's per-species durations stay the fallback.
 */

const text = z.string().trim().min(1);
const range = z
  .object({ min: z.number(), max: z.number() })
  .refine((r) => r.min <= r.max, { message: "min must not exceed max" });

/** Temperature (°F) and relative humidity (%) for one kind of incubator. */
export const incubatorConditions = z.object({
  /** At the centre of a forced-air incubator, or at the top of the eggs in a still-air one. */
  temperatureF: z.number().min(95).max(104),
  /** Relative humidity from setting until lockdown. */
  setHumidityPct: range,
  /** Relative humidity from lockdown to the hatch. */
  lockdownHumidityPct: range,
});
export type IncubatorConditions = z.infer<typeof incubatorConditions>;

export const incubationProfile = z
  .object({
    /** Stable id, kebab-case (e.g. "duck-muscovy"). */
    id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    species: poultrySpecies,
    /** What distinguishes this profile within the species (e.g. "Muscovy", "Bantam breeds"). */
    variant: text,
    /** Breeds this profile is meant for (empty: the species in general). */
    breeds: z.array(text),
    /** Days from setting to the expected hatch: the one number the countdown uses. */
    incubationDays: z.number().int().min(10).max(45),
    /** The usual spread of hatch days. */
    incubationDaysRange: range,
    forcedAir: incubatorConditions,
    stillAir: incubatorConditions,
    /** Day (counted from setting, day 0) turning stops and humidity goes up ("lockdown"). */
    lockdownDay: z.number().int().min(1),
    /** Days to candle, in order. */
    candlingDays: z.array(z.number().int().min(1)).min(1),
    /** How many times a day to turn the eggs until lockdown. */
    turnsPerDay: range,
    notes: text.optional(),
    /** True when a figure rests on weaker sources (knowledge-sources.md marks these ⚠). */
    uncertain: z.boolean(),
    sources: z.array(text).min(1),
  })
  .refine((p) => p.lockdownDay < p.incubationDays, {
    message: "lockdownDay must come before the hatch",
  })
  .refine(
    (p) =>
      p.incubationDays >= p.incubationDaysRange.min &&
      p.incubationDays <= p.incubationDaysRange.max,
    { message: "incubationDays must lie within incubationDaysRange" },
  )
  .refine(
    (p) => p.candlingDays.every((d, i, all) => d <= p.lockdownDay && (i === 0 || d > all[i - 1]!)),
    {
      message: "candlingDays must be increasing and no later than lockdown",
    },
  );
export type IncubationProfile = z.infer<typeof incubationProfile>;

/** The whole dataset: unique ids. */
export const incubationProfileDataset = z
  .array(incubationProfile)
  .min(1)
  .refine((all) => new Set(all.map((p) => p.id)).size === all.length, {
    message: "profile ids must be unique",
  });

/** `GET /api/incubation-profiles` answer. */
export const incubationProfileList = z.array(incubationProfile);
