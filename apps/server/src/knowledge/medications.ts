import fs from "node:fs";
import path from "node:path";
import { medicationDataset, type Medication } from "@flockkeeper/shared/schemas/medication";
import { defaultDataDir } from "./datasets";

/** The medications of data/medications.json, validated, with an index by id. */
export interface Medications {
  list: readonly Medication[];
  byId: ReadonlyMap<string, Medication>;
}

/** Reads and validates the medications list; throws with the path of the first problem. */
export function loadMedications(dataDir: string = defaultDataDir): Medications {
  const file = path.join(dataDir, "medications.json");
  const parsed = medicationDataset.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `Knowledge dataset medications.json is invalid at ${issue?.path.join(".") ?? "?"}: ${issue?.message ?? "unknown"}`,
    );
  }
  return { list: parsed.data, byId: new Map(parsed.data.map((m) => [m.id, m])) };
}

let cached: Medications | undefined;

/** The process-wide medications list, loaded on first use (static for the life of the process). */
export function getMedications(): Medications {
  cached ??= loadMedications();
  return cached;
}
