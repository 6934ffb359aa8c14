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

/**
 * General rules and legal caveats that apply to many foods. They are kept out of each food's own
 * guidelines (which say what is specific to that food) and shown beside them.
 */
export const FOOD_NOTE_TEXTS = {
  "treat-limit":
    "Treat rule: keep all treats together under 10% of what a bird eats, about 2 tablespoons per bird per day.",
  "uk-eu-kitchen-waste":
    "UK/EU law: feeding kitchen or catering waste (anything that has passed through a kitchen, even a vegan one) to any poultry, pet hens included, is illegal.",
  "uk-eu-meat":
    "UK/EU law: meat, fish and anything containing them from a kitchen must never be fed to poultry, pet hens included.",
} as const;
/** Key of a general rule or legal caveat attached to a food. */
export type FoodNoteKey = keyof typeof FOOD_NOTE_TEXTS;

/**
 * The general rule a food's level follows when no poultry, bird or livestock source we found names
 * that food (`generalRule` in data/foods.json). Shown with the sources, so the keeper knows the
 * level is our reading of the general rule, not a cited finding.
 */
export const FOOD_GENERAL_RULE_TEXTS = {
  plant:
    "No poultry, bird or livestock source we found names this plant, so its level is our judgement from its plant family and the general rule: keep birds off any plant you cannot name for certain; when in doubt, leave it out.",
  feed: "No poultry source we found names this product, so follow its label for the species and age it is made for, and ask a vet before adding supplements to water or feed.",
  food: "No poultry source we found names this food, so its level follows the general rule for its kind: feed only fresh, plain food, keep treats under 10% of the diet, and leave out anything mouldy, salty, sugary or fatty; when in doubt, leave it out.",
} as const;
/** Key of the general rule a food's level follows. */
export type FoodGeneralRuleKey = keyof typeof FOOD_GENERAL_RULE_TEXTS;
