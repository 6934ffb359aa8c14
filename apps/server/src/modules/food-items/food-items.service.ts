import type { FoodRecord } from "@flockkeeper/shared/schemas/food";
import {
  FOOD_NOT_FOUND_GUIDANCE,
  FOOD_NOT_FOUND_MESSAGE,
  type BulkSearchResult,
  type FoodItem,
  type FoodSuggestion,
} from "@flockkeeper/shared/schemas/food-search";
import { getKnowledge, type FoodMatch } from "../../knowledge/index";
import { AppError } from "../../lib/errors";

/** The API shape of a matched food record. */
export function toFoodItem(
  food: FoodRecord,
  match: Pick<FoodMatch, "matchType" | "matchedText">,
): FoodItem {
  return {
    id: food.id,
    name: food.name,
    aliases: [...food.aliases],
    category: food.category,
    safetyLevel: food.safetyLevel,
    description: food.description,
    guidelines: food.guidelines,
    ...(food.speciesNotes ? { speciesNotes: { ...food.speciesNotes } } : {}),
    ...(food.uncertain ? { uncertain: true } : {}),
    sources: [...food.sources],
    matchType: match.matchType,
    matchedText: match.matchedText,
  };
}

/** The best match for a name, or null. */
export function findFood(name: string): FoodItem | null {
  const match = getKnowledge().foodIndex.search(name);
  return match ? toFoodItem(match.food, match) : null;
}

/** The best match for a name, or 404 'Food item not found'. */
export function searchFood(name: string): FoodItem {
  const item = findFood(name);
  if (!item) throw new AppError(404, "NOT_FOUND", FOOD_NOT_FOUND_MESSAGE, FOOD_NOT_FOUND_GUIDANCE);
  return item;
}

/** One result per name, in the order sent (Plant List Check). */
export function bulkSearchFoods(names: readonly string[]): BulkSearchResult[] {
  return names.map((searchTerm) => {
    const item = findFood(searchTerm);
    return { searchTerm, found: item !== null, item };
  });
}

/** Autocomplete suggestions while the keeper types. */
export function suggestFoods(q: string): FoodSuggestion[] {
  return getKnowledge()
    .foodIndex.suggest(q, 8)
    .map(({ food, matchedText }) => ({
      id: food.id,
      name: food.name,
      safetyLevel: food.safetyLevel,
      matchedText,
    }));
}
