import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foodDataset } from "@flockkeeper/shared/schemas/food";
import {
  BULK_SEARCH_MAX,
  FOOD_NOT_FOUND_GUIDANCE,
  FOOD_NOT_FOUND_MESSAGE,
  type FoodItem,
} from "@flockkeeper/shared/schemas/food-search";
import { getKnowledge } from "../../knowledge/index";
import { createTestApp, type TestApp } from "../../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const search = (name: string) =>
  t.app.inject({ method: "GET", url: `/api/food-items/search?name=${encodeURIComponent(name)}` });
const bulk = (payload: unknown) =>
  t.app.inject({ method: "POST", url: "/api/food-items/bulk-search", payload: payload as object });

/** What keepers type, and the safety level they must get back (typos, plurals, aliases, questions). */
const FOOD_CASES: [query: string, level: "safe" | "caution" | "toxic", kind: string][] = [
  ["apple", "safe", "name"],
  ["Apples", "safe", "plural"],
  ["APPLE SEEDS", "caution", "case"],
  ["appel", "safe", "typo"],
  ["avocado", "toxic", "name"],
  ["avacado", "toxic", "typo"],
  ["Avocados", "toxic", "plural"],
  ["guacamole", "toxic", "alias"],
  ["chocolate", "toxic", "name"],
  ["choclate", "toxic", "typo"],
  ["choclate chips", "toxic", "typo"],
  ["dark chocolate", "toxic", "alias"],
  ["grapes", "safe", "name"],
  ["tomatoes", "safe", "plural"],
  ["tomato leaves", "toxic", "part"],
  ["green potatos", "toxic", "typo + plural"],
  ["potatoe peels", "caution", "typo + plural"],
  ["rhubarb leafs", "toxic", "plural"],
  ["rubarb", "caution", "typo"],
  ["onions", "caution", "plural"],
  ["water melon", "safe", "spacing"],
  ["strawbery", "safe", "typo"],
  ["bluberries", "safe", "typo + plural"],
  ["blue berries", "safe", "spacing"],
  ["cucmber", "safe", "typo"],
  ["brocoli", "safe", "typo"],
  ["meal worms", "safe", "spacing"],
  ["BSFL", "safe", "abbreviation"],
  ["zucchini", "safe", "regional name"],
  ["cilantro", "safe", "regional name"],
  ["courgette", "safe", "regional name"],
  ["dry beans", "toxic", "alias"],
  ["coffee grounds", "toxic", "name"],
  ["salt", "toxic", "alias"],
  ["moldy bread", "toxic", "spelling"],
  ["mouldy bread", "toxic", "spelling"],
  ["foxgloves", "toxic", "plural"],
  ["oleander", "toxic", "name"],
  ["yew", "toxic", "short name"],
  ["daffodils", "toxic", "plural"],
  ["lily of the valley", "toxic", "name"],
  ["Rhododendron", "toxic", "name"],
  ["castor bean", "toxic", "name"],
  ["apricot pits", "toxic", "part"],
  ["wild mushrooms", "toxic", "name"],
  ["dandelions", "safe", "plural"],
  ["stinging nettles", "safe", "plural"],
  ["pumkin", "safe", "typo"],
  ["sunflowr seeds", "safe", "typo"],
  ["grits", "safe", "alias"],
  ["spinach", "caution", "name"],
  ["salted nuts", "caution", "alias"],
  ["hot dogs", "caution", "alias"],
  ["can my chickens eat tomatoes?", "safe", "question"],
  ["Is chocolate safe for ducks", "toxic", "question"],
  ["  Grapes  ", "safe", "spaces"],
];

describe("GET /api/food-items/search", () => {
  it("covers at least 40 queries", () => {
    expect(FOOD_CASES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(FOOD_CASES)("%s -> %s (%s)", async (query, level) => {
    const res = await search(query);
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json<FoodItem>();
    expect(item.safetyLevel, `${query} matched ${item.name} via ${item.matchedText}`).toBe(level);
    expect(item.description.length).toBeGreaterThan(0);
    expect(item.guidelines.length).toBeGreaterThan(0);
    expect(item.sources.length).toBeGreaterThan(0);
  });

  it("says how the term matched", async () => {
    expect((await search("Avocado")).json()).toMatchObject({ name: "Avocado", matchType: "exact" });
    expect((await search("guacamole")).json()).toMatchObject({
      name: "Avocado",
      matchType: "alias",
      matchedText: "guacamole",
    });
    expect((await search("avocadoo")).json()).toMatchObject({
      name: "Avocado",
      matchType: "fuzzy",
    });
  });

  it("names the page behind a level, or says the level follows the general rule", async () => {
    const apple = (await search("apple")).json<FoodItem>();
    expect(apple.generalRule).toBeUndefined();
    expect(apple.sources.some((s) => /\(https?:\/\/.*\): names apples/.test(s))).toBe(true);
    const foxtailLily = (await search("foxtail lily")).json<FoodItem>();
    expect(foxtailLily.generalRule).toMatch(
      /No poultry, bird or livestock source we found names this plant/,
    );
  });

  it("finds every dataset record by its own name", async () => {
    const { foods } = getKnowledge();
    expect(() => foodDataset.parse(foods)).not.toThrow();
    for (const food of foods) {
      const match = getKnowledge().foodIndex.search(food.name);
      expect(match?.food.id, food.name).toBe(food.id);
    }
  });

  it("answers a plant part with that part's entry, naming the part", async () => {
    // "peach" is a treat, "peach pits" are not: never answer the pit question with the fruit.
    const pits = await search("peach pits");
    expect(pits.statusCode).toBe(200);
    expect(pits.json<FoodItem>()).toMatchObject({
      name: "Stone-fruit pits",
      matchType: "part",
      part: "pit",
    });
    const leaves = await search("tomatoe leaves");
    expect(leaves.json<FoodItem>()).toMatchObject({ id: "tomato-plant", safetyLevel: "toxic" });
  });

  it("answers a part with no entry of its own by the plant's sentences about that part", async () => {
    const res = await search("watermelon seeds");
    expect(res.json<FoodItem>()).toMatchObject({ id: "watermelon", matchType: "part" });
    expect(res.json<FoodItem>().partGuidance).toMatch(/seeds/i);
  });

  it("never answers with a different food: a near miss is only a 'Did you mean' suggestion", async () => {
    const res = await search("sago");
    expect(res.statusCode).toBe(404);
    const body = res.json<{ suggestions: { id: string }[]; guidance: string }>();
    expect(body.suggestions.map((s) => s.id)).toContain("sage");
    expect(body.guidance).toMatch(/When in doubt, leave it out/);
  });

  it.each([
    ["xyzzyqwv"],
    ["'; DROP TABLE food_index; --"],
    ["<script>alert(1)</script>"],
    ["<img src=x onerror=alert(1)>"],
    ["the"],
    ["%%%%"],
  ])("answers 404 'Food item not found' for %s", async (query) => {
    const res = await search(query);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: "NOT_FOUND",
      message: FOOD_NOT_FOUND_MESSAGE,
      guidance: FOOD_NOT_FOUND_GUIDANCE,
    });
    expect(res.body).not.toContain("<script>");
  });

  it.each([[""], ["   "]])("answers 400 for an empty name %j", async (query) => {
    const res = await search(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      message: "Please enter a food or plant name",
    });
  });

  it("answers 400 without a name and for a 10 KB name", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/food-items/search" })).statusCode).toBe(
      400,
    );
    const res = await search("a".repeat(10 * 1024));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/200 characters or fewer/);
  });

  it("answers control characters with a clear 4xx or the food they surround, never a 5xx", async () => {
    const inside = await search("\u0000ban\u0007ana");
    expect(inside.statusCode).toBe(400);
    expect(inside.json().message).toMatch(/\w/);
    const around = await search("\u0001banana\u001f");
    expect(around.statusCode).toBe(200);
    expect(around.json().id).toBe("banana");
    const only = await search("\u0000\u0001\u0002");
    expect(only.statusCode).toBeGreaterThanOrEqual(400);
    expect(only.statusCode).toBeLessThan(500);
  });
});

describe("GET /api/food-items/suggestions", () => {
  it("suggests foods for a partly typed name", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/food-items/suggestions?q=straw" });
    expect(res.statusCode).toBe(200);
    const names = res.json<{ name: string }[]>().map((s) => s.name);
    expect(names).toContain("Strawberry");
    expect(names.length).toBeLessThanOrEqual(8);
  });

  it("returns nothing for an empty query and 400 for a long one", async () => {
    const empty = await t.app.inject({ method: "GET", url: "/api/food-items/suggestions?q=" });
    expect(empty.json()).toEqual([]);
    const long = await t.app.inject({
      method: "GET",
      url: `/api/food-items/suggestions?q=${"x".repeat(5000)}`,
    });
    expect(long.statusCode).toBe(400);
  });
});

describe("POST /api/food-items/bulk-search", () => {
  it("returns {searchTerm, found, item} per name in order", async () => {
    const res = await bulk({ names: ["Foxglove", "dandelions", "not a real plant zzz", "Yew"] });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ searchTerm: string; found: boolean; item: FoodItem | null }[]>();
    expect(body.map((r) => r.searchTerm)).toEqual([
      "Foxglove",
      "dandelions",
      "not a real plant zzz",
      "Yew",
    ]);
    expect(body.map((r) => r.found)).toEqual([true, true, false, true]);
    expect(body[0]!.item!.safetyLevel).toBe("toxic");
    expect(body[1]!.item!.safetyLevel).toBe("safe");
    expect(body[2]!.item).toBeNull();
  });

  it("trims names and drops blanks", async () => {
    const res = await bulk({ names: ["  oleander ", "", "   "] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
    expect(res.json()[0]).toMatchObject({ searchTerm: "oleander", found: true });
  });

  it.each([
    [{ names: [] }, "Please enter at least one plant or food name"],
    [{ names: ["", " "] }, "Please enter at least one plant or food name"],
    [{}, "Names must be a list"],
    [{ names: "yew" }, "Names must be a list"],
    [{ names: [1, 2] }, "Each name must be text"],
  ])("answers 400 for %j", async (payload, message) => {
    const res = await bulk(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION_ERROR", message });
  });

  it("caps one request at 100 names with a clear 400", async () => {
    const ok = await bulk({ names: Array.from({ length: BULK_SEARCH_MAX }, () => "apple") });
    expect(ok.statusCode).toBe(200);
    const res = await bulk({ names: Array.from({ length: 1000 }, (_, i) => `plant ${i}`) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please check no more than 100 names at a time");
  });

  it("refuses 10 KB names and answers SQL or HTML names as not found", async () => {
    const long = await bulk({ names: ["x".repeat(10 * 1024)] });
    expect(long.statusCode).toBe(400);
    const res = await bulk({
      names: ["'); DELETE FROM users; --", "<b>oleander</b>", "<svg onload=alert(1)>"],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ found: boolean; searchTerm: string }[]>();
    expect(body[0]!.found).toBe(false);
    // The term comes back as plain JSON text; matching ignores the markup.
    expect(body[1]).toMatchObject({ searchTerm: "<b>oleander</b>", found: true });
    expect(body[2]!.found).toBe(false);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/food-items/bulk-search",
      headers: { "content-type": "application/json" },
      payload: "{names:",
    });
    expect(res.statusCode).toBe(400);
  });
});
