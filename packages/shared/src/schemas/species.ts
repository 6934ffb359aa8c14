import { z } from "zod";
import { POULTRY_SPECIES } from "../domain/species-labels";

/** The poultry species FlockKeeper tracks for birds and hatch records. */
export const poultrySpecies = z.enum(POULTRY_SPECIES);

export type PoultrySpecies = z.infer<typeof poultrySpecies>;

export {
  POULTRY_SPECIES,
  SPECIES_LABELS,
  SPECIES_PLURAL_LABELS,
  isPoultrySpecies,
  speciesLabel,
} from "../domain/species-labels";
