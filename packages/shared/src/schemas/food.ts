import { z } from "zod";
import {
  FOOD_GENERAL_RULE_TEXTS,
  FOOD_NOTE_TEXTS,
  type FoodGeneralRuleKey,
  type FoodNoteKey,
} from "../domain/food-search-texts";
import { poultrySpecies } from "./species";

/** How safe a food or plant is for poultry: fine as a treat, limit or prepare with care, or never feed. */
export const foodSafetyLevel = z.enum(["safe", "caution", "toxic"]);
/** TypeScript type of a food safety level. */
export type FoodSafetyLevel = z.infer<typeof foodSafetyLevel>;

/** Finite set of categories used to group foods and plants in the "Can My Flock Eat This?" dataset. */
export const foodCategory = z.enum([
  "fruit",
  "vegetable",
  "grain-seed",
  "nut",
  "protein",
  "dairy",
  "insect",
  "herb",
  "kitchen-scrap",
  "garden-plant",
  "wild-plant",
  "tree-shrub",
  "houseplant",
  "feed-supplement",
  "other",
]);
/** TypeScript type of a food category. */
export type FoodCategory = z.infer<typeof foodCategory>;

/** Poultry species enum, re-exported from ./species so food code can import it from one place. */
export { poultrySpecies };

/** Lower-case kebab-case slug, e.g. "green-potato-peel". */
const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "id must be a lower-case kebab-case slug");

/** Non-empty trimmed text. */
const text = z.string().trim().min(1);

/** One entry of the food-safety dataset (data/foods.json): a food, treat, feed item or plant. */
export const foodRecord = z.strictObject({
  id: slug,
  name: text,
  aliases: z.array(text),
  category: foodCategory,
  safetyLevel: foodSafetyLevel,
  description: text,
  guidelines: text,
  speciesNotes: z.partialRecord(poultrySpecies, text).optional(),
  uncertain: z.boolean().optional(),
  /**
   * Where the level comes from. A source with a page address (URL) or a DOI names the page that
   * supports it; a food whose sources name no poultry, bird or livestock page that names it carries
   * `generalRule` instead: its level follows that general rule (texts in FOOD_GENERAL_RULE_TEXTS).
   */
  sources: z.array(text).min(1),
  generalRule: z
    .enum(Object.keys(FOOD_GENERAL_RULE_TEXTS) as [FoodGeneralRuleKey, ...FoodGeneralRuleKey[]])
    .optional(),
  /** General rules and legal caveats that apply (texts in FOOD_NOTE_TEXTS), shown beside the guidelines. */
  notes: z
    .array(z.enum(Object.keys(FOOD_NOTE_TEXTS) as [FoodNoteKey, ...FoodNoteKey[]]))
    .optional(),
});
/** TypeScript type of one food-safety dataset record. */
export type FoodRecord = z.infer<typeof foodRecord>;

/** The whole food-safety dataset as stored in data/foods.json. */
export const foodDataset = z.array(foodRecord);
/** TypeScript type of the whole food-safety dataset. */
export type FoodDataset = z.infer<typeof foodDataset>;
