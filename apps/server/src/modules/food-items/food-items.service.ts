import type { FoodRecord } from "@flockkeeper/shared/schemas/food";
import {
  FOOD_GENERAL_RULE_TEXTS,
  FOOD_NOTE_TEXTS,
} from "@flockkeeper/shared/domain/food-search-texts";
import {
  FOOD_NOT_FOUND_GUIDANCE,
  FOOD_NOT_FOUND_MESSAGE,
  type BulkSearchResult,
  type FoodDidYouMean,
  type FoodItem,
  type FoodSuggestion,
} from "@flockkeeper/shared/schemas/food-search";
import { getKnowledge, type FoodMatch } from "../../knowledge/index";
import { AppError } from "../../lib/errors";

/** The API shape of a matched food record. */
export function toFoodItem(
  food: FoodRecord,
  match: Pick<FoodMatch, "matchType" | "matchedText" | "part" | "partGuidance">,
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
    ...(food.generalRule ? { generalRule: FOOD_GENERAL_RULE_TEXTS[food.generalRule] } : {}),
    matchType: match.matchType,
    matchedText: match.matchedText,
    ...(match.part ? { part: match.part } : {}),
    ...(match.partGuidance ? { partGuidance: match.partGuidance } : {}),
    ...(food.notes?.length ? { notes: food.notes.map((n) => FOOD_NOTE_TEXTS[n]) } : {}),
  };
}

/** The closest foods to a name that found nothing: "Did you mean ...?", never an answer. */
export function didYouMean(name: string): FoodDidYouMean[] {
  return getKnowledge()
    .foodIndex.closest(name, 5)
    .map(({ food }) => ({ id: food.id, name: food.name, safetyLevel: food.safetyLevel }));
}

/** The best match for a name, or null. */
export function findFood(name: string): FoodItem | null {
  const match = getKnowledge().foodIndex.search(name);
  return match ? toFoodItem(match.food, match) : null;
}

/** The best match for a name, or 404 'Food item not found'. */
export function searchFood(name: string): FoodItem {
  const item = findFood(name);
  if (!item) {
    throw new AppError(404, "NOT_FOUND", FOOD_NOT_FOUND_MESSAGE, FOOD_NOT_FOUND_GUIDANCE, {
      suggestions: didYouMean(name),
    });
  }
  return item;
}

/** One result per name, in the order sent (Plant List Check). */
export function bulkSearchFoods(names: readonly string[]): BulkSearchResult[] {
  return names.map((searchTerm) => {
    const item = findFood(searchTerm);
    return item
      ? { searchTerm, found: true, item }
      : { searchTerm, found: false, item: null, suggestions: didYouMean(searchTerm) };
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
