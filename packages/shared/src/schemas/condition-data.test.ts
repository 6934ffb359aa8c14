import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { canonicalSymptomText } from "../domain/symptom-match";
import {
  conditionDataset,
  diagnoseBody,
  diagnoseResponse,
  symptomDataset,
  type ConditionRecord,
  type SymptomRecord,
} from "./condition";

function loadJson(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../../../data/${name}`, import.meta.url), "utf8"));
}

const symptoms: SymptomRecord[] = symptomDataset.parse(loadJson("symptoms.json"));
const conditions: ConditionRecord[] = conditionDataset.parse(loadJson("conditions.json"));
const symptomIds = new Set(symptoms.map((s) => s.id));

describe("data/symptoms.json", () => {
  it("is a controlled vocabulary of 60 to 120 symptoms with unique ids", () => {
    expect(symptoms.length).toBeGreaterThanOrEqual(60);
    expect(symptoms.length).toBeLessThanOrEqual(120);
    expect(symptomIds.size).toBe(symptoms.length);
  });

  it("contains the spec's eight common symptoms with their exact labels", () => {
    const expected: Record<string, string> = {
      "not-eating": "Not eating",
      lethargy: "Lethargy",
      "watery-droppings": "Watery droppings",
      coughing: "Coughing",
      limping: "Limping",
      sneezing: "Sneezing",
      "pale-comb": "Pale comb",
      "weight-loss": "Weight loss",
    };
    for (const [id, label] of Object.entries(expected)) {
      expect(symptoms.find((s) => s.id === id)?.label).toBe(label);
    }
  });

  it("gives every symptom at least one synonym", () => {
    for (const s of symptoms) expect(s.synonyms.length, s.id).toBeGreaterThan(0);
  });

  it("never uses the same phrase for two different symptoms", () => {
    const owner = new Map<string, string>();
    for (const s of symptoms) {
      for (const text of [s.label, ...s.synonyms]) {
        const phrase = canonicalSymptomText(text);
        const previous = owner.get(phrase);
        expect(
          previous === undefined || previous === s.id,
          `"${text}" in ${s.id} and ${previous}`,
        ).toBe(true);
        owner.set(phrase, s.id);
      }
    }
  });
});

describe("data/conditions.json", () => {
  it("has at least 40 conditions with unique ids", () => {
    expect(conditions.length).toBeGreaterThanOrEqual(40);
    expect(new Set(conditions.map((c) => c.id)).size).toBe(conditions.length);
  });

  it("only references symptoms that exist, once each, with at least one key sign", () => {
    for (const c of conditions) {
      const ids = c.symptoms.map((s) => s.id);
      for (const id of ids) expect(symptomIds.has(id), `${c.id} -> ${id}`).toBe(true);
      expect(new Set(ids).size, c.id).toBe(ids.length);
      expect(
        c.symptoms.some((s) => s.weight === "key"),
        c.id,
      ).toBe(true);
    }
  });

  it("uses every symptom of the vocabulary in at least one condition", () => {
    const used = new Set(conditions.flatMap((c) => c.symptoms.map((s) => s.id)));
    expect([...symptomIds].filter((id) => !used.has(id))).toEqual([]);
  });

  it("cites at least one source and gives remedies and prevention for every condition", () => {
    for (const c of conditions) {
      expect(c.sources.length, c.id).toBeGreaterThan(0);
      expect(c.remedies.length, c.id).toBeGreaterThan(0);
      expect(c.prevention.length, c.id).toBeGreaterThan(0);
    }
  });

  it("keeps descriptions to two to four sentences", () => {
    for (const c of conditions) {
      const sentences = c.description.split(/(?<=[.!?])\s+(?=[A-Z])/).length;
      expect(sentences, c.id).toBeGreaterThanOrEqual(2);
      expect(sentences, c.id).toBeLessThanOrEqual(4);
    }
  });

  it("covers the conditions of the knowledge sources, with the notifiable ones marked reportable", () => {
    const byId = new Map(conditions.map((c) => [c.id, c]));
    const required = [
      "mareks-disease",
      "newcastle-disease",
      "avian-influenza",
      "infectious-bronchitis",
      "infectious-laryngotracheitis",
      "coccidiosis",
      "fowl-pox",
      "mycoplasma-gallisepticum",
      "mycoplasma-synoviae",
      "infectious-coryza",
      "fowl-cholera",
      "aspergillosis",
      "botulism",
      "bumblefoot",
      "egg-binding",
      "sour-crop",
      "impacted-crop",
      "vent-gleet",
      "scaly-leg-mite",
      "lice-and-mites",
      "intestinal-worms",
      "heat-stress",
      "frostbite",
      "pasty-butt",
      "splay-leg",
      "wry-neck",
      "angel-wing",
      "duck-viral-enteritis",
      "blackhead",
      "pullorum-fowl-typhoid",
    ];
    for (const id of required) expect(byId.has(id), id).toBe(true);
    const reportable = conditions.filter((c) => c.reportable).map((c) => c.id);
    expect(reportable.sort()).toEqual(
      [
        "avian-influenza",
        "duck-viral-enteritis",
        "newcastle-disease",
        "pullorum-fowl-typhoid",
      ].sort(),
    );
    for (const id of reportable) expect(byId.get(id)?.vetRequired, id).toBe(true);
  });

  it("never gives prescription-drug doses", () => {
    for (const c of conditions) {
      for (const text of c.remedies) expect(text, c.id).not.toMatch(/\d+\s?(mg|ml|mL|g\/l|cc)\b/);
    }
  });
});

/**
 * A remedy that involves giving a medicine (by mouth, in water or feed, injected, or on the skin):
 * it must say the egg and meat withdrawal, or that none is established and to ask a vet.
 */
const MEDICINE =
  /antibiot|anticoccid|amprolium|toltrazuril|wormer|antifung|nystatin|prescri|chelation|medicine|drug|selenium|antisept|inject|insecticid|acaricid|anti-mite|licensed for poultry|wound spray|gentian|activated charcoal|antibod/i;

describe("second edition: species, sources, withdrawal", () => {
  it("has the conditions of the second edition, each naming its species and a source", () => {
    const ids = new Set(conditions.map((c) => c.id));
    for (const id of [
      "colibacillosis",
      "salpingitis-internal-laying",
      "reproductive-tumours",
      "omphalitis",
      "feather-pecking-cannibalism",
      "crop-candidiasis",
      "canker-trichomoniasis",
      "plant-poisoning",
      "mycotoxicosis",
      "lead-poisoning",
      "duck-viral-hepatitis",
      "riemerella-infection",
      "derzsys-disease",
      "haemorrhagic-enteritis",
      "turkey-rhinotracheitis",
      "ulcerative-enteritis",
      "vitamin-e-selenium-deficiency",
      "angel-wing",
    ]) {
      expect(ids.has(id), id).toBe(true);
    }
    for (const c of conditions) {
      expect(c.species.length, c.id).toBeGreaterThan(0);
      expect(c.sources.length, c.id).toBeGreaterThan(0);
    }
  });

  it("gives every species of the app at least three conditions of its own kind", () => {
    for (const species of ["duck", "goose", "turkey", "quail", "guinea_fowl"] as const) {
      const own = conditions.filter((c) => c.species.includes(species) && c.species.length <= 3);
      expect(own.length, species).toBeGreaterThanOrEqual(species === "guinea_fowl" ? 1 : 3);
    }
  });

  it("names the egg and meat withdrawal (or says none is established) in every remedy with a medicine", () => {
    const missing: string[] = [];
    for (const c of conditions) {
      for (const r of c.remedies) {
        if (MEDICINE.test(r) && !(/withdrawal/i.test(r) && /\begg|\bmeat/i.test(r))) {
          missing.push(`${c.id}: ${r}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("diagnose contract schemas", () => {
  it("accepts 1 to 30 trimmed symptoms and trims them", () => {
    expect(diagnoseBody.parse({ symptoms: ["  Coughing "] })).toEqual({
      symptoms: ["Coughing"],
      species: "chicken",
    });
    expect(diagnoseBody.safeParse({ symptoms: Array(30).fill("Lethargy") }).success).toBe(true);
  });

  it("rejects empty, blank, too many and too long symptoms with clear messages", () => {
    const empty = diagnoseBody.safeParse({ symptoms: [] });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe("Please choose or describe at least one symptom");
    const blank = diagnoseBody.safeParse({ symptoms: ["   "] });
    expect(blank.error?.issues[0]?.message).toBe("Symptoms cannot be blank");
    const many = diagnoseBody.safeParse({ symptoms: Array(31).fill("Lethargy") });
    expect(many.error?.issues[0]?.message).toBe("Please enter no more than 30 symptoms");
    const long = diagnoseBody.safeParse({ symptoms: ["x".repeat(201)] });
    expect(long.error?.issues[0]?.message).toBe("Each symptom must be 200 characters or fewer");
    expect(diagnoseBody.safeParse({}).success).toBe(false);
    expect(diagnoseBody.safeParse({ symptoms: [3] }).success).toBe(false);
  });

  it("describes a response of health conditions with numeric vetRequired", () => {
    const ok = diagnoseResponse.safeParse([
      {
        id: "coccidiosis",
        name: "Coccidiosis",
        description: "A gut infection.",
        severity: "severe",
        remedies: ["Act fast"],
        vetRequired: 1,
        reportable: false,
        urgency: "urgent",
        matchedSymptoms: ["Bloody droppings"],
        score: 0.8,
      },
    ]);
    expect(ok.success).toBe(true);
    const bad = diagnoseResponse.safeParse([
      {
        id: "x",
        name: "x",
        description: "x",
        severity: "severe",
        remedies: [],
        vetRequired: true,
        reportable: false,
        urgency: "urgent",
        matchedSymptoms: [],
        score: 1.2,
      },
    ]);
    expect(bad.success).toBe(false);
  });
});
