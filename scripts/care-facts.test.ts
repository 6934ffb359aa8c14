// Care facts agree across pages (issue 24 item 7). The figures live once, in
// packages/shared/src/domain/care-facts.ts (hatch durations in data/incubation-profiles.json).
// Markdown must use the {{care:...}} / {{hatch:...}} tokens; code and JSON that state a figure
// must state the shared one. This test reads every page source and fails on any other figure.
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  CARE_FACT_TEXT,
  EGG_BINDING_SOAK_MINUTES,
  expandCareFacts,
  hatchDaysText,
} from "../packages/shared/src/domain/care-facts";
import { renderMarkdown } from "../apps/web/vite/markdown-plugin";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Every file under `dir` (relative to the repo) whose name ends in one of `exts`. */
function walk(dir: string, exts: string[]): string[] {
  const abs = path.join(root, dir);
  return readdirSync(abs).flatMap((name) => {
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) return walk(rel, exts);
    return exts.some((e) => name.endsWith(e)) ? [rel] : [];
  });
}

const isTest = (f: string) => /\.test\.tsx?$/.test(f);
const markdown = walk("apps/web/src/content", [".md"]);
const code = [
  ...walk("apps/web/src", [".ts", ".tsx", ".json"]),
  ...walk("apps/server/src", [".ts"]),
  ...walk("packages/shared/src", [".ts"]),
  ...walk("data", [".json"]).filter((f) => !/food-queries|symptom-cases/.test(f)),
].filter((f) => !isTest(f) && !f.endsWith("care-facts.ts"));

/** The sentences (or list items, or lines) of a file. */
function sentences(file: string): string[] {
  return readFileSync(path.join(root, file), "utf8").split(/(?<=[.;!?])\s+|\n/);
}

const PCT = /(\d+(?:\s*-\s*\d+)?)\s*%/g;
const DEG = /(\d+(?:\.\d+)?(?:\s*-\s*\d+(?:\.\d+)?)?)\s*°\s*([CF])/g;
const pctOf = (text: string) => /(\d+(?:-\d+)?)%/.exec(text)?.[1];

/** Protein figures a page may give for starter and layer rations. */
const PROTEIN = new Set(
  (
    [
      "layer-feed-protein",
      "chick-starter-protein",
      "meat-chick-starter-protein",
      "game-bird-starter-protein",
    ] as const
  ).map((k) => pctOf(CARE_FACT_TEXT[k])),
);
/** Temperatures a page may give for heat stress, panting and heat deaths (and the °F rules). */
const HEAT = new Set(
  (["heat-stress-from", "heat-panting", "heat-deaths"] as const).flatMap((k) =>
    [...CARE_FACT_TEXT[k].matchAll(DEG)].map((m) => `${m[1]}${m[2]}`),
  ),
);
HEAT.add("75F"); // LAYER_HEAT_STRESS_F, the lower end of 75-77°F
HEAT.add("85F"); // the spec's heat alert threshold (a rule, stated as such)

const STARTER = /\bstarter\b|layer (feed|ration)/i;
// A food's citation ("Publisher - Title (URL): names ...") reports what that page says, in its
// figures (a broiler or game-bird starter, say); the check is for the figures we state ourselves.
const CITATION = /\(https?:\/\/[^)\s]+\):\s*names\b/;
const SOAK = /\b(soak|bath)\b/i;
const NOT_EGG_BINDING = /\b(foot|feet|leg|legs|scab|bumblefoot|beans?|boil)\b/i;
const HEAT_WORDS = /struggle|\bpant|heat stress|heat can kill|deaths?\b|mortality/i;
const BROODER = /brooder|chicks need|first week/i;
const SPECIES = /chicken|duck|muscov|goose|geese|turkey|guinea|quail|bobwhite|coturnix|bantam/i;
// "N days" as a duration, not "3 days before the hatch date".
const DAYS = /\b\d+(?:\s*-\s*\d+)?\s+days\b(?!\s+(?:before|after|old))/;
const HATCH = /hatch|incubat/i;

describe("care facts agree across pages", () => {
  it("Markdown states no care figure itself: it uses the {{care:...}} tokens", () => {
    const found: string[] = [];
    for (const file of markdown) {
      for (const s of sentences(file)) {
        if (STARTER.test(s) && /protein/i.test(s) && PCT.test(s)) found.push(`${file}: ${s}`);
        if (SOAK.test(s) && !NOT_EGG_BINDING.test(s) && /\d+\s*minutes/.test(s))
          found.push(`${file}: ${s}`);
        if (HEAT_WORDS.test(s) && !BROODER.test(s) && /\d\s*°\s*[CF]/.test(s))
          found.push(`${file}: ${s}`);
        PCT.lastIndex = 0;
      }
    }
    expect(found).toEqual([]);
  });

  it("Markdown takes hatch durations from the incubation profiles ({{hatch:id}})", () => {
    const found = markdown.flatMap((file) => {
      const lines = readFileSync(path.join(root, file), "utf8").split("\n");
      // A list item naming a species with a day count is a hatch duration too ("- Duck: 28 days").
      return lines.flatMap((line) => {
        const hatchy = HATCH.test(line) || line.trimStart().startsWith("-");
        return SPECIES.test(line) && DAYS.test(line) && hatchy ? [`${file}: ${line}`] : [];
      });
    });
    expect(found).toEqual([]);
  });

  it("code and data give chick starter and layer feed protein only as the shared figures", () => {
    const wrong: string[] = [];
    for (const file of code) {
      for (const s of sentences(file)) {
        if (!STARTER.test(s) || !/protein/i.test(s) || CITATION.test(s)) continue;
        for (const m of s.matchAll(PCT)) {
          const v = m[1]!.replace(/\s+/g, "");
          if (!PROTEIN.has(v)) wrong.push(`${file}: ${v}% in "${s.trim()}"`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("code and data give the egg-binding soak as one figure", () => {
    const wrong: string[] = [];
    for (const file of code) {
      for (const s of sentences(file)) {
        if (!SOAK.test(s) || NOT_EGG_BINDING.test(s)) continue;
        for (const m of s.matchAll(/(\d+)(?:\s*(?:-|to)\s*(\d+))?\s*minutes/g)) {
          if (m[2] !== undefined || Number(m[1]) !== EGG_BINDING_SOAK_MINUTES)
            wrong.push(`${file}: "${s.trim()}"`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("code and data give heat-stress temperatures only as the shared figures", () => {
    const wrong: string[] = [];
    for (const file of code) {
      for (const s of sentences(file)) {
        if (!HEAT_WORDS.test(s) || BROODER.test(s)) continue;
        for (const m of s.matchAll(DEG)) {
          const v = `${m[1]!.replace(/\s+/g, "")}${m[2]}`;
          if (!HEAT.has(v)) wrong.push(`${file}: ${v} in "${s.trim()}"`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("every Markdown page renders with its tokens expanded", () => {
    for (const file of markdown) {
      const doc = renderMarkdown(readFileSync(path.join(root, file), "utf8"));
      expect(doc.html, file).not.toContain("{{");
    }
  });

  it("expands tokens to the shared phrases and the profile durations", () => {
    const profiles = [
      { id: "a", incubationDays: 21, incubationDaysRange: { min: 21, max: 21 } },
      { id: "b", incubationDays: 35, incubationDaysRange: { min: 33, max: 37 } },
    ];
    expect(
      expandCareFacts("{{care:chick-starter-protein}} / {{hatch:a}} / {{hatch:b}}", profiles),
    ).toBe("18-20% / 21 days / about 35 days (33-37)");
    expect(() => expandCareFacts("{{care:nope}}", profiles)).toThrow(/Unknown care fact/);
    expect(() => expandCareFacts("{{hatch:nope}}", profiles)).toThrow(/Unknown incubation/);
    expect(hatchDaysText(profiles[0]!)).toBe("21 days");
  });

  it("renders the care guide's hatch list from data/incubation-profiles.json", () => {
    const profiles = JSON.parse(
      readFileSync(path.join(root, "data/incubation-profiles.json"), "utf8"),
    ) as {
      id: string;
      incubationDays: number;
      incubationDaysRange: { min: number; max: number };
    }[];
    const html = renderMarkdown(
      readFileSync(path.join(root, "apps/web/src/content/care-guide/breeding.md"), "utf8"),
    ).html;
    for (const id of [
      "chicken-standard",
      "duck-muscovy",
      "guinea-fowl-standard",
      "quail-bobwhite",
    ]) {
      const p = profiles.find((x) => x.id === id)!;
      expect(html, id).toContain(hatchDaysText(p));
    }
  });
});
