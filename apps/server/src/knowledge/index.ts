import type { BreedRecord } from "@flockkeeper/shared/schemas/breed";
import type { ConditionRecord, SymptomRecord } from "@flockkeeper/shared/schemas/condition";
import type { FoodRecord } from "@flockkeeper/shared/schemas/food";
import { loadDatasets } from "./datasets";
import { isEnglishWord } from "./english-words";
import { FoodIndex } from "./food-index";

export type { FoodMatch, FoodMatchType, FoodSuggestion } from "./food-index";

/**
 * The knowledge base: the authored datasets in data/ (validated) and their indexes. Static for
 * the life of the process, so other modules (food, symptoms, breeds, AI vision) share one copy.
 */
export interface Knowledge {
  foods: readonly FoodRecord[];
  conditions: readonly ConditionRecord[];
  symptoms: readonly SymptomRecord[];
  breeds: readonly BreedRecord[];
  foodIndex: FoodIndex;
  foodById: ReadonlyMap<string, FoodRecord>;
  conditionById: ReadonlyMap<string, ConditionRecord>;
  breedById: ReadonlyMap<string, BreedRecord>;
}

let cached: Knowledge | undefined;

/** Builds a knowledge base from a data folder (tests and benchmarks may point elsewhere). */
export function buildKnowledge(dataDir?: string): Knowledge {
  const { foods, conditions, symptoms, breeds } = loadDatasets(dataDir);
  return {
    foods,
    conditions,
    symptoms,
    breeds,
    foodIndex: new FoodIndex(foods, isEnglishWord),
    foodById: new Map(foods.map((f) => [f.id, f])),
    conditionById: new Map(conditions.map((c) => [c.id, c])),
    breedById: new Map(breeds.map((b) => [b.id, b])),
  };
}

/** The process-wide knowledge base, loaded and validated on first use (modules call it at start-up). */
export function getKnowledge(): Knowledge {
  cached ??= buildKnowledge();
  return cached;
}
