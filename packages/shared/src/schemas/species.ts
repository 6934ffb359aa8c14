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

export { SPECIES_LABELS, SPECIES_PLURAL_LABELS, speciesLabel } from "../domain/species-labels";
