import { z } from "zod";
import { normalizeRaritySpecies } from "../domain/rarity";
import { conservationBody, rarityDatasetSpecies, rarityLevel } from "./breed";

/** Query of GET /api/breeds: optional species (any usual spelling) and forms=1 for the flock forms' list. */
export const breedsQuery = z.object({
  species: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((value, ctx) => {
      if (!value || value === "all") return undefined;
      const species = normalizeRaritySpecies(value);
      if (!species) {
        ctx.addIssue({ code: "custom", message: "Unknown species" });
        return z.NEVER;
      }
      return species;
    }),
  forms: z.enum(["0", "1", "true", "false"]).optional(),
});
export type BreedsQuery = z.output<typeof breedsQuery>;

/** A breed as the rarity explorer and the flock forms use it. */
export const breedSummary = z.object({
  id: z.string(),
  name: z.string(),
  aliases: z.array(z.string()),
  species: rarityDatasetSpecies,
  score: z.number().int().min(0).max(100),
  level: rarityLevel,
  description: z.string(),
  /** The listing and the year of the list it comes from (absent when not listed anywhere). */
  conservation: z.object({
    body: conservationBody,
    status: z.string(),
    year: z.number().int().optional(),
  }),
  commonInFlockForms: z.boolean(),
  origin: z.string().optional(),
  purpose: z.string().optional(),
  eggColor: z.string().optional(),
});
export type BreedSummary = z.infer<typeof breedSummary>;

/** Response of GET /api/breeds. */
export const breedList = z.array(breedSummary);
