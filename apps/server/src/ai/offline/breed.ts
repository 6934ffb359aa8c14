import { OFFLINE_LABEL } from "@flockkeeper/shared/schemas/analysis";
import { breedWeightText } from "@flockkeeper/shared/domain/breed-weight";
import { defaultText } from "@flockkeeper/shared/domain/units";
import type { BreedRecord, PlumageColor, PlumagePattern } from "@flockkeeper/shared/schemas/breed";
import type { BreedModelResult } from "@flockkeeper/shared/schemas/breed-id";
import type { PixelSample } from "../image";
import { foregroundMask, laplacianEnergy, lumaPlane, pct } from "./pixels";

/*
 * Offline breed suggestion: the bird's plumage colours (each pixel matched to the dataset's colour
 * palette in CIELAB) and a rough pattern (solid, barred, multi-coloured) compared with the plumage
 * of every poultry breed in data/breeds.json. Colour cannot tell many breeds apart, so the answer is
 * a short list of candidates with an honestly low confidence.
 */

/** Colours the photo is measured in, with a typical sRGB value each. */
const SWATCHES: Record<string, [number, number, number]> = {
  black: [28, 28, 30],
  white: [238, 236, 230],
  cream: [236, 222, 188],
  buff: [214, 170, 105],
  wheaten: [205, 175, 130],
  gold: [200, 145, 45],
  orange: [210, 110, 35],
  red: [150, 60, 30],
  mahogany: [95, 38, 25],
  brown: [115, 80, 50],
  chocolate: [75, 50, 35],
  grey: [130, 130, 130],
  silver: [192, 192, 195],
  blue: [100, 112, 128],
  lavender: [172, 168, 182],
  green: [60, 105, 55],
  "iridescent-blue": [35, 65, 140],
  salmon: [225, 160, 130],
  khaki: [165, 145, 95],
};

/** Dataset colours that photograph as one of the swatches above. */
const COLOUR_FAMILY: Record<PlumageColor, string[]> = {
  black: ["black"],
  white: ["white"],
  buff: ["buff", "wheaten"],
  red: ["red", "mahogany"],
  brown: ["brown", "chocolate"],
  mahogany: ["mahogany", "red"],
  gold: ["gold", "buff"],
  silver: ["silver", "white"],
  grey: ["grey", "silver"],
  blue: ["blue", "grey"],
  lavender: ["lavender", "silver"],
  partridge: ["brown", "gold", "black"],
  wheaten: ["wheaten", "buff", "cream"],
  cream: ["cream", "white"],
  "green-sheen": ["black"],
  bronze: ["brown", "chocolate"],
  chocolate: ["chocolate", "brown"],
  fawn: ["wheaten", "buff", "khaki"],
  salmon: ["salmon"],
  orange: ["orange", "gold"],
  slate: ["blue", "grey"],
  khaki: ["khaki", "wheaten"],
  green: ["green"],
  "iridescent-blue": ["iridescent-blue"],
  "purple-sheen": ["black"],
};

function srgbToLab(r: number, g: number, b: number): [number, number, number] {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const R = lin(r);
  const G = lin(g);
  const B = lin(b);
  const x = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
  const y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

const SWATCH_LAB = Object.entries(SWATCHES).map(([name, rgb]) => ({
  name,
  lab: srgbToLab(...rgb),
}));

/** Lab lookup for 5-bit quantised RGB, built once (32k entries), so each pixel costs one read. */
let lut: Uint8Array | undefined;
function swatchIndex(r: number, g: number, b: number): number {
  if (!lut) {
    lut = new Uint8Array(32 * 32 * 32);
    for (let i = 0; i < lut.length; i++) {
      const [L, A, B] = srgbToLab(
        ((i >> 10) << 3) + 4,
        (((i >> 5) & 31) << 3) + 4,
        ((i & 31) << 3) + 4,
      );
      let best = 0;
      let bestD = Infinity;
      SWATCH_LAB.forEach((s, k) => {
        const d = (L - s.lab[0]) ** 2 + (A - s.lab[1]) ** 2 + (B - s.lab[2]) ** 2;
        if (d < bestD) {
          bestD = d;
          best = k;
        }
      });
      lut[i] = best;
    }
  }
  return lut[((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3)]!;
}

/** The plumage seen in a photo: share of each swatch colour and a coarse pattern. */
export type PlumageReading = {
  colours: Record<string, number>;
  pattern: "solid" | "barred" | "multicoloured";
  texture: number;
};

/** Reads the subject's colours and pattern. */
export function readPlumage(px: PixelSample): PlumageReading {
  const { mask } = foregroundMask(px);
  const counts = new Array<number>(SWATCH_LAB.length).fill(0);
  let n = 0;
  for (let i = 0, j = 0; i < mask.length; i++, j += 3) {
    if (!mask[i]) continue;
    counts[swatchIndex(px.data[j]!, px.data[j + 1]!, px.data[j + 2]!)]!++;
    n++;
  }
  const colours: Record<string, number> = {};
  SWATCH_LAB.forEach((s, k) => (colours[s.name] = n ? counts[k]! / n : 0));
  const texture = laplacianEnergy(lumaPlane(px), px.width, px.height, mask);
  const sorted = Object.values(colours).sort((a, b) => b - a);
  const dark = colours.black! + colours.chocolate!;
  const light = colours.white! + colours.silver! + colours.grey! + colours.cream!;
  let pattern: PlumageReading["pattern"] = "multicoloured";
  if (sorted[0]! >= 0.7) pattern = "solid";
  else if (dark >= 0.2 && light >= 0.2 && texture > 8) pattern = "barred";
  return { colours, pattern, texture };
}

const BARRED: PlumagePattern[] = ["barred", "cuckoo"];
const MULTI: PlumagePattern[] = [
  "laced",
  "double-laced",
  "mottled",
  "spangled",
  "penciled",
  "columbian",
  "partridge",
  "speckled",
  "splash",
  "pied",
  "wild-type",
  "duckwing",
  "mille-fleur",
  "mallard",
  "harlequin",
  "bibbed",
  "pearled",
  "saddleback",
  "ocellated",
];

const POULTRY = new Set(["chicken", "duck", "goose", "turkey", "guinea_fowl", "quail"]);

/** How well one breed's plumage explains the reading (0-1+). */
export function plumageMatch(breed: BreedRecord, reading: PlumageReading): number {
  if (!breed.plumage) return 0;
  const family = new Set(breed.plumage.primaryColors.flatMap((c) => COLOUR_FAMILY[c] ?? []));
  let coverage = 0;
  for (const name of family) coverage += reading.colours[name] ?? 0;
  const patterns = [breed.plumage.pattern, ...(breed.plumage.alsoPatterns ?? [])];
  let bonus = 0;
  if (reading.pattern === "solid" && patterns.includes("solid")) bonus = 0.1;
  else if (reading.pattern === "barred" && patterns.some((p) => BARRED.includes(p))) bonus = 0.15;
  else if (reading.pattern === "multicoloured" && patterns.some((p) => MULTI.includes(p)))
    bonus = 0.05;
  // Every colour a breed claims must show, or it is penalised a little.
  const missing = breed.plumage.primaryColors.filter(
    (c) => (COLOUR_FAMILY[c] ?? []).reduce((s, name) => s + (reading.colours[name] ?? 0), 0) < 0.05,
  ).length;
  // Widely kept breeds are more likely to be in a backyard photo.
  const prior = 0.05 * (1 - breed.score / 100);
  return coverage + bonus + prior - 0.08 * missing;
}

const describeColours = (reading: PlumageReading) =>
  Object.entries(reading.colours)
    .filter(([, v]) => v >= 0.08)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${pct(v)}`)
    .join(", ") || "no clear colour";

const SIZE_SHAPE: Record<string, string> = {
  tiny: "Very small, compact body",
  small: "Small, light body",
  bantam: "Bantam: small, compact body",
  light: "Light, slim body",
  medium: "Medium-sized body",
  heavy: "Large, broad and deep body",
  giant: "Very large body",
};

function careNotes(b: BreedRecord): string[] {
  const notes: string[] = [];
  const f = new Set(b.plumage?.features ?? []);
  if (b.size === "heavy" || b.size === "giant")
    notes.push("Heavy bird: keep perches low and watch weight; it can be prone to leg strain.");
  if (b.size === "bantam" || b.size === "tiny")
    notes.push("Small bird: secure fencing and shelter from predators matter more.");
  if (f.has("feathered-legs"))
    notes.push("Feathered legs: keep bedding dry and check for scaly leg mites.");
  if (f.has("crest") || f.has("beard-muffs"))
    notes.push(
      "Crest or muffs: check eyes and trim feathers if they block vision; keep them dry in winter.",
    );
  if (f.has("large-single-comb"))
    notes.push("Large comb: protect it from frostbite in hard frosts.");
  if (b.species === "duck" || b.species === "goose")
    notes.push("Waterfowl: give water deep enough to dip the whole head, and a dry shelter.");
  notes.push(
    "Standard care: fresh water, complete feed, clean dry housing, and 30 days' quarantine for new birds.",
  );
  return notes;
}

const speciesWord = (s: string) => s.replace("_", " ");

/**
 * Offline breed suggestion from a downscaled photo: the best colour match in the breed dataset,
 * with the next three as alternatives. Confidence stays between 5 and 35 percent.
 */
export function identifyBreedOffline(
  px: PixelSample,
  breeds: readonly BreedRecord[],
): BreedModelResult {
  const reading = readPlumage(px);
  const ranked = breeds
    .filter((b) => POULTRY.has(b.species) && b.plumage)
    .map((b) => ({ b, s: plumageMatch(b, reading) }))
    .sort((x, y) => y.s - x.s || x.b.score - y.b.score);
  const conf = (s: number) => Math.round(Math.max(5, Math.min(35, s * 35)));
  const top = ranked[0];
  if (!top) throw new Error("The breed dataset has no breeds with plumage data");
  const b = top.b;
  const eggs = b.eggsPerYear
    ? `${b.eggsPerYear.min}-${b.eggsPerYear.max} eggs a year`
    : "Not recorded";
  const weight = b.weightLbs ? defaultText(breedWeightText(b.weightLbs)) : "Not recorded";
  const seen = describeColours(reading);
  return {
    breed: b.name,
    species: b.species,
    confidence: conf(top.s),
    description: `${OFFLINE_LABEL} (colour match only, low confidence). ${b.description}`,
    characteristics: {
      size: b.size ?? "Not recorded",
      purpose: b.purpose ?? "Not recorded",
      temperament: b.temperament ?? "Not recorded",
      eggProduction: eggs,
      eggColor: b.eggColor ?? "Not recorded",
      origin: b.origin ?? "Not recorded",
    },
    eggProduction: eggs,
    averageWeight: weight,
    temperament: b.temperament ?? "Not recorded",
    eggColor: b.eggColor ?? "Not recorded",
    purpose: b.purpose ?? "Not recorded",
    careNotes: careNotes(b),
    identificationMarkers: `${OFFLINE_LABEL}: plumage colours seen in the photo: ${seen}; pattern looks ${reading.pattern}. ${b.name} is described as ${b.plumage!.primaryColors.join(", ")} with a ${b.plumage!.pattern} pattern. Colour alone cannot confirm a breed: compare comb type, leg feathering, crest and body shape.`,
    breedingNotes: `Conservation: ${b.conservation.body === "none" ? "not listed" : `${b.conservation.body} ${b.conservation.status}`}${b.conservation.note ? ` (${b.conservation.note})` : ""}.`,
    physicalTraits: {
      featherPattern: b.plumage!.pattern,
      primaryColors: b.plumage!.primaryColors,
      combType: b.combType ?? "Not recorded",
      bodyShape: b.size ? SIZE_SHAPE[b.size]! : "Not recorded",
      specialFeatures: b.plumage!.features.slice(0, 10),
    },
    alternativeBreeds: ranked.slice(1, 4).map(({ b: alt, s }) => ({
      breed: alt.name,
      reason: `Similar plumage: ${alt.plumage!.primaryColors.join(", ")}, ${alt.plumage!.pattern} (${speciesWord(alt.species)}).`,
      confidence: conf(s),
    })),
  };
}
