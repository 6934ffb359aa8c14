// The six rarity levels and their score bands. A leaf module (it imports nothing): the breed
// schema checks dataset levels against these bands, and domain/rarity.ts builds on them, so
// neither of those two needs the other's whole file (they used to import each other).

/** The six rarity level names, ordered from most to least common. */
export const RARITY_LEVEL_NAMES = [
  "Common",
  "Uncommon",
  "Rare",
  "Very Rare",
  "Extremely Rare",
  "Legendary",
] as const;
/** One of the six rarity level names. */
export type RarityLevel = (typeof RARITY_LEVEL_NAMES)[number];

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

/** Clamps and rounds a score into the 0-100 integer range (NaN becomes 0). */
export function clampScore(score: number): number {
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
