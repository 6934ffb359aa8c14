/*
 * Display labels of the poultry species, free of zod so the browser can load them without the
 * schema library. `schemas/species.ts` re-exports them unchanged.
 */

/** The poultry species FlockKeeper tracks, in display order (`poultrySpecies` in schemas/species.ts). */
export const POULTRY_SPECIES = [
  "chicken",
  "duck",
  "goose",
  "turkey",
  "guinea_fowl",
  "quail",
] as const;
/** One of the six species (the same type as `PoultrySpecies` of schemas/species.ts). */
export type PoultrySpecies = (typeof POULTRY_SPECIES)[number];
type Species = PoultrySpecies;

/** True for one of the six species' values (a URL parameter, say), without the schema library. */
export function isPoultrySpecies(value: unknown): value is Species {
  return (POULTRY_SPECIES as readonly unknown[]).includes(value);
}

/** Singular display labels for each species. */
export const SPECIES_LABELS: Record<Species, string> = {
  chicken: "Chicken",
  duck: "Duck",
  goose: "Goose",
  turkey: "Turkey",
  guinea_fowl: "Guinea fowl",
  quail: "Quail",
};

/** Plural display labels for each species. */
export const SPECIES_PLURAL_LABELS: Record<Species, string> = {
  chicken: "Chickens",
  duck: "Ducks",
  goose: "Geese",
  turkey: "Turkeys",
  guinea_fowl: "Guinea fowl",
  quail: "Quail",
};

/** Returns the singular or plural label for a species depending on count. */
export function speciesLabel(species: Species, count = 1): string {
  return count === 1 ? SPECIES_LABELS[species] : SPECIES_PLURAL_LABELS[species];
}
