import type { FoodRecord } from "@flockkeeper/shared/schemas/food";
import { editDistance, matchKey, normalizeText, trigrams } from "./text";

/** How a search term was matched: the item's own name, one of its aliases, or a close spelling. */
export type FoodMatchType = "exact" | "alias" | "fuzzy";

/** The best match for a search term. */
export interface FoodMatch {
  food: FoodRecord;
  matchType: FoodMatchType;
  /** The name or alias that matched, as written in the dataset. */
  matchedText: string;
  /** 0..1, 1 for an exact name or alias. */
  score: number;
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
  grams: Set<string>;
  isName: boolean;
}

/** A fuzzy match must score above this; otherwise the answer is "not found" rather than a guess. */
export const FUZZY_THRESHOLD = 0.5;

/*
 * Words naming the part of a plant or food. The part is often what makes it dangerous ("peach"
 * is a treat, "peach pits" are not), so a fuzzy match must contain every part the keeper named.
 */
const PART_WORDS = new Set(
  "pit stone seed kernel leaf leave peel skin rind core stem stalk root bulb vine plant sprout shoot bark flower pip hull husk shell".split(
    " ",
  ),
);

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
  /** Names or aliases that two records share; the first record keeps them. */
  readonly collisions: string[] = [];

  constructor(foods: readonly FoodRecord[]) {
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
      const entry: Entry = {
        food,
        text,
        normal: normalizeText(text),
        key,
        compact: key.replace(/ /g, ""),
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

  /** The best match for a keeper-typed name, or null when nothing is close enough. */
  search(query: string): FoodMatch | null {
    const key = matchKey(query.slice(0, 200));
    if (!key) return null;
    const stripped = key
      .split(" ")
      .filter((w) => !QUESTION_WORDS.has(w))
      .join(" ");
    const candidates = stripped && stripped !== key ? [key, stripped] : [key];
    // Exactly as written first, so "grits" (cornmeal) is not read as the plural of "grit".
    const written = this.byNormal.get(normalizeText(query.slice(0, 200)));
    if (written) return this.toMatch(written, 1);
    for (const k of candidates) {
      const exact = this.byKey.get(k) ?? this.byCompact.get(k.replace(/ /g, ""));
      if (exact) return this.toMatch(exact, 1);
    }
    let best: { entry: Entry; score: number } | null = null;
    for (const k of candidates) {
      const found = this.fuzzy(k);
      if (found && (!best || found.score > best.score)) best = found;
    }
    return best && best.score > FUZZY_THRESHOLD ? this.toMatch(best.entry, best.score) : null;
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

  private fuzzy(key: string): { entry: Entry; score: number } | null {
    let best: { entry: Entry; score: number } | null = null;
    for (const candidate of this.scoreAll(key)) {
      if (
        !best ||
        candidate.score > best.score ||
        (candidate.score === best.score && candidate.entry.isName && !best.entry.isName)
      ) {
        best = candidate;
      }
    }
    return best;
  }

  /** Scores every entry that shares a trigram with the key or is within a few edits of it. */
  private scoreAll(key: string): { entry: Entry; score: number }[] {
    const grams = trigrams(key);
    const shared = new Map<Entry, number>();
    for (const gram of grams) {
      for (const entry of this.byGram.get(gram) ?? [])
        shared.set(entry, (shared.get(entry) ?? 0) + 1);
    }
    const compact = key.replace(/ /g, "");
    const maxEdits = allowedEdits(compact.length);
    const parts = key.split(" ").filter((w) => PART_WORDS.has(w));
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
