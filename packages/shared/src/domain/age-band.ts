import type { PoultrySpecies } from "../schemas/species";

/** Broad life stages conditions are recorded for. */
export const AGE_BANDS = ["chick", "young", "adult"] as const;
/** One life stage: chick (brooder age), young (growing) or adult (laying or breeding age). */
export type AgeBand = (typeof AGE_BANDS)[number];

// Quail grow up in weeks, the rest in months: [end of chick stage, end of growing stage] in days.
const STAGE_ENDS: Readonly<Record<PoultrySpecies, readonly [number, number]>> = {
  chicken: [42, 140],
  duck: [28, 140],
  goose: [28, 168],
  turkey: [56, 168],
  guinea_fowl: [42, 140],
  quail: [21, 42],
};

/** The life stage of a bird of this species at this age in days. */
export function ageBandOf(species: PoultrySpecies, days: number): AgeBand {
  const [chickEnd, youngEnd] = STAGE_ENDS[species];
  if (days < chickEnd) return "chick";
  if (days < youngEnd) return "young";
  return "adult";
}
