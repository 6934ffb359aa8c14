import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_UNDERSTOOD_HEADER, type HealthCondition } from "@flockkeeper/shared/schemas/condition";
import { createTestApp, type TestApp } from "../../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const diagnose = (payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/health-conditions/diagnose",
    payload: payload as object,
  });

/**
 * Symptom sets written the way a keeper would describe each condition (from its description),
 * mixing the checker's common-symptom labels with free text. The condition must rank in the top 3.
 */
const DIAGNOSE_CASES: [condition: string, symptoms: string[], species?: string][] = [
  ["mareks-disease", ["one leg forward one leg back", "grey eye", "Weight loss"]],
  ["mareks-disease", ["paralysed legs", "irregular pupil", "droopy wings"]],
  ["newcastle-disease", ["twisted neck", "green droppings", "gasping", "Coughing"]],
  ["avian-influenza", ["several birds died", "purple comb", "swollen wattles", "red legs"]],
  ["infectious-bronchitis", ["Coughing", "rattling", "wrinkled eggs", "watery whites"]],
  ["infectious-laryngotracheitis", ["stretching neck", "gasping", "coughing up blood"]],
  ["coccidiosis", ["blood in poop", "fluffed up", "Lethargy", "Not eating"]],
  ["fowl-pox", ["scabs on comb", "cheesy growths in mouth", "Not eating"]],
  ["mycoplasma-gallisepticum", ["Sneezing", "bubbles in eye", "swollen face"]],
  ["infectious-coryza", ["swollen face", "smelly discharge", "runny nose", "eyes shut"]],
  ["fowl-cholera", ["found dead", "green poop", "swollen wattles", "Watery droppings"]],
  ["aspergillosis", ["gasping", "moldy bedding", "Not eating", "chicks dying"]],
  ["botulism", ["limber neck", "paralysed legs", "eyes closed"]],
  ["bumblefoot", ["Limping", "swollen foot", "black scab on foot"]],
  ["egg-binding", ["straining", "penguin walk", "tail bobbing", "no poop"]],
  ["sour-crop", ["squishy crop", "crop full in morning", "vomiting"]],
  ["impacted-crop", ["hard crop", "crop not emptying", "Not eating"]],
  ["vent-gleet", ["white smelly vent discharge", "pasty butt"]],
  ["scaly-leg-mite", ["scaly legs", "Limping"]],
  ["lice-and-mites", ["lice", "Pale comb", "itchy", "bald patches"]],
  ["intestinal-worms", ["worms in poop", "Weight loss", "Pale comb"]],
  ["heat-stress", ["panting", "wings held out", "drinking a lot"]],
  ["frostbite", ["black tips on comb", "black toes"]],
  ["pasty-butt", ["pasty butt", "Lethargy", "huddling under the heat lamp"]],
  ["splay-leg", ["splayed legs"]],
  ["wry-neck", ["star gazing", "falling over", "Not eating"]],
  ["angel-wing", ["angel wing"], "duck"],
  ["blackhead", ["sulphur yellow droppings", "droopy wings", "Lethargy"]],
  ["pullorum-fowl-typhoid", ["white diarrhea", "pasty butt", "huddling", "chicks dying"]],
  ["egg-peritonitis", ["swollen belly", "penguin stance", "stopped laying"]],
  ["prolapsed-vent", ["pink tissue from vent", "straining"]],
  ["necrotic-enteritis", ["sudden death", "black tarry droppings", "slimy droppings"]],
  ["gapeworm", ["gaping", "gasping", "shaking head", "Coughing"]],
  ["rickets-calcium-deficiency", ["rubbery legs", "soft shell eggs", "Limping"]],
  ["heat-stress", ["runny poop", "panting", "wings spread"]],
  ["ammonia-burn", ["squinting", "ammonia smell", "weepy eyes"]],
  ["egg-drop-syndrome", ["soft shells", "fewer eggs", "pale shells"]],
  ["broodiness", ["won't leave the nest", "stopped laying"]],
  ["riboflavin-deficiency", ["curled toes", "paralysis", "stunted"]],
  ["moult", ["losing feathers", "stopped laying"]],
  [
    "duck-viral-enteritis",
    ["ducks found dead", "bloody droppings", "eyes closed", "very thirsty"],
    "duck",
  ],
];

describe("POST /api/health-conditions/diagnose", () => {
  it("covers at least 25 symptom sets", () => {
    expect(DIAGNOSE_CASES.length).toBeGreaterThanOrEqual(25);
  });

  it.each(DIAGNOSE_CASES)("%s ranks in the top 3 for %j", async (id, symptoms, species) => {
    const res = await diagnose({ symptoms, ...(species ? { species } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const ranked = res.json<HealthCondition[]>().map((c) => c.id);
    expect(ranked.slice(0, 3), `got ${ranked.join(", ")}`).toContain(id);
  });

  it("ranks by explanation, not any overlap: a key sign beats a shared common symptom", async () => {
    const res = await diagnose({ symptoms: ["Lethargy", "bubbles in eye", "Sneezing"] });
    const [first] = res.json<HealthCondition[]>();
    expect(first!.id).toBe("mycoplasma-gallisepticum");
  });

  it("marks vet-required and reportable conditions and says whom to contact", async () => {
    const res = await diagnose({
      symptoms: ["twisted neck", "green droppings", "gasping", "sudden deaths"],
    });
    const newcastle = res.json<HealthCondition[]>().find((c) => c.id === "newcastle-disease");
    expect(newcastle).toMatchObject({ vetRequired: 1, reportable: true });
    expect(newcastle!.reportingAdvice).toMatch(
      /state veterinarian or national veterinary authority/,
    );
    const bumble = (await diagnose({ symptoms: ["black scab on foot", "swollen foot"] }))
      .json<HealthCondition[]>()
      .find((c) => c.id === "bumblefoot");
    expect(bumble).toMatchObject({ vetRequired: 0, reportable: false });
    expect(bumble!.reportingAdvice).toBeUndefined();
    expect(bumble!.matchedSymptoms.length).toBeGreaterThan(0);
    expect(bumble!.remedies.length).toBeGreaterThan(0);
  });

  it("answers an empty list for symptoms not in the vocabulary, naming what it did not understand", async () => {
    const res = await diagnose({ symptoms: ["purple polka dots", "sings opera"] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    const header = res.headers[NOT_UNDERSTOOD_HEADER];
    expect(JSON.parse(decodeURIComponent(String(header)))).toEqual([
      "purple polka dots",
      "sings opera",
    ]);
  });

  it("understands plain words in any order and names leftover words", async () => {
    const res = await diagnose({ symptoms: ["comb pale", "lice", "and grumpy"] });
    expect(res.json<HealthCondition[]>()[0]?.id).toBe("lice-and-mites");
    expect(JSON.parse(decodeURIComponent(String(res.headers[NOT_UNDERSTOOD_HEADER])))).toEqual([
      "and grumpy",
    ]);
    const clean = await diagnose({ symptoms: ["coughing"] });
    expect(clean.headers[NOT_UNDERSTOOD_HEADER]).toBeUndefined();
  });

  it("takes the species and age: a duckling with bow legs is niacin deficiency, never a chicken-only condition", async () => {
    const duckling = await diagnose({ symptoms: ["bow legs"], species: "duck", ageDays: 10 });
    const ranked = duckling.json<HealthCondition[]>();
    expect(ranked[0]?.id).toBe("niacin-deficiency");
    for (const c of ranked) expect(c.species).toContain("duck");
    const weeks = await diagnose({ symptoms: ["bow legs"], species: "duck", ageWeeks: 2 });
    expect(weeks.json<HealthCondition[]>()[0]?.id).toBe("niacin-deficiency");
    const band = await diagnose({ symptoms: ["pasty butt"], species: "quail", age: "chick" });
    expect(band.json<HealthCondition[]>()[0]?.id).toBe("pasty-butt");
  });

  it("ranks avian influenza first, with its reporting advice, for sudden deaths and a purple comb", async () => {
    const res = await diagnose({ symptoms: ["several sudden deaths", "purple comb"] });
    const [top] = res.json<HealthCondition[]>();
    expect(top).toMatchObject({ id: "avian-influenza", reportable: true });
    expect(top?.reportingAdvice).toMatch(/notifiable/);
  });

  it("treats SQL and HTML as plain unknown text", async () => {
    const res = await diagnose({
      symptoms: ["'; DROP TABLE users; --", "<script>alert(1)</script>"],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it.each([
    [{ symptoms: [] }, "Please choose or describe at least one symptom"],
    [{ symptoms: ["  "] }, "Symptoms cannot be blank"],
    [{}, "Symptoms must be a list"],
    [{ symptoms: "coughing" }, "Symptoms must be a list"],
    [
      { symptoms: ["coughing"], species: "emu" },
      "Species must be one of: chicken, duck, goose, turkey, guinea_fowl, quail",
    ],
    [{ symptoms: ["coughing"], age: "old" }, "Age must be chick, young or adult"],
    [{ symptoms: ["coughing"], ageDays: -1 }, "Age cannot be negative"],
    [{ symptoms: ["coughing"], ageWeeks: 1.5 }, "Age in weeks must be a whole number"],
    [{ symptoms: ["x".repeat(10 * 1024)] }, "Each symptom must be 200 characters or fewer"],
    [
      { symptoms: Array.from({ length: 1000 }, () => "coughing") },
      "Please enter no more than 30 symptoms",
    ],
  ])("answers 400 for bad input %#", async (payload, message) => {
    const res = await diagnose(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION_ERROR", message });
  });
});
