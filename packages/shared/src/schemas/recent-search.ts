import { z } from "zod";
import { foodSafetyLevel } from "./food";
import { FOOD_NAME_MAX } from "./food-search";

export { RECENT_SEARCH_LIMIT } from "../domain/food-search-texts";

/** Body of POST /api/recent-searches: the term searched and, when found, what it matched. */
export const createRecentSearchBody = z.object({
  term: z
    .string({ error: "Please enter a search term" })
    .trim()
    .min(1, "Please enter a search term")
    .max(FOOD_NAME_MAX, `Search terms must be ${FOOD_NAME_MAX} characters or fewer`),
});
export type CreateRecentSearchBody = z.infer<typeof createRecentSearchBody>;

/** One recent food search of the signed-in keeper. */
export const recentSearch = z.object({
  id: z.uuid(),
  term: z.string(),
  /** What the search found when it was saved (null when nothing matched). */
  foodName: z.string().nullable(),
  safetyLevel: foodSafetyLevel.nullable(),
  searchedAt: z.string(),
});
export type RecentSearch = z.infer<typeof recentSearch>;

/** The latest searches, newest first, at most RECENT_SEARCH_LIMIT. */
export const recentSearchList = z.array(recentSearch);
