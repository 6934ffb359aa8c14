/*
 * Care facts that several pages state (care guide, Learn, blog, calculators, conditions). They live
 * here once so the pages cannot drift apart: components import CARE_FACT_TEXT, Markdown content
 * writes `{{care:key}}` (expanded at build time by apps/web/vite/markdown-plugin.ts), and
 * scripts/care-facts.test.ts fails when any page states one of these figures any other way.
 * Hatch durations are not here: they come from data/incubation-profiles.json (`{{hatch:id}}`).
 */
import { DANGER_HEAT_F, LAYER_HEAT_STRESS_F, PANTING_F } from "./weather-alerts.ts";

/** An inclusive range of whole numbers. */
export interface FactRange {
  min: number;
  max: number;
}

/** Protein in a complete layer ration, % (Agriculture Victoria; Merck, nutritional requirements). */
export const LAYER_FEED_PROTEIN_PCT: FactRange = { min: 16, max: 18 };
/** Protein in chick starter for chicks of laying breeds, %. */
export const CHICK_STARTER_PROTEIN_PCT: FactRange = { min: 18, max: 20 };
/** Protein in a meat-chick (broiler) starter, about %. */
export const MEAT_CHICK_STARTER_PROTEIN_PCT = 22;
/** Protein in a turkey or game-bird starter (poults, quail, pheasants), %. */
export const GAME_BIRD_STARTER_PROTEIN_PCT: FactRange = { min: 26, max: 28 };

/** A warm soak for an egg-bound hen, about this many minutes. */
export const EGG_BINDING_SOAK_MINUTES = 20;

/** Laying hens start to struggle from about here, °C (weather-alerts keeps the °F rule). */
export const HEAT_STRESS_FROM_C: FactRange = { min: 24, max: 25 };
/** The same in °F. */
export const HEAT_STRESS_FROM_F: FactRange = { min: LAYER_HEAT_STRESS_F, max: 77 };
/** Birds pant with wings held out above about this, °C. */
export const HEAT_PANTING_C = 26;
/** Heat deaths become likely above about this, °C (Hy-Line). */
export const HEAT_DEATHS_C = 33;

const range = (r: FactRange) => `${r.min}-${r.max}`;

/** The phrase each page shows for a care fact, by key (Markdown: `{{care:key}}`). */
export const CARE_FACT_TEXT = {
  "layer-feed-protein": `${range(LAYER_FEED_PROTEIN_PCT)}%`,
  "chick-starter-protein": `${range(CHICK_STARTER_PROTEIN_PCT)}%`,
  "meat-chick-starter-protein": `about ${MEAT_CHICK_STARTER_PROTEIN_PCT}%`,
  "game-bird-starter-protein": `about ${range(GAME_BIRD_STARTER_PROTEIN_PCT)}%`,
  "egg-binding-soak": `about ${EGG_BINDING_SOAK_MINUTES} minutes`,
  "heat-stress-from": `about ${range(HEAT_STRESS_FROM_C)}°C (${range(HEAT_STRESS_FROM_F)}°F)`,
  "heat-panting": `about ${HEAT_PANTING_C}°C (${PANTING_F}°F)`,
  "heat-deaths": `about ${HEAT_DEATHS_C}°C (${DANGER_HEAT_F}°F)`,
} as const;
/** Key of a care fact phrase. */
export type CareFactKey = keyof typeof CARE_FACT_TEXT;

/** What an incubation profile says about its duration (data/incubation-profiles.json). */
export interface HatchDuration {
  incubationDays: number;
  incubationDaysRange: FactRange;
}

/** "21 days", or "about 35 days (33-37)" when the profile gives a range. */
export function hatchDaysText(p: HatchDuration): string {
  const { min, max } = p.incubationDaysRange;
  return min === max && min === p.incubationDays
    ? `${p.incubationDays} days`
    : `about ${p.incubationDays} days (${min}-${max})`;
}

/**
 * Replaces `{{care:key}}` with CARE_FACT_TEXT[key] and `{{hatch:profile-id}}` with that
 * profile's hatchDaysText. An unknown key or profile throws, so a typo fails the build.
 */
export function expandCareFacts(
  source: string,
  profiles: readonly (HatchDuration & { id: string })[],
): string {
  return source.replace(
    /\{\{(care|hatch):([a-z0-9-]+)\}\}/g,
    (token, kind: string, key: string) => {
      if (kind === "care") {
        if (!Object.hasOwn(CARE_FACT_TEXT, key)) throw new Error(`Unknown care fact ${token}`);
        return CARE_FACT_TEXT[key as CareFactKey];
      }
      const profile = profiles.find((p) => p.id === key);
      if (!profile) throw new Error(`Unknown incubation profile ${token}`);
      return hatchDaysText(profile);
    },
  );
}
