/*
 * Generates data/foods.json from the compact rows in this folder.
 * Run: node --import tsx scripts/gen-foods/index.ts
 */
import { writeFileSync } from "node:fs";
import { foodDataset, type FoodRecord } from "../../packages/shared/src/schemas/food";
import { fruit } from "./fruit";
import { vegetable } from "./vegetable";
import { grain, nut } from "./grain";
import { protein, dairy, insect } from "./protein";
import { kitchen } from "./kitchen";
import { herb } from "./herb";
import { garden } from "./garden";
import { treeShrub } from "./tree";
import { houseplant } from "./houseplant";
import { wild } from "./wild";
import { supplement, other } from "./supplement";

const all: FoodRecord[] = [
  ...fruit,
  ...vegetable,
  ...grain,
  ...nut,
  ...protein,
  ...dairy,
  ...insect,
  ...kitchen,
  ...herb,
  ...garden,
  ...treeShrub,
  ...houseplant,
  ...wild,
  ...supplement,
  ...other,
];

const problems: string[] = [];
const ids = new Set<string>();
const owner = new Map<string, string>();
for (const r of all) {
  if (ids.has(r.id)) problems.push(`duplicate id ${r.id}`);
  ids.add(r.id);
  for (const term of [r.name, ...r.aliases]) {
    const key = term.trim().toLowerCase();
    const prev = owner.get(key);
    if (prev !== undefined) problems.push(`"${term}" used by ${prev} and ${r.id}`);
    else owner.set(key, r.id);
  }
}
const parsed = foodDataset.safeParse(all);
if (!parsed.success) problems.push(parsed.error.message);
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}

all.sort((a, b) => a.name.localeCompare(b.name, "en"));
const out = new URL("../../data/foods.json", import.meta.url);
writeFileSync(out, JSON.stringify(all, null, 2) + "\n");

const count = (key: "safetyLevel" | "category") =>
  Object.fromEntries(
    [...new Set(all.map((r) => r[key]))]
      .sort()
      .map((k) => [k, all.filter((r) => r[key] === k).length]),
  );
console.log(`wrote ${all.length} records`, count("safetyLevel"), count("category"));
