import fs from "node:fs";
import path from "node:path";
import {
  incubationProfileDataset,
  type IncubationProfile,
} from "@flockkeeper/shared/schemas/incubation-profile";
import { defaultDataDir } from "./datasets";

/** The incubation profiles of data/incubation-profiles.json, validated, with an index by id. */
export interface IncubationProfiles {
  list: readonly IncubationProfile[];
  byId: ReadonlyMap<string, IncubationProfile>;
}

/** Reads and validates the profiles; throws with the path of the first problem. */
export function loadIncubationProfiles(dataDir: string = defaultDataDir): IncubationProfiles {
  const file = path.join(dataDir, "incubation-profiles.json");
  const parsed = incubationProfileDataset.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `Knowledge dataset incubation-profiles.json is invalid at ${issue?.path.join(".") ?? "?"}: ${issue?.message ?? "unknown"}`,
    );
  }
  return { list: parsed.data, byId: new Map(parsed.data.map((p) => [p.id, p])) };
}

let cached: IncubationProfiles | undefined;

/** The process-wide profiles, loaded on first use (static for the life of the process). */
export function getIncubationProfiles(): IncubationProfiles {
  cached ??= loadIncubationProfiles();
  return cached;
}
