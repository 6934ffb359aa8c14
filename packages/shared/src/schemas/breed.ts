import { z } from "zod";
import { levelForScore, RARITY_LEVEL_NAMES } from "../domain/rarity-levels";

/** The six rarity levels, ordered from most to least common. */
export const rarityLevel = z.enum(RARITY_LEVEL_NAMES);
/** One of the six rarity level names. */
export type RarityLevel = z.infer<typeof rarityLevel>;

/** Species covered by the rarity dataset (poultry plus peafowl and ratites). */
export const rarityDatasetSpecies = z.enum([
  "chicken",
  "duck",
  "goose",
  "turkey",
  "guinea_fowl",
  "quail",
  "peacock",
  "emu",
  "ostrich",
]);
/** One species key of the rarity dataset. */
export type RarityDatasetSpecies = z.infer<typeof rarityDatasetSpecies>;

/** Conservation bodies whose lists anchor the rarity scores ("none" when unlisted everywhere). */
export const conservationBody = z.enum(["TLC", "RBST", "FAO", "none"]);
/** One conservation body key. */
export type ConservationBody = z.infer<typeof conservationBody>;

/** Conservation listing behind a score: body, its category, and when it was read. */
export const conservationStatus = z.object({
  body: conservationBody,
  status: z.string().min(1),
  year: z.number().int().min(1990).max(2100).optional(),
  note: z.string().min(1).optional(),
});
/** A conservation listing. */
export type ConservationStatus = z.infer<typeof conservationStatus>;

/** Fixed colour palette used to describe plumage (offline photo matching compares against it). */
export const plumageColor = z.enum([
  "black",
  "white",
  "buff",
  "red",
  "brown",
  "mahogany",
  "gold",
  "silver",
  "grey",
  "blue",
  "lavender",
  "partridge",
  "wheaten",
  "cream",
  "green-sheen",
  "bronze",
  "chocolate",
  "fawn",
  "salmon",
  "orange",
  "slate",
  "khaki",
  "green",
  "iridescent-blue",
  "purple-sheen",
]);
/** One plumage palette colour. */
export type PlumageColor = z.infer<typeof plumageColor>;

/** How colours are distributed over the feathers. */
export const plumagePattern = z.enum([
  "solid",
  "laced",
  "double-laced",
  "barred",
  "cuckoo",
  "mottled",
  "spangled",
  "penciled",
  "columbian",
  "partridge",
  "speckled",
  "splash",
  "pied",
  "wild-type",
  "duckwing",
  "mille-fleur",
  "mallard",
  "harlequin",
  "bibbed",
  "pearled",
  "saddleback",
  "ocellated",
  "variable",
]);
/** One plumage pattern. */
export type PlumagePattern = z.infer<typeof plumagePattern>;

/** Visible body features that help tell breeds apart in a photo. */
export const bodyFeature = z.enum([
  "crest",
  "beard-muffs",
  "feathered-legs",
  "vulture-hocks",
  "frizzle",
  "silkie-feathering",
  "rose-comb",
  "pea-comb",
  "single-comb",
  "walnut-comb",
  "large-single-comb",
  "v-comb",
  "cushion-comb",
  "buttercup-comb",
  "strawberry-comb",
  "tail-long",
  "naked-neck",
  "tufts",
  "rumpless",
  "bill-knob",
  "dewlap",
  "upright-stance",
  "five-toes",
  "white-earlobes",
  "white-face",
  "dark-skin",
  "hard-feather",
  "hen-feathered",
  "face-caruncles",
  "snood",
  "turkey-beard",
  "casque",
  "wattles",
  "short-bill",
  "long-neck",
  "long-legs",
  "flightless",
  "autosexing",
]);
/** One visible body feature. */
export type BodyFeature = z.infer<typeof bodyFeature>;

/** Plumage description: main colours, the main pattern, other recognised patterns, visible features. */
export const plumage = z.object({
  primaryColors: z.array(plumageColor).min(1),
  pattern: plumagePattern,
  alsoPatterns: z.array(plumagePattern).optional(),
  features: z.array(bodyFeature),
});
/** A plumage description. */
export type Plumage = z.infer<typeof plumage>;

/** Size class of a breed (bantam and smaller for miniatures, giant for ratites and the largest geese). */
export const breedSize = z.enum(["tiny", "small", "bantam", "light", "medium", "heavy", "giant"]);
/** One size class. */
export type BreedSize = z.infer<typeof breedSize>;

/** Main reason the breed is kept. */
export const breedPurpose = z.enum(["eggs", "meat", "dual", "ornamental", "game"]);
/** One breed purpose. */
export type BreedPurpose = z.infer<typeof breedPurpose>;

/** An inclusive min..max range where min <= max. */
const range = z
  .object({ min: z.number().nonnegative(), max: z.number().nonnegative() })
  .refine((r) => r.min <= r.max, { message: "min must not exceed max" });

/** One breed or variety with its rarity score, conservation listing and characteristics. */
export const breedRecord = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "id must be kebab-case"),
    name: z.string().min(1),
    aliases: z.array(z.string().min(1)),
    species: rarityDatasetSpecies,
    score: z.number().int().min(0).max(100),
    level: rarityLevel,
    description: z.string().min(20),
    conservation: conservationStatus,
    sources: z.array(z.string().min(1)).min(1),
    commonInFlockForms: z.boolean(),
    size: breedSize.optional(),
    purpose: breedPurpose.optional(),
    temperament: z.string().min(1).optional(),
    eggsPerYear: range.optional(),
    eggColor: z.string().min(1).optional(),
    origin: z.string().min(1).optional(),
    combType: z.string().min(1).optional(),
    weightLbs: z.object({ male: z.number().positive(), female: z.number().positive() }).optional(),
    plumage: plumage.optional(),
    approximate: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    if (levelForScore(b.score) !== b.level) {
      ctx.addIssue({
        code: "custom",
        path: ["level"],
        message: `level ${b.level} does not match score ${b.score} (${levelForScore(b.score)})`,
      });
    }
    if (b.commonInFlockForms) {
      const required = [
        "size",
        "purpose",
        "temperament",
        "eggsPerYear",
        "eggColor",
        "origin",
        "combType",
        "weightLbs",
        "plumage",
      ] as const;
      for (const key of required) {
        if (b[key] === undefined) {
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: `${key} is required for breeds offered in flock forms`,
          });
        }
      }
    }
  });
/** A validated breed record. */
export type BreedRecord = z.infer<typeof breedRecord>;

/** The whole breed dataset (data/breeds.json): ids and names (case-insensitive) must be unique. */
export const breedDataset = z.array(breedRecord).superRefine((records, ctx) => {
  const ids = new Set<string>();
  const names = new Set<string>();
  records.forEach((r, i) => {
    const nameKey = r.name.toLowerCase();
    if (ids.has(r.id))
      ctx.addIssue({ code: "custom", path: [i, "id"], message: `duplicate id ${r.id}` });
    if (names.has(nameKey)) {
      ctx.addIssue({ code: "custom", path: [i, "name"], message: `duplicate name ${r.name}` });
    }
    ids.add(r.id);
    names.add(nameKey);
  });
});
/** The validated breed dataset. */
export type BreedDataset = z.infer<typeof breedDataset>;
