import { z } from "zod";

/** The poultry species FlockKeeper tracks for birds and hatch records. */
export const poultrySpecies = z.enum([
  "chicken",
  "duck",
  "goose",
  "turkey",
  "guinea_fowl",
  "quail",
]);

export type PoultrySpecies = z.infer<typeof poultrySpecies>;

/** All species values, in display order. */
export const POULTRY_SPECIES: readonly PoultrySpecies[] = poultrySpecies.options;

/** Singular display labels for each species. */
export const SPECIES_LABELS: Record<PoultrySpecies, string> = {
  chicken: "Chicken",
  duck: "Duck",
  goose: "Goose",
  turkey: "Turkey",
  guinea_fowl: "Guinea fowl",
  quail: "Quail",
};

/** Plural display labels for each species. */
export const SPECIES_PLURAL_LABELS: Record<PoultrySpecies, string> = {
  chicken: "Chickens",
  duck: "Ducks",
  goose: "Geese",
  turkey: "Turkeys",
  guinea_fowl: "Guinea fowl",
  quail: "Quail",
};

/** Returns the singular or plural label for a species depending on count. */
export function speciesLabel(species: PoultrySpecies, count = 1): string {
  return count === 1 ? SPECIES_LABELS[species] : SPECIES_PLURAL_LABELS[species];
}
