import type { FoodRecord } from "@flockkeeper/shared/schemas/food";
import { editDistance, matchKey, normalizeText, trigrams } from "./text";

/**
 * How a search term was matched: the item's own name, one of its aliases, a plain misspelling
 * of that very name ("fuzzy"), or a part of a plant answered by the plant's entry ("part").
 */
export type FoodMatchType = "exact" | "alias" | "fuzzy" | "part";

/** The best match for a search term. */
export interface FoodMatch {
  food: FoodRecord;
  matchType: FoodMatchType;
  /** The name or alias that matched, as written in the dataset. */
  matchedText: string;
  /** 0..1, 1 for an exact name or alias. */
  score: number;
  /** The part of the plant the keeper asked about ("leaves", "pits"), when the query named one. */
  part?: string;
  /** For a part answered by the whole plant's entry: its sentences about that part. */
  partGuidance?: string;
}

/** One autocomplete suggestion. */
export interface FoodSuggestion {
  food: FoodRecord;
  matchedText: string;
}

interface Entry {
  food: FoodRecord;
  text: string;
  /** Normalised, unstemmed (for prefix suggestions). */
  normal: string;
  key: string;
  compact: string;
  /** The key's words. */
  words: string[];
  /** The words that are not plant-part words, sorted and joined ("tomato" for "tomato leaves"). */
  rest: string;
  /** Whether the key names a part of a plant ("leaf", "pit", ...). */
  namesPart: boolean;
  grams: Set<string>;
  isName: boolean;
}

/** Autocomplete offers close spellings scoring above this (suggestions only, never an answer). */
export const FUZZY_THRESHOLD = 0.5;

/*
 * Words naming the part of a plant or food, in groups of words that mean the same part. The part
 * is often what makes it dangerous ("peach" is a treat, "peach pits" are not), so a query naming
 * a part is only ever answered by an entry about that part, or by the plant's entry when its
 * guidance covers the part, and the answer names the part.
 */
const PART_GROUPS: readonly (readonly string[])[] = [
  ["leaf", "leave", "top", "foliage", "vine", "stem", "stalk", "plant", "haulm"],
  ["seed", "pip", "kernel", "pit", "stone"],
  ["peel", "skin", "rind"],
  ["berry", "berrie"],
  ["sprout", "shoot", "eye"],
  ["root", "bulb", "tuber"],
  ["flower", "blossom", "bloom"],
  ["core"],
  ["husk", "hull", "shell"],
];
const PART_GROUP_OF = new Map<string, readonly string[]>();
for (const group of PART_GROUPS) for (const word of group) PART_GROUP_OF.set(word, group);
const PART_WORDS = new Set(PART_GROUP_OF.keys());

// Question words a keeper may type around a food ("can my chickens eat grapes?"), dropped on a second try.
const QUESTION_WORDS = new Set(
  (
    "can could should do does is are will it ok okay safe my our your i you we they eat eats eating " +
    "have give to for the a an of chicken chickens hen hens duck ducks bird birds flock poultry chick " +
    "chicks duckling ducklings geese goose turkey turkeys quail quails guinea fowl"
  ).split(" "),
);

/** Edits tolerated for a key of this length: none below 4 letters, 1 up to 7, then 2. */
function allowedEdits(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/**
 * Edits that still make a plain misspelling of the same name, relative to its length: none up
 * to 4 letters ("sago" is not "sage"), 1 up to 7 letters, 2 from 8 (a quarter of the word at most).
 */
export function misspellingEdits(length: number): number {
  if (length < 5) return 0;
  return length < 8 ? 1 : 2;
}

/** An entry's words that are not plant-part words, sorted, as one lookup key. */
function restKey(words: readonly string[]): string {
  return words
    .filter((w) => w && !PART_WORDS.has(w))
    .sort()
    .join(" ");
}

/** The part of a query that is read: its first 200 characters, markup such as "<b>" dropped. */
function typedText(query: string): string {
  return query.slice(0, 200).replace(/<[^>]*>/g, " ");
}

/** True when a typed word may be a typo of a name's word: same first letter, or the first two swapped. */
function sameStart(typed: string, word: string): boolean {
  if (typed[0] === word[0]) return true;
  return typed.length > 1 && typed[0] === word[1] && typed[1] === word[0];
}

/**
 * Total edits turning the typed words into a name's words when each typed word is a plain
 * misspelling of the word in the same place (within `misspellingEdits` of its own length; short
 * words must match exactly), or null when they are not.
 */
export function wordEdits(
  typed: readonly string[],
  name: readonly string[],
  isWord: (word: string) => boolean = () => false,
): number | null {
  if (typed.length !== name.length) return null;
  let total = 0;
  for (let i = 0; i < typed.length; i++) {
    const a = typed[i]!;
    const b = name[i]!;
    if (a === b) continue;
    // A real word is not a typo of another ("mullet" is a fish, not millet).
    if (isWord(a)) return null;
    const max = misspellingEdits(a.length);
    if (max === 0 || !sameStart(a, b)) return null;
    const d = editDistance(a, b, max);
    if (d > max) return null;
    total += d;
  }
  return total === 0 ? null : total;
}

/**
 * An in-memory index over every food name and alias. The dataset is static, so it is built once
 * at start-up; lookups are exact (case, punctuation and plural insensitive) and then fuzzy
 * (pg_trgm-style trigram similarity, or a small edit distance for typos in short words).
 */
export class FoodIndex {
  private readonly entries: Entry[] = [];
  private readonly byNormal = new Map<string, Entry>();
  private readonly byKey = new Map<string, Entry>();
  private readonly byCompact = new Map<string, Entry>();
  private readonly byGram = new Map<string, Entry[]>();
  /** Entries naming a plant part, by their other words (`rest`): "tomato leaves" finds "Tomato plant". */
  private readonly partEntriesByRest = new Map<string, Entry[]>();
  /** Names that name a plant part ("Stone-fruit pits"), for a part of a class of plants. */
  private readonly partNames: Entry[] = [];
  /** Names or aliases that two records share; the first record keeps them. */
  readonly collisions: string[] = [];

  /**
   * `isWord` tells a real word from a typo (see english-words.ts); without it, every close
   * spelling within the edits its length allows counts as a typo.
   */
  constructor(
    foods: readonly FoodRecord[],
    private readonly isWord: (word: string) => boolean = () => false,
  ) {
    // Names first, so a name always wins over another record's alias; aliases before shortened names.
    const texts: { food: FoodRecord; text: string; isName: boolean; derived?: boolean }[] = [
      ...foods.map((food) => ({ food, text: food.name, isName: true })),
      ...foods.flatMap((food) => food.aliases.map((text) => ({ food, text, isName: false }))),
      // "Pasta (cooked)" is also found as "pasta", unless a name or alias already means something else.
      ...foods
        .filter((food) => /\(.*\)/.test(food.name))
        .map((food) => ({
          food,
          text: food.name.replace(/\s*\(.*?\)\s*/g, " ").trim(),
          isName: true,
          derived: true,
        })),
    ];
    for (const { food, text, isName, derived } of texts) {
      const key = matchKey(text);
      if (!key) continue;
      const words = key.split(" ");
      const entry: Entry = {
        food,
        text,
        normal: normalizeText(text),
        key,
        compact: key.replace(/ /g, ""),
        words,
        rest: restKey(words),
        namesPart: words.some((w) => PART_WORDS.has(w)),
        grams: trigrams(key),
        isName,
      };
      if (!this.byNormal.has(entry.normal)) this.byNormal.set(entry.normal, entry);
      const existing = this.byKey.get(key);
      if (existing) {
        if (existing.food.id !== food.id && !derived)
          this.collisions.push(`${text} (${existing.food.id} / ${food.id})`);
        continue;
      }
      this.byKey.set(key, entry);
      if (!this.byCompact.has(entry.compact)) this.byCompact.set(entry.compact, entry);
      this.entries.push(entry);
      if (entry.namesPart) {
        const list = this.partEntriesByRest.get(entry.rest);
        if (list) list.push(entry);
        else this.partEntriesByRest.set(entry.rest, [entry]);
        if (entry.isName) this.partNames.push(entry);
      }
      for (const gram of entry.grams) {
        const list = this.byGram.get(gram);
        if (list) list.push(entry);
        else this.byGram.set(gram, [entry]);
      }
    }
  }

  /** Number of distinct names and aliases indexed. */
  get size(): number {
    return this.entries.length;
  }

  /**
   * The food a keeper-typed name means, or null. Never a different food: an exact name or
   * alias, a plain misspelling of one name (within `misspellingEdits`, and no other food as
   * close), or for a plant part the part's entry or the plant's entry whose guidance covers it.
   * Anything less certain is left to `closest` ("Did you mean ...?").
   */
  search(query: string): FoodMatch | null {
    const key = matchKey(typedText(query));
    if (!key) return null;
    const stripped = key
      .split(" ")
      .filter((w) => !QUESTION_WORDS.has(w))
      .join(" ");
    const candidates = stripped && stripped !== key ? [key, stripped] : [key];
    // Exactly as written first, so "grits" (cornmeal) is not read as the plural of "grit".
    const written = this.byNormal.get(normalizeText(typedText(query)));
    if (written) return this.toMatch(written, 1);
    for (const k of candidates) {
      const exact = this.exact(k);
      if (exact) return this.toMatch(exact, 1);
    }
    for (const k of candidates) {
      const part = this.partMatch(k);
      if (part) return part;
    }
    for (const k of candidates) {
      if (k.split(" ").some((w) => PART_WORDS.has(w))) continue;
      const typo = this.misspelling(k);
      if (typo) return this.toMatch(typo.entry, typo.score);
    }
    return null;
  }

  /** The closest foods to a query that found nothing, for "Did you mean ...?" (never an answer). */
  closest(query: string, limit = 5): FoodSuggestion[] {
    const key = matchKey(typedText(query));
    if (!key) return [];
    const stripped = key
      .split(" ")
      .filter((w) => !QUESTION_WORDS.has(w))
      .join(" ");
    const k = stripped || key;
    const seen = new Set<string>();
    const out: FoodSuggestion[] = [];
    const add = (entry: Entry) => {
      if (out.length >= limit || seen.has(entry.food.id)) return;
      seen.add(entry.food.id);
      out.push({ food: entry.food, matchedText: entry.text });
    };
    // For "cherry pits", the plant itself and its parts' entries come first.
    const base = k
      .split(" ")
      .filter((w) => !PART_WORDS.has(w))
      .join(" ");
    if (base && base !== k) {
      const plant = this.exact(base) ?? this.misspelling(base)?.entry;
      if (plant) add(plant);
    }
    // The closest, however far: the keeper sees them as suggestions, never as the answer.
    const scored = this.scoreAll(k, false)
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score || Number(b.entry.isName) - Number(a.entry.isName));
    for (const s of scored) add(s.entry);
    return out;
  }

  private exact(key: string): Entry | undefined {
    return this.byKey.get(key) ?? this.byCompact.get(key.replace(/ /g, ""));
  }

  /**
   * The one entry a key is a plain misspelling of, or null when none is, or two foods are as
   * close. Word by word: the same number of words, each within the edits its own length allows
   * (`misspellingEdits`) and starting with the same letter (or the first two swapped), so "goat
   * meat" is never "oatmeal", "pig feed" never "pigweed" and "ryegrass" never "rye grain".
   */
  private misspelling(key: string): { entry: Entry; score: number } | null {
    const words = key.split(" ");
    const compact = words.join("");
    if (misspellingEdits(compact.length) === 0) return null;
    let best = Number.POSITIVE_INFINITY;
    let found: Entry[] = [];
    for (const entry of this.entries) {
      const edits = wordEdits(words, entry.words, this.isWord);
      if (edits === null) continue;
      if (edits < best) {
        best = edits;
        found = [entry];
      } else if (edits === best) found.push(entry);
    }
    if (found.length === 0) return null;
    const foods = new Set(found.map((e) => e.food.id));
    if (foods.size !== 1) return null;
    const entry = found.find((e) => e.isName) ?? found[0]!;
    return { entry, score: 1 - best / Math.max(compact.length, entry.compact.length) };
  }

  private readonly described = new Map<string, Set<string>>();

  /** The matching keys of a food's description words (cached). */
  private describedWords(food: FoodRecord): Set<string> {
    let words = this.described.get(food.id);
    if (!words) {
      words = new Set(matchKey(food.description).split(" "));
      this.described.set(food.id, words);
    }
    return words;
  }

  /** "tomato leaves": the entry about that part of that plant, or the plant's when it covers the part. */
  private partMatch(key: string): FoodMatch | null {
    const words = key.split(" ");
    const parts = words.filter((w) => PART_WORDS.has(w));
    const baseWords = words.filter((w) => !PART_WORDS.has(w));
    if (parts.length === 0 || baseWords.length === 0) return null;
    const base = baseWords.join(" ");
    const partText = parts.join(" ");
    const group = new Set(parts.flatMap((p) => PART_GROUP_OF.get(p) ?? [p]));
    // The plant as the keeper named it, typo repaired ("potatoe sprouts").
    const plant = this.exact(base) ?? this.misspelling(base)?.entry;
    // The plant's words as typed, as matched, and as its entry's name ("tomatoe" -> "tomato").
    const wordSets = [baseWords];
    if (plant) {
      wordSets.push(plant.key.split(" "));
      wordSets.push(matchKey(plant.food.name.replace(/\(.*?\)/g, " ")).split(" "));
    }
    // An entry naming the plant and a word for the same part: "tomato leaves" -> "Tomato plant".
    let named: Entry | undefined;
    for (const plantWords of wordSets) {
      const want = plantWords.filter((w) => w && !PART_WORDS.has(w));
      if (want.length === 0) continue;
      // Exactly the plant's words besides the part: "fig leaves" is not "Fiddle leaf fig". Looked
      // up by those words, so a part query reads a handful of entries, not the whole index.
      named = (this.partEntriesByRest.get(restKey(want)) ?? [])
        .filter((e) => {
          const named = e.words.filter((w) => group.has(w));
          if (named.length === 0) return false;
          // "X plant" is also the common name of other species ("corn plant" is a dracaena):
          // through the bare word "plant", only an entry named so, or the plant's own, answers.
          return named.some((w) => w !== "plant") || e.isName || e.food.id === plant?.food.id;
        })
        .sort((a, b) => Number(b.isName) - Number(a.isName) || a.key.length - b.key.length)[0];
      if (named) break;
    }
    if (named) return { ...this.toMatch(named, 1), matchType: "part", part: partText };
    if (!plant) return null;
    // An entry about that part of a class of plants that names this one: "peach pits" ->
    // "Stone-fruit pits" (its text lists peaches).
    const plantKeys = new Set(wordSets.flat().filter((w) => w && !PART_WORDS.has(w)));
    const classEntry = this.partNames.find(
      (e) =>
        e.food.id !== plant.food.id &&
        e.words.some((w) => group.has(w)) &&
        [...plantKeys].every((w) => this.describedWords(e.food).has(w)),
    );
    if (classEntry) return { ...this.toMatch(classEntry, 1), matchType: "part", part: partText };
    // The plant's own entry answers only when its text says something about that part.
    const sentences = `${plant.food.description} ${plant.food.guidelines}`
      .split(/(?<=[.!?])\s+/)
      .filter((sentence) =>
        matchKey(sentence)
          .split(" ")
          .some((w) => group.has(w)),
      );
    if (sentences.length === 0) return null;
    return {
      ...this.toMatch(plant, 1),
      matchType: "part",
      part: partText,
      partGuidance: sentences.join(" "),
    };
  }

  /** Up to `limit` foods for a partly typed name: prefix matches first, then close spellings. */
  suggest(query: string, limit = 8): FoodSuggestion[] {
    const normal = normalizeText(query.slice(0, 100));
    if (!normal) return [];
    const seen = new Set<string>();
    const out: FoodSuggestion[] = [];
    const add = (entry: Entry) => {
      if (out.length >= limit || seen.has(entry.food.id)) return;
      seen.add(entry.food.id);
      out.push({ food: entry.food, matchedText: entry.text });
    };
    const byName = (a: Entry, b: Entry) =>
      Number(b.isName) - Number(a.isName) ||
      a.normal.length - b.normal.length ||
      a.normal.localeCompare(b.normal);
    this.entries
      .filter((e) => e.normal.startsWith(normal))
      .sort(byName)
      .forEach(add);
    if (out.length < limit) {
      this.entries
        .filter((e) => e.normal.includes(` ${normal}`))
        .sort(byName)
        .forEach(add);
    }
    if (out.length < limit && normal.length >= 3) {
      const key = matchKey(normal);
      const scored = this.scoreAll(key)
        .filter((s) => s.score >= FUZZY_THRESHOLD - 0.1)
        .sort((a, b) => b.score - a.score);
      for (const s of scored) add(s.entry);
    }
    return out;
  }

  private toMatch(entry: Entry, score: number): FoodMatch {
    return {
      food: entry.food,
      matchType: score === 1 ? (entry.isName ? "exact" : "alias") : "fuzzy",
      matchedText: entry.text,
      score: Math.round(score * 1000) / 1000,
    };
  }

  /** Scores every entry that shares a trigram with the key or is within a few edits of it. */
  private scoreAll(key: string, partsMustMatch = true): { entry: Entry; score: number }[] {
    const grams = trigrams(key);
    const shared = new Map<Entry, number>();
    for (const gram of grams) {
      for (const entry of this.byGram.get(gram) ?? [])
        shared.set(entry, (shared.get(entry) ?? 0) + 1);
    }
    const compact = key.replace(/ /g, "");
    const maxEdits = allowedEdits(compact.length);
    const parts = partsMustMatch ? key.split(" ").filter((w) => PART_WORDS.has(w)) : [];
    const results: { entry: Entry; score: number }[] = [];
    const consider = (entry: Entry, common: number) => {
      if (parts.length > 0) {
        const words = entry.key.split(" ");
        if (!parts.every((p) => words.includes(p))) return;
      }
      const similarity = common / (grams.size + entry.grams.size - common);
      let editScore = 0;
      // Typos seldom touch the first letter; requiring it keeps "bear" from turning into "pear".
      if (maxEdits > 0 && entry.compact[0] === compact[0]) {
        const d = editDistance(compact, entry.compact, maxEdits);
        if (d <= maxEdits) editScore = 1 - d / Math.max(compact.length, entry.compact.length);
      }
      const score = Math.max(similarity, editScore);
      if (score > 0) results.push({ entry, score });
    };
    for (const [entry, common] of shared) consider(entry, common);
    if (maxEdits > 0) {
      // Short words with a swapped or wrong letter may share no trigram at all ("baen").
      for (const entry of this.entries) {
        if (!shared.has(entry) && Math.abs(entry.compact.length - compact.length) <= maxEdits) {
          consider(entry, 0);
        }
      }
    }
    return results;
  }
}
