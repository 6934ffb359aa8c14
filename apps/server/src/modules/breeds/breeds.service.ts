import type { BreedRecord, RarityDatasetSpecies } from "@flockkeeper/shared/schemas/breed";
import type { BreedSummary } from "@flockkeeper/shared/schemas/breeds-api";
import { getKnowledge } from "../../knowledge/index";

/** The API shape of a breed record. */
export function toBreedSummary(b: BreedRecord): BreedSummary {
  return {
    id: b.id,
    name: b.name,
    aliases: [...b.aliases],
    species: b.species,
    score: b.score,
    level: b.level,
    description: b.description,
    conservation: {
      body: b.conservation.body,
      status: b.conservation.status,
      ...(b.conservation.year === undefined ? {} : { year: b.conservation.year }),
    },
    commonInFlockForms: b.commonInFlockForms,
    ...(b.origin ? { origin: b.origin } : {}),
    ...(b.purpose ? { purpose: b.purpose } : {}),
    ...(b.eggColor ? { eggColor: b.eggColor } : {}),
  };
}

/**
 * Breeds of one species (or all). For the flock forms (`forms`), only the commonly kept breeds,
 * alphabetical; otherwise every breed, rarest first (the rarity explorer's order).
 */
export function listBreeds(
  species: RarityDatasetSpecies | undefined,
  forms: boolean,
): BreedSummary[] {
  const breeds = getKnowledge().breeds.filter(
    (b) => (!species || b.species === species) && (!forms || b.commonInFlockForms),
  );
  const sorted = forms
    ? [...breeds].sort((a, b) => a.name.localeCompare(b.name))
    : [...breeds].sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
  return sorted.map(toBreedSummary);
}
