/*
 * Helpers for the food-safety dataset generator. Records are written as compact rows in the
 * sibling files and expanded here into the FoodRecord shape stored in data/foods.json.
 */
import type {
  FoodCategory,
  FoodRecord,
  FoodSafetyLevel,
} from "../../packages/shared/src/schemas/food";
import type { PoultrySpecies } from "../../packages/shared/src/schemas/species";

/** Short citations, referenced by key in the rows. */
export const SOURCES = {
  agvic: "Agriculture Victoria – Feed and nutrition for backyard poultry",
  merck: "Merck Veterinary Manual – Overview of plants poisonous to animals",
  avo: "Merck Veterinary Manual – Avocado toxicosis",
  myco: "Merck Veterinary Manual – Mycotoxicoses in poultry",
  salt: "Merck Veterinary Manual – Salt toxicity in poultry",
  nutr: "Merck Veterinary Manual – Nutritional requirements of poultry",
  bot: "Merck Veterinary Manual – Botulism in poultry",
  purdue: "Purdue University – Plants Poisonous to Livestock and Pets",
  cornell: "Cornell University – Poisonous Plants Informational Database",
  csu: "Colorado State University – Guide to Poisonous Plants",
  ucd: "UC Davis – Toxic Plant Garden",
  wvu: "West Virginia University Extension – Poisonous plants and poultry",
  defra: "Defra – feeding kitchen scraps to livestock (UK/EU law)",
  uky: "University of Kentucky – backyard flock nutrition",
  aspca: "ASPCA Animal Poison Control – Toxic and non-toxic plants list",
} as const;
export type SourceKey = keyof typeof SOURCES;

/** Treat rule appended to edible items. */
export const TREAT =
  "Keep all treats together under 10% of what the bird eats, about 2 tablespoons per bird per day.";
/** UK/EU legal note appended to kitchen-scrap and cooked-food items. */
export const SCRAP_LAW =
  "UK/EU: feeding kitchen or catering waste (anything that has passed through a kitchen, even a vegan one) to any poultry, pet hens included, is illegal.";
/** UK/EU legal note for meat and fish. */
export const MEAT_LAW =
  "UK/EU: meat, fish and anything containing them from a kitchen must never be fed to poultry, pet hens included.";
/** Standard advice for toxic plants. */
export const KEEP_OUT =
  "Never feed it; keep it out of runs and free-range areas and never throw clippings or prunings to the flock.";

export interface Extra {
  /** Species-specific notes. */
  sn?: Partial<Record<PoultrySpecies, string>>;
  /** Disputed or weak evidence. */
  u?: boolean;
  /** Append the kitchen-scrap legal note. */
  scrap?: boolean;
  /** Append the meat/fish legal note. */
  meat?: boolean;
  /** Do not append the treat rule. */
  noTreat?: boolean;
  /** Explicit id. */
  id?: string;
}

/** [name, level s/c/t, aliases "a|b", description, guidelines, source keys "a,b", extra] */
export type Row = [string, "s" | "c" | "t", string, string, string, string, Extra?];

const LEVEL: Record<Row[1], FoodSafetyLevel> = { s: "safe", c: "caution", t: "toxic" };

/** Categories where the treat rule makes sense for edible items. */
const EDIBLE: ReadonlySet<FoodCategory> = new Set<FoodCategory>([
  "fruit",
  "vegetable",
  "grain-seed",
  "nut",
  "protein",
  "dairy",
  "insect",
  "herb",
  "kitchen-scrap",
]);

export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Expands compact rows of one category into dataset records. */
export function build(
  category: FoodCategory,
  rows: Row[],
  defaults: Omit<Extra, "id" | "sn"> = {},
): FoodRecord[] {
  return rows.map(([name, lvl, aliases, description, guidelines, src, extra = {}]) => {
    const x = { ...defaults, ...extra };
    const level = LEVEL[lvl];
    let guide = guidelines.trim();
    const discouraged = /^(avoid|do not|don't|never|not recommended|not worth|not for)/i.test(
      guide,
    );
    if (
      EDIBLE.has(category) &&
      level !== "toxic" &&
      !x.noTreat &&
      !discouraged &&
      !/10%/.test(guide)
    ) {
      guide += ` ${TREAT}`;
    }
    if (x.meat) guide += ` ${MEAT_LAW}`;
    else if (x.scrap) guide += ` ${SCRAP_LAW}`;
    const sources = src
      .split(",")
      .map((k) => k.trim())
      .filter(Boolean)
      .map((k) => {
        const s = SOURCES[k as SourceKey];
        if (!s) throw new Error(`Unknown source key "${k}" in ${name}`);
        return s;
      });
    if ((x.scrap || x.meat) && !sources.includes(SOURCES.defra)) sources.push(SOURCES.defra);
    const record: FoodRecord = {
      id: x.id ?? slugify(name),
      name,
      aliases: aliases
        .split("|")
        .map((a) => a.trim())
        .filter(Boolean),
      category,
      safetyLevel: level,
      description: description.trim(),
      guidelines: guide,
      sources,
    };
    if (x.sn) record.speciesNotes = x.sn;
    if (x.u) record.uncertain = true;
    return record;
  });
}
