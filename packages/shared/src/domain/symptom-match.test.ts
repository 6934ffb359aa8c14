import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  conditionDataset,
  diagnoseResponse,
  symptomDataset,
  type ConditionRecord,
} from "../schemas/condition";
import type { PoultrySpecies } from "../schemas/species";
import {
  REPORTING_ADVICE,
  diagnose,
  findSymptomsInText,
  normalizeSymptom,
  parseSymptomInput,
  rankConditions,
  resolveSymptoms,
  toHealthCondition,
} from "./symptom-match";

function loadJson(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../../../data/${name}`, import.meta.url), "utf8"));
}

const vocabulary = symptomDataset.parse(loadJson("symptoms.json"));
const conditions = conditionDataset.parse(loadJson("conditions.json"));

function ids(texts: string[]): string[] {
  return resolveSymptoms(texts, vocabulary).ids;
}

describe("normalizeSymptom", () => {
  it.each([
    ["runny poop", "watery-droppings"],
    ["Diarrhoea", "watery-droppings"],
    ["diarrhea", "watery-droppings"],
    ["squirty poo", "watery-droppings"],
    ["Coughing ", "coughing"],
    ["COUGH!", "coughing"],
    ["Watery droppings", "watery-droppings"],
    ["watery-droppings", "watery-droppings"],
    ["watery dropping", "watery-droppings"],
    ["Pale combs", "pale-comb"],
    ["won't eat", "not-eating"],
    ["wont eat", "not-eating"],
    ["Weight loss.", "weight-loss"],
    ["sneezes", "sneezing"],
    ["lame", "limping"],
    ["going light", "weight-loss"],
    ["grey eye", "grey-eye"],
    ["gray eyes", "grey-eye"],
  ])("maps %j to %s", (text, id) => {
    expect(normalizeSymptom(text, vocabulary)).toBe(id);
  });

  it.each([
    ["coughng", "coughing"],
    ["letharggy", "lethargy"],
    ["diarhoea", "watery-droppings"],
    ["sneezng", "sneezing"],
    ["bumblefoot", "swollen-footpad"],
    ["swolen footpad", "swollen-footpad"],
  ])("tolerates the typo %j", (text, id) => {
    expect(normalizeSymptom(text, vocabulary)).toBe(id);
  });

  it.each(["", "   ", "!!!", "banana", "xyz", "my hen is sad today", "limb"])(
    "returns null for %j",
    (text) => {
      expect(normalizeSymptom(text, vocabulary)).toBeNull();
    },
  );
});

describe("findSymptomsInText and resolveSymptoms", () => {
  it("finds phrases inside a sentence", () => {
    expect(findSymptomsInText("My hen has runny poop and is not eating", vocabulary)).toEqual([
      "watery-droppings",
      "not-eating",
    ]);
  });

  it("skips negated symptoms", () => {
    expect(findSymptomsInText("no coughing but sneezing a lot", vocabulary)).toEqual(["sneezing"]);
  });

  it("dedupes ids and reports text it could not understand", () => {
    expect(
      resolveSymptoms(["Coughing", "cough", "purple elephant", "Not eating"], vocabulary),
    ).toEqual({
      ids: ["coughing", "not-eating"],
      unmatched: ["purple elephant"],
      notUnderstood: ["purple elephant"],
    });
  });
});

describe("the token matcher: a keeper's own words", () => {
  it.each([
    ["comb pale", "pale-comb"],
    ["her comb is very pale", "pale-comb"],
    ["legs have red blotches", "red-shanks"],
    ["poop is green", "green-droppings"],
    ["runny poo", "watery-droppings"],
    ["her bum is dirty", "pasty-vent"],
    ["snot", "nasal-discharge"],
    ["can't stand", "leg-paralysis"],
    ["cannot stand up", "leg-paralysis"],
    ["sneezed", "sneezing"],
    ["coughng a lot", "coughing"],
    ["diarhea", "watery-droppings"],
    ["droppings are bloody", "bloody-droppings"],
    ["breathing heavy", "gasping"],
  ])("understands %j as %s", (text, id) => {
    expect(resolveSymptoms([text], vocabulary).ids).toContain(id);
  });

  it("hands back the words it did not understand instead of nothing", () => {
    expect(resolveSymptoms(["glorp"], vocabulary)).toMatchObject({
      ids: [],
      notUnderstood: ["glorp"],
    });
    expect(resolveSymptoms(["runny poop and sad"], vocabulary)).toEqual({
      ids: ["watery-droppings"],
      unmatched: [],
      notUnderstood: ["sad"],
    });
  });

  it("leaves out negated symptoms and words far apart are not one sign", () => {
    expect(resolveSymptoms(["no blood in poop"], vocabulary).ids).toEqual([]);
    expect(resolveSymptoms(["pale feathers on her back, red comb"], vocabulary).ids).not.toContain(
      "pale-comb",
    );
  });

  it.each([
    ["black scabs on comb", "comb-scabs", "foot-scab"],
    ["lump under foot with black scab", "foot-scab", "comb-scabs"],
    ["nose running", "nasal-discharge", "watery-droppings"],
    ["smelly face", "foul-smell-face", "swollen-face"],
    ["pecked old paint", "toxin-exposure", "feather-loss"],
    ["something pink hanging from her vent", "vent-prolapse", "straining"],
    ["ducks dropping dead", "sudden-death", "no-droppings"],
  ])("reads %j as %s, not %s", (text, id, not) => {
    const found = resolveSymptoms([text], vocabulary).ids;
    expect(found).toContain(id);
    expect(found).not.toContain(not);
  });

  it("lets one body part serve two signs, but no other word", () => {
    expect(resolveSymptoms(["runny eyes and bubbles"], vocabulary).ids.sort()).toEqual([
      "foamy-eyes",
      "watery-eyes",
    ]);
    expect(resolveSymptoms(["head is swollen and blue"], vocabulary).ids.sort()).toEqual([
      "purple-comb",
      "swollen-face",
    ]);
    expect(resolveSymptoms(["smelly face, swollen eye"], vocabulary)).toMatchObject({
      ids: ["foul-smell-face", "swollen-face"],
      notUnderstood: [],
    });
    // A negation belongs to its own sign, not to the next one sharing the body part.
    expect(resolveSymptoms(["not pooping, straining"], vocabulary).ids.sort()).toEqual([
      "no-droppings",
      "straining",
    ]);
    // Droppings on feathers are not feathers dropping out.
    expect(resolveSymptoms(["bum feathers poopy"], vocabulary).ids).toEqual(["pasty-vent"]);
    // "red" went to the legs: it does not also make a red skin patch.
    expect(resolveSymptoms(["legs have red blotches"], vocabulary).ids).toEqual(["red-shanks"]);
  });

  it("takes the bird's kind, age and place as context, never as 'not understood'", () => {
    expect(
      resolveSymptoms(["ducklings in the coop wobbly, 4 weeks old, at night"], vocabulary),
    ).toMatchObject({ ids: ["incoordination"], notUnderstood: [] });
    expect(resolveSymptoms(["young poults sneezing"], vocabulary).notUnderstood).toEqual([]);
  });

  it("survives control characters and very long text", () => {
    expect(resolveSymptoms(["\u0000\u0007cough\u001b"], vocabulary).ids).toEqual(["coughing"]);
    const long = "cough ".repeat(2000);
    expect(resolveSymptoms([long], vocabulary).ids).toEqual(["coughing"]);
  });
});

describe("species, age and notifiable diseases", () => {
  it("ranks niacin deficiency first for a duckling with bow legs, and never a chicken-only condition", () => {
    const duck = diagnose(["bow legs"], vocabulary, conditions, { species: "duck", age: "chick" });
    expect(duck[0]?.id).toBe("niacin-deficiency");
    expect(duck.some((c) => c.id === "mycoplasma-synoviae")).toBe(false);
    for (const c of duck) expect(c.species).toContain("duck");
  });

  it("puts avian influenza first for several sudden deaths and a purple comb", () => {
    const result = diagnose(["several sudden deaths", "purple comb"], vocabulary, conditions, {
      species: "chicken",
    });
    expect(result[0]?.id).toBe("avian-influenza");
    expect(result[0]?.reportingAdvice).toBe(REPORTING_ADVICE);
  });

  it("pushes a condition of another age down, without hiding it", () => {
    const adult = rankConditions(ids(["pasty butt"]), conditions, { age: "adult", limit: 10 });
    const chick = rankConditions(ids(["pasty butt"]), conditions, { age: "chick", limit: 10 });
    const score = (list: typeof adult) => list.find((m) => m.condition.id === "pasty-butt")?.score;
    expect(score(chick)).toBeGreaterThan(score(adult) ?? 0);
  });
});

describe("parseSymptomInput", () => {
  it("joins ticked symptoms with comma-split free text, trimmed and without blanks", () => {
    expect(parseSymptomInput(["Not eating", "Lethargy"], " runny poop, , sneezing ,")).toEqual([
      "Not eating",
      "Lethargy",
      "runny poop",
      "sneezing",
    ]);
  });

  it("drops repeats case-insensitively and collapses inner whitespace", () => {
    expect(parseSymptomInput(["Coughing"], "coughing,  pale   comb")).toEqual([
      "Coughing",
      "pale comb",
    ]);
  });

  it("returns an empty list when nothing was chosen or typed", () => {
    expect(parseSymptomInput([], "")).toEqual([]);
    expect(parseSymptomInput([" "], " , ,\n")).toEqual([]);
  });
});

describe("rankConditions", () => {
  it("returns nothing for no symptoms", () => {
    expect(rankConditions([], conditions)).toEqual([]);
  });

  it("returns at most the limit, best first, with scores between 0 and 1", () => {
    const result = rankConditions(
      ids(["coughing", "sneezing", "runny nose", "rattling"]),
      conditions,
    );
    expect(result.length).toBeGreaterThan(0);
    expect(result.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < result.length; i++) {
      expect(result[i - 1]!.score).toBeGreaterThanOrEqual(result[i]!.score);
    }
    for (const r of result) {
      expect(r.score).toBeGreaterThan(0);
      expect(r.score).toBeLessThanOrEqual(1);
    }
    expect(rankConditions(ids(["coughing", "sneezing"]), conditions, { limit: 2 }).length).toBe(2);
  });

  it("does not flood results with weak matches of one generic symptom", () => {
    expect(rankConditions(["lethargy"], conditions)).toEqual([]);
    expect(rankConditions(["not-eating"], conditions)).toEqual([]);
    expect(rankConditions(["not-eating", "lethargy"], conditions)).toEqual([]);
  });

  it("still answers a single spec common symptom that is a key sign", () => {
    expect(rankConditions(["coughing"], conditions).map((r) => r.condition.id)).toContain(
      "infectious-bronchitis",
    );
    expect(rankConditions(["limping"], conditions).map((r) => r.condition.id)).toContain(
      "bumblefoot",
    );
    expect(rankConditions(["weight-loss"], conditions).map((r) => r.condition.id)).toContain(
      "intestinal-worms",
    );
  });

  it("keeps a notifiable disease that matched a key sign in the list, unless told not to", () => {
    const kept = rankConditions(["sudden-death"], conditions, { species: "chicken", limit: 3 });
    expect(kept).toHaveLength(3);
    expect(kept.some((r) => r.condition.reportable)).toBe(true);
    const pure = rankConditions(["sudden-death"], conditions, {
      species: "chicken",
      limit: 3,
      keepReportable: false,
    });
    expect(pure.some((r) => r.condition.reportable)).toBe(false);
  });

  it("prefers a condition that explains all the symptoms over one that explains a single one", () => {
    const [top] = rankConditions(ids(["sneezing", "foamy eyes", "swollen sinuses"]), conditions);
    expect(top?.condition.id).toBe("mycoplasma-gallisepticum");
    expect(top?.matchedSymptomIds).toEqual(["sneezing", "foamy-eyes", "swollen-face"]);
  });

  it("penalises conditions that explain only one of many symptoms", () => {
    const symptoms = ids(["leg paralysis", "grey eye", "weight loss", "drooping wings"]);
    const result = rankConditions(symptoms, conditions, { limit: 10 });
    const mareks = result.find((r) => r.condition.id === "mareks-disease");
    const splay = result.find((r) => r.condition.id === "splay-leg");
    expect(mareks?.score).toBeGreaterThan(0.7);
    expect(splay === undefined || splay.score < 0.3).toBe(true);
  });

  it("filters by species", () => {
    const symptoms = ids(["sudden death", "bloody droppings", "squinting"]);
    expect(
      rankConditions(symptoms, conditions, { species: "chicken" }).map((r) => r.condition.id),
    ).not.toContain("duck-viral-enteritis");
    expect(rankConditions(symptoms, conditions, { species: "duck" })[0]?.condition.id).toBe(
      "duck-viral-enteritis",
    );
  });

  it("honours minScore", () => {
    expect(rankConditions(["coughing"], conditions, { minScore: 1 })).toEqual([]);
  });
});

interface Case {
  expected: string;
  symptoms: string[];
  species?: PoultrySpecies;
}

// Each symptom set is written from the condition's own description, in a keeper's words.
const cases: Case[] = [
  { expected: "mareks-disease", symptoms: ["leg paralysis", "grey eye", "weight loss"] },
  {
    expected: "newcastle-disease",
    symptoms: ["gasping", "twisted neck", "green droppings", "sudden deaths"],
  },
  {
    expected: "avian-influenza",
    symptoms: ["sudden death", "purple comb", "swollen wattles", "red legs"],
  },
  {
    expected: "infectious-bronchitis",
    symptoms: ["coughing", "rattling", "wrinkled eggs", "watery egg whites"],
  },
  {
    expected: "infectious-laryngotracheitis",
    symptoms: ["stretching neck", "gasping", "coughing up blood"],
  },
  { expected: "coccidiosis", symptoms: ["bloody droppings", "hunched", "not eating"] },
  { expected: "fowl-pox", symptoms: ["scabs on comb", "yellow plaques"] },
  {
    expected: "mycoplasma-gallisepticum",
    symptoms: ["sneezing", "foamy eyes", "swollen sinuses"],
    species: "turkey",
  },
  { expected: "mycoplasma-synoviae", symptoms: ["swollen hocks", "lameness", "pale comb"] },
  { expected: "infectious-coryza", symptoms: ["swollen face", "smelly discharge", "runny nose"] },
  { expected: "fowl-cholera", symptoms: ["found dead", "green diarrhoea", "swollen wattles"] },
  {
    expected: "aspergillosis",
    symptoms: ["open mouth breathing", "mouldy litter", "chicks dying"],
  },
  {
    expected: "botulism",
    symptoms: ["limberneck", "paralysed legs", "drooping wings"],
    species: "duck",
  },
  { expected: "bumblefoot", symptoms: ["swollen foot", "black scab on foot", "limping"] },
  { expected: "egg-binding", symptoms: ["straining", "penguin stance", "tail bobbing"] },
  { expected: "sour-crop", symptoms: ["squishy crop", "crop not emptying", "vomiting"] },
  { expected: "impacted-crop", symptoms: ["hard crop", "crop full in morning"] },
  { expected: "vent-gleet", symptoms: ["white smelly vent discharge", "dirty vent"] },
  { expected: "scaly-leg-mite", symptoms: ["crusty legs"] },
  { expected: "lice-and-mites", symptoms: ["lice", "pale comb", "feather loss"] },
  { expected: "intestinal-worms", symptoms: ["worms in poop", "weight loss", "pale comb"] },
  { expected: "heat-stress", symptoms: ["panting", "wings held out", "drinking a lot"] },
  { expected: "frostbite", symptoms: ["black comb tips"] },
  { expected: "pasty-butt", symptoms: ["pasty butt"] },
  { expected: "splay-leg", symptoms: ["splay leg"] },
  { expected: "wry-neck", symptoms: ["star gazing", "wobbly"] },
  { expected: "angel-wing", symptoms: ["angel wing"], species: "duck" },
  {
    expected: "duck-viral-enteritis",
    symptoms: ["bloody diarrhoea", "sudden death", "squinting", "very thirsty"],
    species: "duck",
  },
  {
    expected: "blackhead",
    symptoms: ["sulphur yellow droppings", "drooping wings", "hunched"],
    species: "turkey",
  },
  {
    expected: "pullorum-fowl-typhoid",
    symptoms: ["white diarrhoea", "huddling", "chicks dying", "pasty butt"],
  },
  { expected: "egg-peritonitis", symptoms: ["swollen belly", "penguin stance", "stopped laying"] },
  { expected: "prolapsed-vent", symptoms: ["prolapsed vent", "straining"] },
  {
    expected: "necrotic-enteritis",
    symptoms: ["black tarry droppings", "sudden death", "fluffed up"],
  },
  { expected: "gapeworm", symptoms: ["yawning", "gasping", "head shaking"] },
  { expected: "ascites", symptoms: ["water belly", "blue comb", "laboured breathing"] },
  {
    expected: "vitamin-a-deficiency",
    symptoms: ["crusty eyes", "white spots in mouth", "runny nose", "stunted"],
  },
  {
    expected: "rickets-calcium-deficiency",
    symptoms: ["soft shelled eggs", "rubbery legs", "limping"],
  },
  {
    expected: "salmonellosis",
    symptoms: ["chicks dying", "diarrhoea", "drinking a lot", "dehydrated"],
  },
  {
    expected: "erysipelas",
    symptoms: ["purple skin", "swollen snood", "sudden death"],
    species: "turkey",
  },
  { expected: "wet-feather", symptoms: ["soggy feathers"], species: "duck" },
  {
    expected: "niacin-deficiency",
    symptoms: ["bowed legs", "swollen hocks", "slow growth"],
    species: "duck",
  },
  { expected: "ammonia-burn", symptoms: ["eyes closed", "ammonia smell", "cloudy eye"] },
  {
    expected: "infectious-bursal-disease",
    symptoms: ["pecking at vent", "white watery droppings", "ruffled feathers"],
  },
  { expected: "avian-encephalomyelitis", symptoms: ["trembling", "wobbly", "chicks dying"] },
  {
    expected: "lymphoid-leukosis",
    symptoms: ["tumours", "swollen abdomen", "pale comb", "weight loss"],
  },
  { expected: "predator-injury", symptoms: ["bite wounds", "missing feathers"] },
  { expected: "egg-drop-syndrome", symptoms: ["shell-less eggs", "pale shells", "fewer eggs"] },
  { expected: "broodiness", symptoms: ["won't leave the nest", "stopped laying"] },
  { expected: "riboflavin-deficiency", symptoms: ["curly toes", "can't stand", "slow growth"] },
  { expected: "moult", symptoms: ["losing feathers", "fewer eggs"] },
  {
    expected: "avian-tuberculosis",
    symptoms: ["weight loss", "limping", "pale comb", "diarrhoea"],
  },
  { expected: "fatty-liver-syndrome", symptoms: ["found dead", "pale comb", "swollen abdomen"] },
];

describe("rankConditions with symptom sets written from each condition's description", () => {
  it("covers at least 28 conditions", () => {
    expect(new Set(cases.map((c) => c.expected)).size).toBeGreaterThanOrEqual(28);
    const known = new Set(conditions.map((c: ConditionRecord) => c.id));
    for (const c of cases) expect(known.has(c.expected), c.expected).toBe(true);
  });

  it.each(cases)("$symptoms -> $expected in the top 3", ({ expected, symptoms, species }) => {
    const resolved = resolveSymptoms(symptoms, vocabulary);
    expect(resolved.unmatched).toEqual([]);
    const top3 = rankConditions(resolved.ids, conditions, { species, limit: 3 }).map(
      (r) => r.condition.id,
    );
    expect(top3).toContain(expected);
  });
});

describe("toHealthCondition and diagnose", () => {
  it("shapes results for the API with labels, 0/1 vetRequired and no reporting advice for ordinary conditions", () => {
    const [match] = rankConditions(["bloody-droppings", "fluffed-up"], conditions);
    const result = toHealthCondition(match!, vocabulary);
    expect(result).toMatchObject({
      id: "coccidiosis",
      vetRequired: 1,
      reportable: false,
      matchedSymptoms: ["Bloody droppings", "Fluffed up and hunched"],
    });
    expect(result.reportingAdvice).toBeUndefined();
  });

  it("adds reporting advice for notifiable diseases", () => {
    const results = diagnose(
      ["sudden death", "purple comb", "swollen wattles"],
      vocabulary,
      conditions,
    );
    expect(diagnoseResponse.safeParse(results).success).toBe(true);
    const hpai = results.find((r) => r.id === "avian-influenza");
    expect(hpai?.reportable).toBe(true);
    expect(hpai?.reportingAdvice).toBe(REPORTING_ADVICE);
    expect(REPORTING_ADVICE).toMatch(/APHIS/);
    expect(REPORTING_ADVICE).toMatch(/APHA/);
  });

  it("returns an empty list when nothing matches", () => {
    expect(diagnose(["purple elephant"], vocabulary, conditions)).toEqual([]);
  });
});
