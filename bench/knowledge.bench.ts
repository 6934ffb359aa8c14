import { readFileSync } from "node:fs";
import path from "node:path";
import { conditionDataset, symptomDataset } from "@flockkeeper/shared/schemas/condition";
import { diagnoseDetailed } from "@flockkeeper/shared/domain/symptom-match";
import type { AgeBand } from "@flockkeeper/shared/domain/age-band";
import type { PoultrySpecies } from "@flockkeeper/shared/schemas/species";
import { buildKnowledge } from "../apps/server/src/knowledge/index";
import { median, root, startServer, type BenchResult } from "./lib";

interface SymptomCase {
  symptoms: string[];
  species: PoultrySpecies;
  age?: AgeBand;
  expected: string;
}
interface FoodQuery {
  query: string;
  food: string | null;
  strict: boolean;
}

const readJson = <T>(file: string): T =>
  JSON.parse(readFileSync(path.join(root, "data", file), "utf8")) as T;

/** The sizes this run measures at (bench/run.ts prints them first). */
export const sizes = "data/symptom-cases.json, data/food-queries.json, 100 diagnoses";

/**
 * Issue 24: how well the knowledge base understands a keeper. Symptom Checker top-1/top-3 over
 * data/symptom-cases.json; food search right / not found / wrong food over data/food-queries.json
 * (both in process); then the HTTP medians of food search (< 5 ms) and diagnose (< 20 ms).
 */
export async function run(): Promise<BenchResult[]> {
  const cases = readJson<SymptomCase[]>("symptom-cases.json");
  const vocabulary = symptomDataset.parse(readJson("symptoms.json"));
  const conditions = conditionDataset.parse(readJson("conditions.json"));
  let top1 = 0;
  let top3 = 0;
  for (const c of cases) {
    const ids = diagnoseDetailed(c.symptoms, vocabulary, conditions, {
      species: c.species,
      ...(c.age ? { age: c.age } : {}),
    }).conditions.map((r) => r.id);
    if (ids[0] === c.expected) top1++;
    if (ids.slice(0, 3).includes(c.expected)) top3++;
  }

  const queries = readJson<FoodQuery[]>("food-queries.json");
  const knowledge = buildKnowledge();
  let right = 0;
  let notFound = 0;
  let wrong = 0;
  for (const q of queries) {
    const id = knowledge.foodIndex.search(q.query)?.food.id ?? null;
    if (id === q.food) right++;
    else if (id === null) notFound++;
    else wrong++;
  }
  const pct = (n: number, of: number) => +((100 * n) / of).toFixed(1);

  const results: BenchResult[] = [
    {
      name: `Symptom Checker top-1 over ${cases.length} keeper-worded cases`,
      value: pct(top1, cases.length),
      unit: "%",
      budget: "(info)",
      pass: true,
    },
    {
      name: `Symptom Checker top-3 over ${cases.length} keeper-worded cases`,
      value: pct(top3, cases.length),
      unit: "%",
      budget: ">= 90 %",
      pass: top3 / cases.length >= 0.9,
    },
    {
      name: `Food queries answered right over ${queries.length} (${notFound} not found)`,
      value: pct(right, queries.length),
      unit: "%",
      budget: "(info)",
      pass: true,
    },
    {
      name: "Food queries answered with a different food",
      value: wrong,
      unit: "",
      budget: "0",
      pass: wrong === 0,
    },
  ];

  // Port 4205 is this session's own range; the bench runs nothing else on it.
  const server = await startServer({}, { port: Number(process.env.BENCH_PORT ?? 4205) });
  try {
    const searchUrl = (q: string) =>
      `${server.url}/api/food-items/search?name=${encodeURIComponent(q)}`;
    const foodTerms = queries.map((q) => q.query);
    for (const q of foodTerms.slice(0, 100)) await (await fetch(searchUrl(q))).arrayBuffer();
    const foodTimes: number[] = [];
    for (const q of foodTerms) {
      const t0 = performance.now();
      const res = await fetch(searchUrl(q));
      await res.arrayBuffer();
      foodTimes.push(performance.now() - t0);
      if (res.status !== 200 && res.status !== 404) throw new Error(`${q}: HTTP ${res.status}`);
    }
    const diagnose = async (c: SymptomCase) => {
      const res = await fetch(`${server.url}/api/health-conditions/diagnose`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          symptoms: c.symptoms,
          species: c.species,
          ...(c.age ? { age: c.age } : {}),
        }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`diagnose: HTTP ${res.status}`);
    };
    for (const c of cases.slice(0, 20)) await diagnose(c);
    const diagnoseTimes: number[] = [];
    // The route allows 120 a minute per client: one pass over the cases stays under it.
    for (const c of cases.slice(0, 100)) {
      const t0 = performance.now();
      await diagnose(c);
      diagnoseTimes.push(performance.now() - t0);
    }
    const foodMedian = median(foodTimes);
    const diagnoseMedian = median(diagnoseTimes);
    results.push(
      {
        name: `GET /api/food-items/search median over ${foodTerms.length} keeper queries`,
        value: +foodMedian.toFixed(2),
        unit: "ms",
        budget: "< 5 ms",
        pass: foodMedian < 5,
      },
      {
        name: `POST /api/health-conditions/diagnose median over ${diagnoseTimes.length} cases`,
        value: +diagnoseMedian.toFixed(2),
        unit: "ms",
        budget: "< 20 ms",
        pass: diagnoseMedian < 20,
      },
    );
  } finally {
    await server.stop();
  }
  return results;
}
