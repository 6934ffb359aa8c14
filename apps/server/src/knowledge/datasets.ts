import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { breedDataset, type BreedRecord } from "@flockkeeper/shared/schemas/breed";
import {
  conditionDataset,
  symptomDataset,
  type ConditionRecord,
  type SymptomRecord,
} from "@flockkeeper/shared/schemas/condition";
import { foodDataset, type FoodRecord } from "@flockkeeper/shared/schemas/food";
import { repoRoot } from "../lib/paths";

/** The repository's data/ folder. */
export const defaultDataDir = path.join(repoRoot, "data");

/** The four authored datasets, validated. */
export interface Datasets {
  foods: readonly FoodRecord[];
  conditions: readonly ConditionRecord[];
  symptoms: readonly SymptomRecord[];
  breeds: readonly BreedRecord[];
}

/**
 * SHA-256 of each dataset file `npm run build` validated with these same schemas, and whose
 * validated value is the file's JSON unchanged (no defaults or transforms applied): written into the
 * server bundle by scripts/build-server.ts. A start whose file still has that hash skips the schema
 * check (a fifth of a second of CPU at every start); an edited file is checked again. Undefined when
 * running from the sources (tests, tsx), so there every file is checked.
 */
declare const __DATASETS_CHECKED__: Record<string, string> | undefined;
const checkedByBuild: Record<string, string> =
  typeof __DATASETS_CHECKED__ === "undefined" ? {} : __DATASETS_CHECKED__;

/** The SHA-256 of a dataset file's text, as the build records it. */
export function datasetHash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function readDataset<S extends z.ZodType>(dataDir: string, file: string, schema: S): z.output<S> {
  const full = path.join(dataDir, file);
  const text = fs.readFileSync(full, "utf8");
  const raw: unknown = JSON.parse(text);
  const checked = checkedByBuild[file];
  if (checked && dataDir === defaultDataDir && checked === datasetHash(text)) {
    return raw as z.output<S>;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `Knowledge dataset ${file} is invalid at ${issue?.path.join(".") ?? "?"}: ${issue?.message ?? "unknown"}`,
    );
  }
  return parsed.data;
}

/** Reads and validates every dataset; throws with the file and path of the first problem. */
export function loadDatasets(dataDir: string = defaultDataDir): Datasets {
  const foods = readDataset(dataDir, "foods.json", foodDataset);
  const conditions = readDataset(dataDir, "conditions.json", conditionDataset);
  const symptoms = readDataset(dataDir, "symptoms.json", symptomDataset);
  const breeds = readDataset(dataDir, "breeds.json", breedDataset);
  const vocabulary = new Set(symptoms.map((s) => s.id));
  for (const condition of conditions) {
    for (const s of condition.symptoms) {
      if (!vocabulary.has(s.id)) {
        throw new Error(
          `Knowledge dataset conditions.json: ${condition.id} uses symptom ${s.id}, which is not in symptoms.json`,
        );
      }
    }
  }
  return { foods, conditions, symptoms, breeds };
}
