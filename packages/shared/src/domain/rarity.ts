import type { BreedRecord, RarityDatasetSpecies, RarityLevel } from "../schemas/breed";

/** Display and band data for one rarity level. */
export interface RarityLevelInfo {
  name: RarityLevel;
  /** Lowest score mapped to this level (bands are contiguous over 0-100). */
  minScore: number;
  /** Highest score mapped to this level. */
  maxScore: number;
  /** Typical score range used by the dataset, as given in the spec. */
  typicalRange: readonly [number, number];
  /** Hex colour with at least 4.5:1 contrast on white. */
  colour: string;
  /** lucide-react icon name. */
  icon: string;
  description: string;
}

/** The six rarity levels in ascending order of rarity, with contiguous score bands. */
export const RARITY_LEVELS: readonly RarityLevelInfo[] = [
  {
    name: "Common",
    minScore: 0,
    maxScore: 27,
    typicalRange: [8, 25],
    colour: "#4b5563",
    icon: "circle",
    description: "Widely kept and easy to find from hatcheries and local breeders.",
  },
  {
    name: "Uncommon",
    minScore: 28,
    maxScore: 47,
    typicalRange: [28, 42],
    colour: "#15803d",
    icon: "leaf",
    description: "Kept by many hobbyists but less often seen in farm stores.",
  },
  {
    name: "Rare",
    minScore: 48,
    maxScore: 69,
    typicalRange: [48, 65],
    colour: "#1d4ed8",
    icon: "gem",
    description: "Heritage breeds on conservation watch lists; worth preserving.",
  },
  {
    name: "Very Rare",
    minScore: 70,
    maxScore: 84,
    typicalRange: [70, 80],
    colour: "#7e22ce",
    icon: "star",
    description: "Threatened breeds with small breeding populations.",
  },
  {
    name: "Extremely Rare",
    minScore: 85,
    maxScore: 94,
    typicalRange: [85, 92],
    colour: "#c2410c",
    icon: "crown",
    description: "Critically endangered breeds with only a few breeding flocks.",
  },
  {
    name: "Legendary",
    minScore: 95,
    maxScore: 100,
    typicalRange: [95, 100],
    colour: "#b91c1c",
    icon: "sparkles",
    description: "Breeds with tiny world populations; a true find.",
  },
];

/** Score given to breeds not found in the dataset (spec: 25, Common). */
export const DEFAULT_RARITY_SCORE = 25;
/** Total duration of the rarity score count-up animation in ms. */
export const RARITY_ANIMATION_MS = 2000;
/** Number of steps in the rarity score count-up animation. */
export const RARITY_ANIMATION_STEPS = 50;
/** Delay before the rarity level badge appears, in ms. */
export const BADGE_DELAY_MS = 500;

/** Clamps and rounds a score into the 0-100 integer range (NaN becomes 0). */
function clampScore(score: number): number {
  if (!Number.isFinite(score)) return score === Infinity ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round(score)));
}

/** Returns the display info for a level name. */
export function rarityLevelInfo(level: RarityLevel): RarityLevelInfo {
  const info = RARITY_LEVELS.find((l) => l.name === level);
  if (!info) throw new Error(`Unknown rarity level: ${level}`);
  return info;
}

/** Maps a 0-100 score (clamped, rounded) to its rarity level name. */
export function levelForScore(score: number): RarityLevel {
  const s = clampScore(score);
  for (let i = RARITY_LEVELS.length - 1; i >= 0; i--) {
    const info = RARITY_LEVELS[i]!;
    if (s >= info.minScore) return info.name;
  }
  return "Common";
}

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
