import { z } from "zod";

const count = z.number().int().min(0);

/**
 * `GET /api/stats`: live figures for the marketing pages (DECISIONS point 2: honest numbers only).
 * A figure the server cannot back is left out (the property is absent), never estimated.
 */
export const statsResponse = z.object({
  /** Keepers who have signed in at least once (rows in users). */
  keepers: count.optional(),
  /** Health and droppings analyses run by signed-in keepers (rows in analyses). */
  analyses: count.optional(),
  /** Foods and plants in the food-safety knowledge base. */
  foods: count.optional(),
  /** Breeds in the breed and rarity knowledge base. */
  breeds: count.optional(),
  /** Poultry species supported throughout the app. */
  species: count,
  /** The configurable social page link (header and home "Follow Facebook"). */
  socialUrl: z.string(),
  /** When these figures were counted (they are cached for a minute). */
  generatedAt: z.string(),
});
export type StatsResponse = z.infer<typeof statsResponse>;
