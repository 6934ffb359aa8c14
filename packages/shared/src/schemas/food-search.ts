import { z } from "zod";
import { foodCategory, foodSafetyLevel, poultrySpecies } from "./food";
import {
  FOOD_NAME_MAX,
  BULK_SEARCH_MAX,
  FOOD_NOT_FOUND_MESSAGE,
  FOOD_NOT_FOUND_GUIDANCE,
  BULK_NOT_FOUND_MESSAGE,
} from "../domain/food-search-texts";

export {
  FOOD_NAME_MAX,
  BULK_SEARCH_MAX,
  FOOD_NOT_FOUND_MESSAGE,
  FOOD_NOT_FOUND_GUIDANCE,
  BULK_NOT_FOUND_MESSAGE,
};

const foodName = z
  .string({ error: "Please enter a food or plant name" })
  .trim()
  .min(1, "Please enter a food or plant name")
  .max(FOOD_NAME_MAX, `Food names must be ${FOOD_NAME_MAX} characters or fewer`);

/** Query of GET /api/food-items/search. */
export const foodSearchQuery = z.object({ name: foodName });
export type FoodSearchQuery = z.infer<typeof foodSearchQuery>;

/**
 * How a search term matched: the item's name, one of its aliases, a plain misspelling of that
 * very name, or a plant part answered by the plant's (or the part's) entry.
 */
export const foodMatchType = z.enum(["exact", "alias", "fuzzy", "part"]);
export type FoodMatchType = z.infer<typeof foodMatchType>;

/** A food or plant as the API returns it. */
export const foodItem = z.object({
  id: z.string(),
  name: z.string(),
  aliases: z.array(z.string()),
  category: foodCategory,
  safetyLevel: foodSafetyLevel,
  description: z.string(),
  guidelines: z.string(),
  speciesNotes: z.partialRecord(poultrySpecies, z.string()).optional(),
  uncertain: z.boolean().optional(),
  sources: z.array(z.string()),
  /**
   * Set when no source we found names this food for poultry: the general rule its level follows,
   * shown with the sources.
   */
  generalRule: z.string().optional(),
  /** Which name or alias matched the search term, and how. */
  matchType: foodMatchType,
  matchedText: z.string(),
  /** The part of the plant the keeper asked about ("leaves"), when the search named one. */
  part: z.string().optional(),
  /**
   * When the part has no entry of its own and the plant's entry answers: the plant's sentences
   * about that part (the safety level is the plant's; read this for the part).
   */
  partGuidance: z.string().optional(),
  /** General rules and legal caveats that apply to this food (the treat rule, UK/EU law). */
  notes: z.array(z.string()).optional(),
});
export type FoodItem = z.infer<typeof foodItem>;

/** Body of POST /api/food-items/bulk-search. */
export const bulkSearchBody = z.object({
  names: z
    .array(
      z
        .string({ error: "Each name must be text" })
        .trim()
        .max(FOOD_NAME_MAX, `Each name must be ${FOOD_NAME_MAX} characters or fewer`),
      {
        error: "Names must be a list",
      },
    )
    .max(BULK_SEARCH_MAX, `Please check no more than ${BULK_SEARCH_MAX} names at a time`)
    .transform((names) => names.filter((n) => n.length > 0))
    .refine((names) => names.length > 0, "Please enter at least one plant or food name"),
});
export type BulkSearchBody = z.infer<typeof bulkSearchBody>;

/** One "Did you mean ...?" food offered when a search found nothing (never an answer itself). */
export const foodDidYouMean = z.object({
  id: z.string(),
  name: z.string(),
  safetyLevel: foodSafetyLevel,
});
export type FoodDidYouMean = z.infer<typeof foodDidYouMean>;

/** Body of the 404 answer of GET /api/food-items/search. */
export const foodNotFoundBody = z.object({
  statusCode: z.literal(404),
  code: z.string(),
  message: z.string(),
  guidance: z.string().optional(),
  suggestions: z.array(foodDidYouMean).optional(),
});
export type FoodNotFoundBody = z.infer<typeof foodNotFoundBody>;

/** One line of a bulk search answer: the term as sent, whether it matched, and the item. */
export const bulkSearchResult = z.object({
  searchTerm: z.string(),
  found: z.boolean(),
  item: foodItem.nullable(),
  /** When not found: the closest foods, as "Did you mean ...?". */
  suggestions: z.array(foodDidYouMean).optional(),
});
export type BulkSearchResult = z.infer<typeof bulkSearchResult>;

/** Response of POST /api/food-items/bulk-search, in the order of the names sent. */
export const bulkSearchResponse = z.array(bulkSearchResult);

/** Query of GET /api/food-items/suggestions (autocomplete). */
export const foodSuggestionsQuery = z.object({
  q: z.string().trim().max(100, "Search text must be 100 characters or fewer").default(""),
});

/** One autocomplete suggestion. */
export const foodSuggestion = z.object({
  id: z.string(),
  name: z.string(),
  safetyLevel: foodSafetyLevel,
  matchedText: z.string(),
});
export type FoodSuggestion = z.infer<typeof foodSuggestion>;
export const foodSuggestionList = z.array(foodSuggestion);
