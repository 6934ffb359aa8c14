import { OFFLINE_LABEL, OFFLINE_MAX_CONFIDENCE } from "@flockkeeper/shared/schemas/analysis";
import type { DroppingsModelResult } from "@flockkeeper/shared/schemas/droppings";
import type { PixelSample } from "../image";
import {
  foregroundMask,
  imageQuality,
  laplacianEnergy,
  lumaPlane,
  pct,
  rgbToHsv,
  round,
} from "./pixels";

/*
 * Offline droppings check: what share of the sample is each colour (normal brown, white urates,
 * green, yellow, bright red, black) and how textured it is, read against the droppings table of
 * the knowledge base (knowledge-sources.md section 5: akovet.org "Abnormal droppings";
 * ruralveterinaryoutreach.org "Poultry Fecal Analysis", 2025). It measures colours, nothing more.
 */

export type DroppingsColour = "brown" | "white" | "green" | "yellow" | "red" | "black" | "other";

/** Share (0-1) of the sample's pixels in each colour class. */
export type DroppingsFractions = Record<DroppingsColour, number>;

/** The colour class of one pixel. */
export function droppingsColour(r: number, g: number, b: number): DroppingsColour {
  const { h, s, v } = rgbToHsv(r, g, b);
  if (v < 0.16) return "black";
  if ((h <= 12 || h >= 340) && s >= 0.55 && v >= 0.35) return "red";
  if (h <= 18 && s >= 0.6 && v >= 0.55) return "red"; // orange-red mucus
  if (s < 0.2 && v >= 0.68) return "white";
  if (h >= 40 && h < 70 && s >= 0.45 && v >= 0.5) return "yellow";
  if (h >= 70 && h <= 170 && s >= 0.18) return "green";
  // Dark reddish tones are brown too (bright red was caught above); enhancement pushes dark brown there.
  if ((h < 70 || h >= 345) && s >= 0.2 && v < 0.8) return "brown";
  return "other";
}

/** Colour fractions and texture of the subject of a droppings photo. */
export function measureDroppings(px: PixelSample) {
  const { mask, fraction } = foregroundMask(px);
  const counts: DroppingsFractions = {
    brown: 0,
    white: 0,
    green: 0,
    yellow: 0,
    red: 0,
    black: 0,
    other: 0,
  };
  let n = 0;
  for (let i = 0, j = 0; i < mask.length; i++, j += 3) {
    if (!mask[i]) continue;
    counts[droppingsColour(px.data[j]!, px.data[j + 1]!, px.data[j + 2]!)]++;
    n++;
  }
  const fractions = Object.fromEntries(
    Object.entries(counts).map(([k, c]) => [k, n ? c / n : 0]),
  ) as DroppingsFractions;
  const texture = laplacianEnergy(lumaPlane(px), px.width, px.height, mask);
  return { fractions, subjectShare: fraction, texture };
}

const ALWAYS_WARNING =
  "This basic offline check only measures colours in the photo. It is not a diagnosis and cannot replace an examination or a faecal test by a veterinarian.";

const clampConfidence = (c: number) => round(Math.min(OFFLINE_MAX_CONFIDENCE, Math.max(0.1, c)));

/** Offline droppings analysis of a downscaled photo. */
export function analyzeDroppingsOffline(
  px: PixelSample,
  original: { width: number; height: number },
): DroppingsModelResult {
  const quality = imageQuality(px, original);
  const { fractions: f, subjectShare, texture } = measureDroppings(px);
  const smooth = texture < 2.5;
  const watery = smooth && subjectShare > 0.45;
  const dung = f.brown + f.green;

  let healthStatus: DroppingsModelResult["healthStatus"];
  let finding: string;
  let followUpRequired: boolean;
  let confidence = 0.3;
  const recommendations: string[] = [];
  const warnings: string[] = [];

  if (f.red >= 0.02) {
    healthStatus = "urgent";
    followUpRequired = true;
    finding = `Bright red areas cover about ${pct(f.red)} of the sample. Bright red blood or orange-red mucus in droppings can be an occasional shed of gut lining, but it is also the typical sign of coccidiosis, which needs action within 24 hours.`;
    recommendations.push(
      "Check the bird and the rest of the flock today: hunched posture, ruffled feathers, not eating or more bloody droppings point to coccidiosis.",
      "Call a veterinarian within 24 hours; young birds (3 to 8 weeks old) are most at risk.",
      "Keep litter dry and clean, and separate a bird that looks unwell.",
    );
    warnings.push("Blood in droppings can become serious within a day, especially in young birds.");
  } else if (f.black >= 0.4 && quality.brightness > 0.2) {
    healthStatus = "concerning";
    followUpRequired = true;
    finding = `Very dark, black areas cover about ${pct(f.black)} of the sample. Black, tarry droppings can come from berries or charcoal, but can also mean bleeding high in the gut.`;
    recommendations.push(
      "Think about what the bird ate recently (blackberries, elderberries, charcoal).",
      "If the droppings stay black and tarry, or the bird is dull or pale, contact a veterinarian.",
    );
  } else if (f.white >= 0.55 && dung < 0.15) {
    healthStatus = "concerning";
    followUpRequired = true;
    finding = `The sample is mostly white (about ${pct(f.white)}) with little brown or green. White, watery droppings are urates only, which often means the bird is not eating; kidney trouble, pullorum in chicks or Gumboro are possible causes.`;
    recommendations.push(
      "Watch whether the bird eats and drinks; offer fresh water and feed.",
      "If chicks have white pasty droppings and huddle, or it lasts more than a day, contact a veterinarian.",
    );
  } else if (f.yellow >= 0.3) {
    healthStatus = "concerning";
    followUpRequired = false;
    finding = `Yellow tones cover about ${pct(f.yellow)} of the sample. Yellow or foamy droppings can be a normal caecal dropping or come from corn, but coccidiosis or worms are possible, and in turkeys sulphur-yellow droppings can mean blackhead.`;
    recommendations.push(
      "Look at the next few droppings: a single mustard-coloured, very smelly dropping is usually caecal and normal (2 to 3 a day).",
      "If yellow or foamy droppings continue, ask a veterinarian for a faecal test for worms and coccidia.",
      "For turkeys, contact a veterinarian promptly.",
    );
  } else if (f.green >= 0.3 && (watery || f.white < 0.05)) {
    healthStatus = "concerning";
    followUpRequired = true;
    finding = `Green covers about ${pct(f.green)} of the sample${watery ? " and it looks smooth and spread out, as a watery dropping does" : ""}, with little white urate cap. Green droppings can come from greens in the diet, but bright green watery droppings can mean the bird is not eating (bile), and with breathing or nervous signs Newcastle disease or bird flu must be ruled out.`;
    recommendations.push(
      "Check whether the bird is eating, and look for coughing, gasping, twisted neck or sudden deaths in the flock.",
      "If there are breathing or nervous signs, or several birds are sick, contact a veterinarian or your state or national veterinary authority: these diseases are notifiable.",
      "If the bird eats greens and is otherwise bright, watch for a day or two.",
    );
  } else if (dung >= 0.3) {
    healthStatus = "healthy";
    followUpRequired = false;
    if (f.white >= 0.03) {
      finding = `Mostly brown${f.green > 0.1 ? " and green" : ""} (about ${pct(dung)}) with a white urate cap (about ${pct(f.white)}), which is what a normal dropping looks like.`;
    } else {
      finding = `Mostly brown (about ${pct(dung)}) without a visible white cap. A pasty, darker dropping without a cap can be a normal caecal dropping (about 1 in 8 to 10).`;
      confidence -= 0.05;
    }
    recommendations.push(
      "Keep checking droppings every day or two; compare with earlier photos in your history.",
      "Keep fresh water, balanced feed and clean, dry litter.",
    );
  } else {
    healthStatus = "concerning";
    followUpRequired = false;
    confidence = 0.15;
    finding =
      "The colours in this photo did not match a typical dropping pattern, so the offline check cannot say more.";
    recommendations.push(
      "Take a closer, well-lit photo with the dropping filling most of the frame, on a plain background.",
    );
  }

  confidence -= 0.05 * quality.problems.length;
  warnings.push(...quality.problems, ALWAYS_WARNING);
  recommendations.push(
    "If the bird is lethargic, stops eating or drinking, or other birds show signs, contact a veterinarian.",
  );

  const clinicalFindings = [
    `Colour share of the sample: brown ${pct(f.brown)}, white (urates) ${pct(f.white)}, green ${pct(f.green)}, yellow ${pct(f.yellow)}, bright red ${pct(f.red)}, black ${pct(f.black)}, other ${pct(f.other)}.`,
    `Texture: ${smooth ? "smooth" : "textured"} (detail score ${round(texture, 1)}); sample covers about ${pct(subjectShare)} of the photo.`,
    `Photo: ${original.width}x${original.height}, brightness ${pct(quality.brightness)}.`,
  ].join(" ");

  return {
    healthStatus,
    analysis: `${OFFLINE_LABEL}: ${finding} No AI model is configured, so this is a simple colour and texture check, not a diagnosis.`,
    confidenceLevel: clampConfidence(confidence),
    clinicalFindings,
    followUpRequired,
    recommendations,
    warnings,
  };
}
