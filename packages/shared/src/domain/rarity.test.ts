import { describe, expect, it } from "vitest";
import {
  BADGE_DELAY_MS,
  DEFAULT_RARITY_SCORE,
  confidenceTone,
  filterAndSortBreeds,
  levelCounts,
  lookupRarity,
  normalizeBreedName,
  normalizeRaritySpecies,
  rarityAnimationFrames,
  showsParticles,
  type RarityRecord,
} from "./rarity";
import { levelForScore, RARITY_LEVELS } from "./rarity-levels";

const sample: RarityRecord[] = [
  { name: "Rhode Island Red", aliases: ["RIR"], species: "chicken", score: 15, level: "Common" },
  { name: "Koschei", aliases: [], species: "chicken", score: 100, level: "Legendary" },
  { name: "Crèvecoeur", aliases: [], species: "chicken", score: 92, level: "Extremely Rare" },
  {
    name: "Plymouth Rock",
    aliases: ["Barred Rock", "Barred Plymouth Rock"],
    species: "chicken",
    score: 14,
    level: "Common",
  },
  { name: "Belgian d'Uccle", aliases: ["d'Uccle"], species: "chicken", score: 50, level: "Rare" },
  { name: "Ancona", aliases: [], species: "chicken", score: 52, level: "Rare" },
  { name: "Ancona Duck", aliases: ["Ancona"], species: "duck", score: 62, level: "Rare" },
  { name: "Pekin", aliases: ["Pekin Duck"], species: "duck", score: 8, level: "Common" },
  { name: "Sebastopol", aliases: [], species: "goose", score: 72, level: "Very Rare" },
  { name: "Pearl Guinea", aliases: [], species: "guinea_fowl", score: 12, level: "Common" },
];

describe("RARITY_LEVELS", () => {
  it("lists the six levels in order with contiguous bands over 0-100", () => {
    expect(RARITY_LEVELS.map((l) => l.name)).toEqual([
      "Common",
      "Uncommon",
      "Rare",
      "Very Rare",
      "Extremely Rare",
      "Legendary",
    ]);
    expect(RARITY_LEVELS[0]!.minScore).toBe(0);
    expect(RARITY_LEVELS.at(-1)!.maxScore).toBe(100);
    for (let i = 1; i < RARITY_LEVELS.length; i++) {
      expect(RARITY_LEVELS[i]!.minScore).toBe(RARITY_LEVELS[i - 1]!.maxScore + 1);
    }
  });

  it("keeps the spec's typical ranges inside each band", () => {
    expect(RARITY_LEVELS.map((l) => l.typicalRange)).toEqual([
      [8, 25],
      [28, 42],
      [48, 65],
      [70, 80],
      [85, 92],
      [95, 100],
    ]);
    for (const l of RARITY_LEVELS) {
      expect(l.typicalRange[0]).toBeGreaterThanOrEqual(l.minScore);
      expect(l.typicalRange[1]).toBeLessThanOrEqual(l.maxScore);
      expect(l.colour).toMatch(/^#[0-9a-f]{6}$/);
      expect(l.icon.length).toBeGreaterThan(0);
    }
  });
});

describe("levelForScore", () => {
  it.each([
    [0, "Common"],
    [8, "Common"],
    [15, "Common"],
    [25, "Common"],
    [27, "Common"],
    [28, "Uncommon"],
    [42, "Uncommon"],
    [47, "Uncommon"],
    [48, "Rare"],
    [65, "Rare"],
    [69, "Rare"],
    [70, "Very Rare"],
    [80, "Very Rare"],
    [84, "Very Rare"],
    [85, "Extremely Rare"],
    [92, "Extremely Rare"],
    [94, "Extremely Rare"],
    [95, "Legendary"],
    [100, "Legendary"],
  ] as const)("score %i is %s", (score, level) => {
    expect(levelForScore(score)).toBe(level);
  });

  it("clamps out-of-range and non-finite scores", () => {
    expect(levelForScore(-5)).toBe("Common");
    expect(levelForScore(150)).toBe("Legendary");
    expect(levelForScore(Number.NaN)).toBe("Common");
  });
});

describe("lookupRarity", () => {
  it("finds Rhode Island Red at 15 Common and Koschei at 100 Legendary", () => {
    expect(lookupRarity("Rhode Island Red", "chicken", sample)).toMatchObject({
      score: 15,
      level: "Common",
      found: true,
    });
    expect(lookupRarity("Koschei", undefined, sample)).toMatchObject({
      score: 100,
      level: "Legendary",
      found: true,
    });
  });

  it("ignores case, spaces, punctuation and accents, and matches aliases", () => {
    expect(lookupRarity("  rhode-island   RED ", null, sample).score).toBe(15);
    expect(lookupRarity("rir", "chickens", sample).score).toBe(15);
    expect(lookupRarity("BARRED ROCK", "chicken", sample).score).toBe(14);
    expect(lookupRarity("Belgian dUccle", "chicken", sample).score).toBe(50);
    expect(lookupRarity("Crevecoeur", "chicken", sample).score).toBe(92);
  });

  it("drops species and sex words on a second try", () => {
    expect(lookupRarity("Barred Rock hen", "chicken", sample).score).toBe(14);
    expect(lookupRarity("Sebastopol goose", "geese", sample).score).toBe(72);
    expect(lookupRarity("Rhode Island Red (rooster)", "chicken", sample).score).toBe(15);
  });

  it("uses the species to pick between same-named breeds", () => {
    expect(lookupRarity("Ancona", "chicken", sample).score).toBe(52);
    expect(lookupRarity("Ancona", "duck", sample).score).toBe(62);
    expect(lookupRarity("Ancona", undefined, sample).score).toBe(52);
    expect(lookupRarity("Pearl Guinea", "guinea fowl", sample).score).toBe(12);
  });

  it("does not cross species when the species is known", () => {
    expect(lookupRarity("Pekin", "chicken", sample)).toMatchObject({ score: 25, found: false });
  });

  it("returns the default 25 Common for unknown or empty names", () => {
    for (const name of ["Totally Made Up Breed", "", undefined, null]) {
      const result = lookupRarity(name, "chicken", sample);
      expect(result).toMatchObject({ score: DEFAULT_RARITY_SCORE, level: "Common", found: false });
      expect(result.score).toBe(25);
      expect(result.breed).toBeUndefined();
    }
  });
});

describe("normalizeRaritySpecies", () => {
  it("maps usual spellings and ignores Object.prototype member names", () => {
    expect(normalizeRaritySpecies("Geese")).toBe("goose");
    expect(normalizeRaritySpecies("Guinea Fowl")).toBe("guinea_fowl");
    for (const name of ["constructor", "toString", "valueOf", "__proto__"]) {
      expect(normalizeRaritySpecies(name), name).toBeUndefined();
    }
  });
});

describe("normalizeBreedName", () => {
  it("strips accents, punctuation and spaces", () => {
    expect(normalizeBreedName("La Flèche")).toBe("lafleche");
    expect(normalizeBreedName("White-Faced Black Spanish")).toBe("whitefacedblackspanish");
  });
});

describe("rarityAnimationFrames", () => {
  it("defaults to 50 frames over 2000 ms ending exactly at the target", () => {
    const frames = rarityAnimationFrames(73);
    expect(frames).toHaveLength(50);
    expect(frames[0]).toEqual({ atMs: 40, value: 1 });
    expect(frames.at(-1)).toEqual({ atMs: 2000, value: 73 });
  });

  it("never decreases and stays within 0..target", () => {
    const frames = rarityAnimationFrames(100);
    for (let i = 1; i < frames.length; i++) {
      expect(frames[i]!.value).toBeGreaterThanOrEqual(frames[i - 1]!.value);
      expect(frames[i]!.atMs).toBeGreaterThan(frames[i - 1]!.atMs);
    }
    expect(frames.every((f) => f.value >= 0 && f.value <= 100)).toBe(true);
  });

  it("handles a zero target and custom timing", () => {
    expect(rarityAnimationFrames(0).every((f) => f.value === 0)).toBe(true);
    const custom = rarityAnimationFrames(15, 1000, 10);
    expect(custom).toHaveLength(10);
    expect(custom.at(-1)).toEqual({ atMs: 1000, value: 15 });
  });
});

describe("badge and particles", () => {
  it("shows the badge after 500 ms", () => {
    expect(BADGE_DELAY_MS).toBe(500);
  });

  it("shows particles for every level except Common", () => {
    expect(showsParticles("Common")).toBe(false);
    for (const level of ["Uncommon", "Rare", "Very Rare", "Extremely Rare", "Legendary"] as const) {
      expect(showsParticles(level)).toBe(true);
    }
  });
});

describe("confidenceTone", () => {
  it.each([
    [100, "green"],
    [80, "green"],
    [79, "yellow"],
    [79.9, "yellow"],
    [60, "yellow"],
    [59, "red"],
    [0, "red"],
    [Number.NaN, "red"],
  ] as const)("%d%% is %s", (pct, tone) => {
    expect(confidenceTone(pct)).toBe(tone);
  });
});

describe("levelCounts", () => {
  it("counts every level, including empty ones", () => {
    expect(levelCounts(sample)).toEqual({
      Common: 4,
      Uncommon: 0,
      Rare: 3,
      "Very Rare": 1,
      "Extremely Rare": 1,
      Legendary: 1,
    });
    expect(levelCounts([])).toEqual({
      Common: 0,
      Uncommon: 0,
      Rare: 0,
      "Very Rare": 0,
      "Extremely Rare": 0,
      Legendary: 0,
    });
  });
});

describe("filterAndSortBreeds", () => {
  it("sorts by score descending, then name", () => {
    const names = filterAndSortBreeds(sample).map((b) => b.name);
    expect(names[0]).toBe("Koschei");
    expect(names.at(-1)).toBe("Pekin");
    const scores = filterAndSortBreeds(sample).map((b) => b.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("filters by query (name or alias), species and level", () => {
    expect(filterAndSortBreeds(sample, { query: "rock" }).map((b) => b.name)).toEqual([
      "Plymouth Rock",
    ]);
    expect(filterAndSortBreeds(sample, { query: "RIR" }).map((b) => b.name)).toEqual([
      "Rhode Island Red",
    ]);
    expect(filterAndSortBreeds(sample, { species: "duck" }).map((b) => b.name)).toEqual([
      "Ancona Duck",
      "Pekin",
    ]);
    expect(filterAndSortBreeds(sample, { level: "Rare" }).map((b) => b.name)).toEqual([
      "Ancona Duck",
      "Ancona",
      "Belgian d'Uccle",
    ]);
    expect(
      filterAndSortBreeds(sample, { query: "ancona", species: "chicken", level: "Rare" }),
    ).toHaveLength(1);
  });

  it("treats 'all' and empty filters as no filter, and returns [] when nothing matches", () => {
    expect(filterAndSortBreeds(sample, { query: "", species: "all", level: "all" })).toHaveLength(
      sample.length,
    );
    expect(filterAndSortBreeds(sample, { query: "zzz" })).toEqual([]);
  });

  it("does not mutate the input", () => {
    const copy = [...sample];
    filterAndSortBreeds(sample);
    expect(sample).toEqual(copy);
  });
});
