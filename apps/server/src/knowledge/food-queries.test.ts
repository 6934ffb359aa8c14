import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { repoRoot } from "../lib/paths";
import { buildKnowledge } from "./index";
import { misspellingEdits, wordEdits } from "./food-index";

/**
 * data/food-queries.json: what keepers type (names, aliases, plurals, misspellings, plant parts,
 * foods we do not list). `food` is the entry it must find, or null for "not found"; a non-strict
 * query (a generated plural or misspelling) may also answer "not found", never another food.
 */
const foodQuery = z.strictObject({
  query: z.string().min(1),
  food: z.string().nullable(),
  strict: z.boolean(),
  kind: z.enum(["name", "alias", "plural", "misspelling", "part", "other-food"]),
});
const queries = z
  .array(foodQuery)
  .parse(JSON.parse(readFileSync(path.join(repoRoot, "data/food-queries.json"), "utf8")));
const knowledge = buildKnowledge();

describe("food search never answers with a different food", () => {
  it("has at least 300 queries of every kind, each naming a food that exists", () => {
    expect(queries.length).toBeGreaterThanOrEqual(300);
    for (const kind of foodQuery.shape.kind.options) {
      expect(queries.filter((q) => q.kind === kind).length, kind).toBeGreaterThanOrEqual(20);
    }
    for (const q of queries) if (q.food) expect(knowledge.foodById.has(q.food), q.food).toBe(true);
  });

  it("finds the right food or answers not found with suggestions, for every query", () => {
    const wrong: string[] = [];
    for (const q of queries) {
      const found = knowledge.foodIndex.search(q.query)?.food.id ?? null;
      if (found === q.food) continue;
      if (found === null && !q.strict) continue;
      wrong.push(`${q.query}: expected ${q.food ?? "not found"}, got ${found ?? "not found"}`);
    }
    expect(wrong).toEqual([]);
  });

  it("offers the closest foods as 'Did you mean' when nothing is found", () => {
    for (const q of queries.filter((x) => x.food === null)) {
      expect(knowledge.foodIndex.closest(q.query).length, q.query).toBeGreaterThan(0);
    }
    expect(knowledge.foodIndex.closest("sago").map((s) => s.food.id)).toContain("sage");
  });

  it("names the part a query asked about", () => {
    const pits = knowledge.foodIndex.search("cherry pits");
    expect(pits).toMatchObject({ matchType: "part", part: "pit" });
    expect(pits?.food.id).toBe("stone-fruit-pits");
  });

  it("tolerates edits relative to length: none up to 4 letters, 1 up to 7, 2 from 8", () => {
    expect([3, 4, 5, 7, 8, 12].map(misspellingEdits)).toEqual([0, 0, 1, 1, 2, 2]);
    expect(knowledge.foodIndex.search("bananna")?.food.id).toBe("banana");
    expect(knowledge.foodIndex.search("sago")).toBeNull();
  });

  it("reads a misspelling word by word: same word count, each word within its own edits", () => {
    expect(wordEdits(["bananna"], ["banana"])).toBe(1);
    expect(wordEdits(["pumpkn", "seed"], ["pumpkin", "seed"])).toBe(1);
    // Different word counts are never a typo: a meat is not a grain product, feed not a weed.
    expect(wordEdits(["goatmeat"], ["oatmeal"])).toBeNull();
    expect(wordEdits(["goat", "meat"], ["oatmeal"])).toBeNull();
    expect(wordEdits(["pig", "feed"], ["pigweed"])).toBeNull();
    // Short words must be exact; the first letter must agree (or the first two be swapped).
    expect(wordEdits(["sago"], ["sage"])).toBeNull();
    expect(wordEdits(["tomato"], ["potato"])).toBeNull();
    expect(wordEdits(["abnana"], ["banana"])).toBe(1);
    // A real word is not a typo of another one.
    const isWord = (w: string) => w === "mullet";
    expect(wordEdits(["mullet"], ["millet"], isWord)).toBeNull();
  });

  it("never answers a real word with the food it resembles", () => {
    for (const q of ["mullet", "cloves", "glass", "goat meat", "pig feed", "ryegrass"]) {
      expect(knowledge.foodIndex.search(q), q).toBeNull();
      expect(knowledge.foodIndex.closest(q).length, q).toBeGreaterThan(0);
    }
    expect(knowledge.foodIndex.closest("mullet")[0]?.food.id).toBe("millet");
  });

  it("answers a part only from the same plant, not a namesake ('corn plant' is a dracaena)", () => {
    expect(knowledge.foodIndex.search("corn stalks")).toBeNull();
    expect(knowledge.foodIndex.search("fig leaves")).toBeNull();
    expect(knowledge.foodIndex.search("strawberry tops")).toMatchObject({
      matchType: "part",
      part: "top",
      food: { id: "strawberry-plants" },
    });
  });

  it("still repairs most generated misspellings (the rest get 'Did you mean')", () => {
    const typos = queries.filter((q) => q.kind === "misspelling");
    const found = typos.filter((q) => knowledge.foodIndex.search(q.query)?.food.id === q.food);
    expect(found.length / typos.length).toBeGreaterThan(0.6);
  });
});
