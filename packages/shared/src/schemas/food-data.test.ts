import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { foodDataset, type FoodRecord, type FoodSafetyLevel } from "./food";

const raw: unknown = JSON.parse(
  readFileSync(new URL("../../../../data/foods.json", import.meta.url), "utf8"),
);
const parsed = foodDataset.safeParse(raw);
const foods: FoodRecord[] = parsed.success ? parsed.data : [];

const norm = (s: string) => s.trim().toLowerCase();

/** Finds a record whose name or alias equals the term (case-insensitive). */
function lookup(term: string): FoodRecord | undefined {
  const key = norm(term);
  return foods.find((f) => norm(f.name) === key || f.aliases.some((a) => norm(a) === key));
}

/** Items from the knowledge-sources table and the poultry-toxic plant list. */
const REQUIRED: [term: string, level: FoodSafetyLevel][] = [
  ["avocado", "toxic"],
  ["avocado leaves", "toxic"],
  ["avocado pit", "toxic"],
  ["raw beans", "toxic"],
  ["dry beans", "toxic"],
  ["raw kidney beans", "toxic"],
  ["cooked beans", "safe"],
  ["chocolate", "toxic"],
  ["coffee", "toxic"],
  ["coffee grounds", "toxic"],
  ["tea", "toxic"],
  ["caffeine", "toxic"],
  ["green potato", "toxic"],
  ["potato peel", "caution"],
  ["green potato peel", "toxic"],
  ["potato sprouts", "toxic"],
  ["green tomato", "toxic"],
  ["eggplant", "caution"],
  ["aubergine", "caution"],
  ["eggplant leaves", "toxic"],
  ["unripe eggplant", "toxic"],
  ["meat and bone meal", "caution"],
  ["blood meal", "caution"],
  ["feather meal", "caution"],
  ["blood fish and bone", "toxic"],
  ["nightshade leaves", "toxic"],
  ["tomato leaves", "toxic"],
  ["potato leaves", "toxic"],
  ["salty food", "caution"],
  ["sugary food", "caution"],
  ["fatty food", "caution"],
  ["processed food", "caution"],
  ["mouldy food", "toxic"],
  ["moldy bread", "toxic"],
  ["mouldy feed", "toxic"],
  ["apple seeds", "caution"],
  ["stone-fruit pits", "caution"],
  ["cherry", "safe"],
  ["rhubarb leaves", "toxic"],
  ["onion", "caution"],
  ["garlic", "caution"],
  ["citrus", "caution"],
  ["orange", "caution"],
  ["lemon", "caution"],
  ["long grass clippings", "caution"],
  ["grass clippings", "caution"],
  ["castor bean", "toxic"],
  ["corncockle", "toxic"],
  ["yew", "toxic"],
  ["foxglove", "toxic"],
  ["oleander", "toxic"],
  ["rhododendron", "toxic"],
  ["azalea", "toxic"],
  ["lily of the valley", "toxic"],
  ["daffodil bulbs", "toxic"],
  ["bracken fern", "toxic"],
  ["hemlock", "toxic"],
  ["water hemlock", "toxic"],
  ["deadly nightshade", "toxic"],
  ["black nightshade", "toxic"],
  ["tobacco", "toxic"],
  ["lupin seeds", "toxic"],
  ["milkweed", "toxic"],
  ["jimsonweed", "toxic"],
  ["rattlebox", "toxic"],
  ["atamasco lily", "toxic"],
  ["black locust", "toxic"],
  ["apple", "safe"],
  ["watermelon", "safe"],
  ["mealworms", "safe"],
  ["zucchini", "safe"],
  ["courgette", "safe"],
  ["brocoli", "safe"],
  ["avacado", "toxic"],
  ["layer feed", "safe"],
];

/** Items where the evidence is disputed and must be flagged. */
const UNCERTAIN = ["onion", "garlic", "citrus", "orange", "lemon", "grapefruit"];

describe("data/foods.json", () => {
  it("matches the foodDataset schema", () => {
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.success).toBe(true);
  });

  it("has at least 500 records", () => {
    expect(foods.length).toBeGreaterThanOrEqual(500);
  });

  it("has unique ids", () => {
    const seen = new Set<string>();
    const dupes = foods.map((f) => f.id).filter((id) => (seen.has(id) ? true : !seen.add(id)));
    expect(dupes).toEqual([]);
  });

  it("has names and aliases that are unique across all records (case-insensitive)", () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const f of foods) {
      for (const term of [f.name, ...f.aliases]) {
        const key = norm(term);
        const prev = owner.get(key);
        if (prev !== undefined) clashes.push(`"${term}": ${prev} / ${f.id}`);
        else owner.set(key, f.id);
      }
    }
    expect(clashes).toEqual([]);
  });

  it("shares no guidance sentence among more than 5 foods", () => {
    const count = new Map<string, string[]>();
    for (const f of foods) {
      for (const sentence of f.guidelines.split(/(?<=[.!?])\s+/)) {
        count.set(sentence, [...(count.get(sentence) ?? []), f.id]);
      }
    }
    const shared = [...count]
      .filter(([, ids]) => ids.length > 5)
      .map(([s, ids]) => `${ids.length}: ${s}`);
    expect(shared).toEqual([]);
  });

  it("keeps the general rules and UK/EU law out of the guidelines, as notes", () => {
    for (const f of foods) {
      expect(f.guidelines, f.id).not.toMatch(/UK\/EU:|10% of what/);
    }
    expect(foods.filter((f) => f.notes?.includes("treat-limit")).length).toBeGreaterThan(100);
    expect(foods.filter((f) => f.notes?.includes("uk-eu-kitchen-waste")).length).toBeGreaterThan(
      50,
    );
  });

  it("cites at least one source in every record", () => {
    expect(foods.filter((f) => f.sources.length < 1).map((f) => f.id)).toEqual([]);
  });

  // A food's level rests on a page that names it: a source with the page's address (URL) or a DOI,
  // from a poultry, bird or livestock source. Pet and human poison lists (ASPCA covers dogs, cats and
  // horses; the poison centres and the baby-safe list cover people) cannot carry a level alone.
  // Where no such page names a food, the record says so (`generalRule`): its level follows the
  // general rule, and the page shows that rule instead of pretending to a citation.
  const NOT_POULTRY =
    /ASPCA|Washington Poison Center|Children's Hospital of Philadelphia|Alber J\.I\.|Missouri Poison Center/;
  const PAGE = /\(https?:\/\/|https:\/\/doi\.org\//;
  const named = (f: FoodRecord) => f.sources.some((s) => PAGE.test(s) && !NOT_POULTRY.test(s));
  const withPage = foods.filter(named);
  const general = foods.filter((f) => f.generalRule !== undefined);
  const aspcaOnly = foods.filter((f) => f.sources.every((s) => /ASPCA/i.test(s)));

  it("rests every food's level on a page that names it, or says it follows the general rule", () => {
    // Printed so the remaining number is a visible figure.
    console.info(
      `foods: ${foods.length}; level backed by a poultry/bird/livestock page or paper: ${withPage.length} (${withPage.filter((f) => f.sources.some((s) => /\): names /.test(s))).length} with a source written per food, naming what the page says of it; the rest cite the page on the poison they contain); general rule only: ${general.length} (plants ${general.filter((f) => f.generalRule === "plant").length}, feeds and supplements ${general.filter((f) => f.generalRule === "feed").length}, other foods ${general.filter((f) => f.generalRule === "food").length}); ASPCA as the only source (shown with the general rule): ${aspcaOnly.length}`,
    );
    expect(foods.filter((f) => !named(f) && !f.generalRule).map((f) => f.id)).toEqual([]);
    expect(withPage.filter((f) => f.generalRule).map((f) => f.id)).toEqual([]);
  });

  it("names the food in each page source added per food", () => {
    // "Publisher – Title (URL): names <what the page says about this food>".
    const perFood = foods.flatMap((f) =>
      f.sources.filter((s) => /\): names /.test(s)).map((s) => ({ id: f.id, s })),
    );
    expect(perFood.length).toBeGreaterThan(150);
    expect(perFood.filter(({ s }) => !/\): names \S.{10,}$/.test(s))).toEqual([]);
  });

  it("has at most 12 foods on the general rule only (the number may only fall)", () => {
    expect(general.length).toBeLessThanOrEqual(12);
  });

  it("never lets ASPCA stand alone: a food citing only ASPCA is flagged uncertain and shows the general rule", () => {
    expect(aspcaOnly.filter((f) => !f.uncertain || !f.generalRule).map((f) => f.id)).toEqual([]);
    expect(aspcaOnly.length).toBeLessThanOrEqual(5);
  });

  // A food whose guidance rests on a named poison cites the page about that poisoning, not only a
  // list of plants or a general feeding guide.
  const TOXIN_PAGES: [text: RegExp, page: RegExp][] = [
    [/cyanogen|amygdalin|cyanide|prunasin|prussic/i, /Cyanide Poisoning in Animals \(https:/],
    [/\bnitrate/i, /Nitrate and Nitrite Poisoning in Animals \(https:/],
    [/pyrrolizidine/i, /Pyrrolizidine Alkaloidosis in Animals \(https:/],
    [/persin/i, /Avocado: is it poisonous\? \(https:/],
    [/allium|thiosulf/i, /Allium spp Toxicosis in Animals \(https:/],
    [/anticoagulant/i, /Anticoagulant Rodenticide .* Poisoning in Animals \(https:/],
    [/lead poisoning|zinc poisoning/i, /Lead and Zinc Toxicity in Birds \(https:/],
    [/aflatoxin|mycotoxin/i, /Aflatoxicosis in Poultry \(https:/],
    [/cantharidin/i, /Cantharidin Toxicosis in Animals .*\(https:/],
    [/cyanobacteri/i, /Cyanobacterial poisoning in livestock, wild mammals and birds/],
  ];

  it.each(TOXIN_PAGES)("cites the page on the poison for every food naming %s", (text, page) => {
    const naming = foods.filter((f) => text.test(`${f.description} ${f.guidelines}`));
    expect(naming.length).toBeGreaterThan(0);
    expect(naming.filter((f) => !f.sources.some((s) => page.test(s))).map((f) => f.id)).toEqual([]);
  });

  it("writes each food's own guidance: no template sentence with the name swapped in", () => {
    // A sentence that becomes identical across foods once the food's own name is blanked out
    // is a template, even when no two foods share it word for word.
    const count = new Map<string, string[]>();
    for (const f of foods) {
      const names = [f.name, ...f.aliases].sort((a, b) => b.length - a.length);
      for (const sentence of f.guidelines.split(/(?<=[.!?])\s+/)) {
        let shape = sentence.toLowerCase();
        for (const n of names) shape = shape.split(n.toLowerCase()).join("~");
        if (!shape.includes("~")) continue;
        count.set(shape, [...(count.get(shape) ?? []), f.id]);
      }
    }
    const templated = [...count]
      .filter(([, ids]) => ids.length > 5)
      .map(([s, ids]) => `${ids.length}: ${s}`);
    expect(templated).toEqual([]);
  });

  it("gives every food more than a few words of guidance", () => {
    // Which part, how prepared, how much, why: "A pinch." or "Never feed." says none of it.
    const terse = foods.filter((f) => f.guidelines.split(/\s+/).length < 12).map((f) => f.id);
    expect(terse).toEqual([]);
  });

  it("uses all three safety levels", () => {
    const levels = new Set(foods.map((f) => f.safetyLevel));
    expect([...levels].sort()).toEqual(["caution", "safe", "toxic"]);
  });

  it.each(REQUIRED)("finds %s as %s", (term, level) => {
    const found = lookup(term);
    expect(found, `no record named or aliased "${term}"`).toBeDefined();
    expect(found?.safetyLevel).toBe(level);
  });

  it.each(UNCERTAIN)("flags %s as uncertain", (term) => {
    expect(lookup(term)?.uncertain).toBe(true);
  });

  it("mentions the UK/EU kitchen-waste ban on kitchen scraps", () => {
    const missing = foods
      .filter((f) => f.category === "kitchen-scrap" && f.id !== "medicines-human")
      .filter((f) => !["table-salt", "cigarette-butts"].includes(f.id))
      .filter((f) => !f.notes?.includes("uk-eu-kitchen-waste") && !f.notes?.includes("uk-eu-meat"))
      .map((f) => f.id);
    expect(missing).toEqual([]);
  });

  it("states the 10% treat rule on safe edible treats", () => {
    const edible = new Set(["fruit", "vegetable", "herb", "insect", "dairy"]);
    const missing = foods
      .filter((f) => edible.has(f.category) && f.safetyLevel === "safe")
      .filter((f) => !f.notes?.includes("treat-limit"))
      .map((f) => f.id);
    expect(missing).toEqual([]);
  });
});
