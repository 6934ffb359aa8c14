/*
 * Limits and texts of the food safety search, free of zod so the browser can load them without
 * the schema library. `schemas/food-search.ts` and `schemas/recent-search.ts` re-export them.
 */

/** Longest food or plant name accepted in a search. */
export const FOOD_NAME_MAX = 200;
/** Most names one bulk search (Plant List Check) may contain. */
export const BULK_SEARCH_MAX = 100;
/** Message of the 404 answer when no food matches (spec section 8). */
export const FOOD_NOT_FOUND_MESSAGE = "Food item not found";
/** Guidance shown with a single-search miss. */
export const FOOD_NOT_FOUND_GUIDANCE =
  "This item is not in our database. When in doubt, leave it out: don't feed it until you know more, and consult a veterinarian for guidance.";
/** Text shown for each name of a plant list that is not in the database (spec section 8). */
export const BULK_NOT_FOUND_MESSAGE = "Not found in database. Consult a veterinarian for guidance.";

/** How many recent food searches a keeper sees (spec section 9). */
export const RECENT_SEARCH_LIMIT = 4;
