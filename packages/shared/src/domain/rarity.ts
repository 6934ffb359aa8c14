import type { BreedRecord, RarityDatasetSpecies, RarityLevel } from "../schemas/breed";
import { clampScore, levelForScore, RARITY_LEVELS, rarityLevelInfo } from "./rarity-levels";

/** Score given to breeds not found in the dataset (spec: 25, Common). */
export const DEFAULT_RARITY_SCORE = 25;
/** Total duration of the rarity score count-up animation in ms. */
export const RARITY_ANIMATION_MS = 2000;
/** Number of steps in the rarity score count-up animation. */
export const RARITY_ANIMATION_STEPS = 50;
/** Delay before the rarity level badge appears, in ms. */
export const BADGE_DELAY_MS = 500;

/** Normalises a breed name for matching: lower case, no accents, punctuation or spaces. */
export function normalizeBreedName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** Words a caller may add around a breed name ("Pekin duck", "Silkie bantam hen") that are dropped on a second try. */
const NOISE_WORDS =
  /\b(chickens?|hens?|roosters?|cocks?|cockerels?|pullets?|chicks?|ducks?|drakes?|ducklings?|geese|goose|ganders?|turkeys?|toms?|guinea(?:\s+fowl)?|guineas?|quails?|peafowl|peacocks?|peahens?|breed|bantams?|large\s+fowl|heritage|standard)\b/gi;

/** Maps species spellings used around the app ("chickens", "guinea fowl", "peafowl") to dataset species keys. */
export function normalizeRaritySpecies(
  species: string | undefined | null,
): RarityDatasetSpecies | undefined {
  if (!species) return undefined;
  const s = normalizeBreedName(species);
  const table: Record<string, RarityDatasetSpecies> = {
    chicken: "chicken",
    chickens: "chicken",
    hen: "chicken",
    duck: "duck",
    ducks: "duck",
    goose: "goose",
    geese: "goose",
    turkey: "turkey",
    turkeys: "turkey",
    guineafowl: "guinea_fowl",
    guinea: "guinea_fowl",
    guineas: "guinea_fowl",
    quail: "quail",
    quails: "quail",
    peacock: "peacock",
    peacocks: "peacock",
    peafowl: "peacock",
    peahen: "peacock",
    emu: "emu",
    emus: "emu",
    ostrich: "ostrich",
    ostriches: "ostrich",
  };
  // Own keys only: "constructor" must not find Object.prototype's member.
  return Object.hasOwn(table, s) ? table[s] : undefined;
}

/** Minimal breed shape the rarity helpers need. */
export type RarityRecord = Pick<BreedRecord, "name" | "aliases" | "species" | "score" | "level"> &
  Partial<Pick<BreedRecord, "id" | "description">>;

/** Result of a rarity lookup; `found` is false when the default score was used. */
export interface RarityLookup<T extends RarityRecord = RarityRecord> {
  score: number;
  level: RarityLevel;
  colour: string;
  icon: string;
  description: string;
  found: boolean;
  breed?: T;
}

/** Finds a record of the given species (any species when unknown) whose name or an alias normalises to `key`. */
function findByKey<T extends RarityRecord>(
  key: string,
  species: RarityDatasetSpecies | undefined,
  dataset: readonly T[],
): T | undefined {
  if (!key) return undefined;
  const matches = dataset.filter(
    (r) =>
      (!species || r.species === species) &&
      (normalizeBreedName(r.name) === key || r.aliases.some((a) => normalizeBreedName(a) === key)),
  );
  // Prefer an exact name match over an alias match (matters when no species narrows the search).
  return matches.find((r) => normalizeBreedName(r.name) === key) ?? matches[0];
}

/** Looks up a breed's rarity by name or alias (case, space, punctuation and accent insensitive), within `species` when it is recognised; unknown breeds get score 25, Common. */
export function lookupRarity<T extends RarityRecord>(
  breedName: string | undefined | null,
  species: string | undefined | null,
  dataset: readonly T[],
): RarityLookup<T> {
  const sp = normalizeRaritySpecies(species);
  const raw = breedName ?? "";
  const breed =
    findByKey(normalizeBreedName(raw), sp, dataset) ??
    findByKey(normalizeBreedName(raw.replace(/\([^)]*\)/g, " ")), sp, dataset) ??
    findByKey(normalizeBreedName(raw.replace(NOISE_WORDS, " ")), sp, dataset);
  if (breed) {
    const info = rarityLevelInfo(breed.level);
    return {
      score: breed.score,
      level: breed.level,
      colour: info.colour,
      icon: info.icon,
      description: breed.description ?? info.description,
      found: true,
      breed,
    };
  }
  const level = levelForScore(DEFAULT_RARITY_SCORE);
  const info = rarityLevelInfo(level);
  return {
    score: DEFAULT_RARITY_SCORE,
    level,
    colour: info.colour,
    icon: info.icon,
    description: info.description,
    found: false,
  };
}

/** One frame of the score count-up animation. */
export interface RarityFrame {
  atMs: number;
  value: number;
}

/** Frames for counting a score up from 0 to `target` (default 2000 ms in 50 steps); the last frame is exactly the target. */
export function rarityAnimationFrames(
  target: number,
  durationMs: number = RARITY_ANIMATION_MS,
  steps: number = RARITY_ANIMATION_STEPS,
): RarityFrame[] {
  const goal = clampScore(target);
  const n = Math.max(1, Math.floor(steps));
  const frames: RarityFrame[] = [];
  for (let i = 1; i <= n; i++) {
    frames.push({
      atMs: Math.round((durationMs * i) / n),
      value: i === n ? goal : Math.round((goal * i) / n),
    });
  }
  return frames;
}

/** Whether the celebration particles show for a level (every level except Common). */
export function showsParticles(level: RarityLevel): boolean {
  return level !== "Common";
}

/** Colour tone for a breed-ID confidence percentage: >= 80 green, >= 60 yellow, else red. */
export function confidenceTone(confidencePercent: number): "green" | "yellow" | "red" {
  if (!Number.isFinite(confidencePercent)) return "red";
  if (confidencePercent >= 80) return "green";
  if (confidencePercent >= 60) return "yellow";
  return "red";
}

/** Counts records per level, always returning all six levels (zero when none). */
export function levelCounts(
  records: readonly Pick<RarityRecord, "level">[],
): Record<RarityLevel, number> {
  const counts = Object.fromEntries(RARITY_LEVELS.map((l) => [l.name, 0])) as Record<
    RarityLevel,
    number
  >;
  for (const r of records) counts[r.level] += 1;
  return counts;
}

/** Filters for the rarity explorer; "all" or empty means no filter. */
export interface BreedFilter {
  query?: string;
  species?: RarityDatasetSpecies | "all" | "";
  level?: RarityLevel | "all" | "";
}

/** Filters breeds by name/alias substring, species and level, sorted by score descending then name. */
export function filterAndSortBreeds<T extends RarityRecord>(
  records: readonly T[],
  filter: BreedFilter = {},
): T[] {
  const q = normalizeBreedName(filter.query ?? "");
  const species = filter.species && filter.species !== "all" ? filter.species : undefined;
  const level = filter.level && filter.level !== "all" ? filter.level : undefined;
  return records
    .filter((r) => !species || r.species === species)
    .filter((r) => !level || r.level === level)
    .filter(
      (r) =>
        !q ||
        normalizeBreedName(r.name).includes(q) ||
        r.aliases.some((a) => normalizeBreedName(a).includes(q)),
    )
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
}
