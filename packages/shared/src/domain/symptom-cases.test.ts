import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { conditionDataset, symptomDataset } from "../schemas/condition";
import { poultrySpecies } from "../schemas/species";
import { AGE_BANDS } from "./age-band";
import { diagnoseDetailed } from "./symptom-match";

function loadJson(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../../../data/${name}`, import.meta.url), "utf8"));
}

/** One keeper-worded case of data/symptom-cases.json: what a keeper typed and what should come up. */
const symptomCase = z.strictObject({
  symptoms: z.array(z.string().min(1)).min(1),
  species: poultrySpecies,
  age: z.enum(AGE_BANDS).optional(),
  expected: z.string(),
});
const vocabulary = symptomDataset.parse(loadJson("symptoms.json"));
const conditions = conditionDataset.parse(loadJson("conditions.json"));
const cases = z.array(symptomCase).parse(loadJson("symptom-cases.json"));

describe("data/symptom-cases.json: keeper-worded symptom cases", () => {
  it("has at least 60 cases covering all six species and every expected condition exists", () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    expect(new Set(cases.map((c) => c.species)).size).toBe(6);
    const ids = new Set(conditions.map((c) => c.id));
    for (const c of cases) expect(ids.has(c.expected), c.expected).toBe(true);
  });

  it.each(cases.map((c) => [c.expected, c.species, c.symptoms.join(" | "), c] as const))(
    "%s is in the top 3 for a %s: %s",
    (_id, _species, _text, c) => {
      const { conditions: ranked, notUnderstood } = diagnoseDetailed(
        c.symptoms,
        vocabulary,
        conditions,
        { species: c.species, ...(c.age ? { age: c.age } : {}) },
      );
      const top = ranked.slice(0, 3).map((r) => r.id);
      expect(top, `got ${top.join(", ")}; not understood: ${notUnderstood.join(" / ")}`).toContain(
        c.expected,
      );
    },
  );
});
