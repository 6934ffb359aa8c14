import type { BreedRecord } from "@flockkeeper/shared/schemas/breed";
import type { BreedRarity } from "@flockkeeper/shared/schemas/breed-id";
import { lookupRarity } from "@flockkeeper/shared/domain/rarity";
import { breedWeightText } from "@flockkeeper/shared/domain/breed-weight";
import type { UnitText } from "@flockkeeper/shared/domain/units";

/** Rarity of an identified breed from the dataset; unknown breeds get the spec's 25, Common. */
export function breedRarityFor(
  breed: string,
  species: string,
  breeds: readonly BreedRecord[],
): BreedRarity {
  const r = lookupRarity(breed, species, breeds);
  return {
    score: r.score,
    level: r.level,
    colour: r.colour,
    icon: r.icon,
    description: r.description,
    found: r.found,
  };
}

/** The identified breed's typical weights from the dataset, or null when it has none. */
export function breedWeightsFor(
  breed: string,
  species: string,
  breeds: readonly BreedRecord[],
): UnitText | null {
  const weights = lookupRarity(breed, species, breeds).breed?.weightLbs;
  return weights ? breedWeightText(weights) : null;
}
