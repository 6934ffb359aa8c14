import { z } from "zod";
import { analysisBirdId, analysisImage, analysisMeta } from "./analysis";
import { rarityLevel } from "./breed";
import { unitTextSchema } from "./unit-text";

/** `POST /api/identify-bird-breed`: base64 JPEG without prefix (a data URL is accepted too) and a timestamp. */
export const identifyBreedBody = z.object({
  image: analysisImage,
  timestamp: z.union([z.number(), z.string().max(64)]).optional(),
  birdId: analysisBirdId,
});
export type IdentifyBreedBody = z.input<typeof identifyBreedBody>;

const text = z.string().max(2000);
const textList = z.array(z.string().min(1).max(1000)).max(20);

/** The spec's Breed identification result (both readings: flat fields and `characteristics`). */
export const breedModelResult = z.object({
  breed: z.string().min(1).max(120),
  species: z.string().min(1).max(40),
  /** Percent, 0-100. */
  confidence: z.number().min(0).max(100),
  description: text,
  characteristics: z.object({
    size: text,
    purpose: text,
    temperament: text,
    eggProduction: text,
    eggColor: text,
    origin: text,
  }),
  eggProduction: text,
  averageWeight: text,
  temperament: text,
  eggColor: text,
  purpose: text,
  careNotes: textList,
  identificationMarkers: text,
  breedingNotes: text,
  physicalTraits: z.object({
    featherPattern: text,
    primaryColors: z.array(z.string().max(60)).max(10),
    combType: text,
    bodyShape: text,
    specialFeatures: z.array(z.string().max(200)).max(10),
  }),
  alternativeBreeds: z
    .array(
      z.object({
        breed: z.string().min(1).max(120),
        reason: text,
        confidence: z.number().min(0).max(100),
      }),
    )
    .max(5),
});
export type BreedModelResult = z.infer<typeof breedModelResult>;

/** Rarity of the identified breed, from the breed dataset (unknown breeds: 25, Common). */
export const breedRarity = z.object({
  score: z.number().int().min(0).max(100),
  level: rarityLevel,
  colour: z.string(),
  icon: z.string(),
  description: z.string(),
  found: z.boolean(),
});
export type BreedRarity = z.infer<typeof breedRarity>;

/** `POST /api/identify-bird-breed` answer. */
export const breedIdResult = breedModelResult.extend({
  ...analysisMeta,
  rarity: breedRarity,
  /**
   * The breed's typical weights from the breed dataset as a message with quantities (lbs), for
   * showing in the keeper's units; null when the breed is not in the dataset or has no weights
   * (then `averageWeight`, the spec's free text, is all there is). Absent in older saved results.
   */
  averageWeightText: unitTextSchema.nullable().optional(),
});
export type BreedIdResult = z.infer<typeof breedIdResult>;
