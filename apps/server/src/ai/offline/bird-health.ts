import { OFFLINE_LABEL, OFFLINE_MAX_CONFIDENCE } from "@flockkeeper/shared/schemas/analysis";
import type { BirdHealthModelResult } from "@flockkeeper/shared/schemas/bird-health";
import type { PoultrySpecies } from "@flockkeeper/shared/schemas/species";
import type { PixelSample } from "../image";
import { imageQuality, pct, rgbToHsv, round } from "./pixels";

/*
 * Offline bird photo check: image quality, and the colour of comb, wattles and face where the
 * species has them (bright red vs pale vs purple). Pale combs go with moult, a pause in laying,
 * mites, lice, worms or anaemia; a purple comb with poor circulation and, with sudden deaths,
 * avian influenza (knowledge-sources.md section 4: UF IFAS PS044, Merck Veterinary Manual).
 * It cannot see illness, so it asks the keeper for symptoms.
 */

/** Share (0-1) of all pixels that look like a bright red, a pale pink or a purple comb or face. */
export function combColours(px: PixelSample) {
  let red = 0;
  let pale = 0;
  let purple = 0;
  const n = px.width * px.height || 1;
  for (let j = 0; j < px.data.length; j += 3) {
    const { h, s, v } = rgbToHsv(px.data[j]!, px.data[j + 1]!, px.data[j + 2]!);
    // Comb crimson is brighter and purer than red-brown plumage (Rhode Island Red feathers).
    if ((h <= 10 || h >= 345) && s >= 0.6 && v >= 0.55) red++;
    else if ((h <= 25 || h >= 330) && s >= 0.12 && s < 0.45 && v >= 0.6) pale++;
    else if (h >= 270 && h < 335 && s >= 0.3 && v >= 0.2 && v <= 0.75) purple++;
  }
  return { red: red / n, pale: pale / n, purple: purple / n };
}

/** Species whose comb, wattles or bare face colour this check reads. */
const HAS_RED_HEAD: readonly PoultrySpecies[] = ["chicken", "turkey", "guinea_fowl"];

const NOT_A_DIAGNOSIS =
  "This basic offline check only measures photo quality and comb or face colour. It cannot detect illness and is not a diagnosis; a veterinarian should examine a bird that seems unwell.";

/** Offline bird-health assessment of a downscaled photo. */
export function analyzeBirdHealthOffline(
  px: PixelSample,
  original: { width: number; height: number },
  species: PoultrySpecies,
): BirdHealthModelResult {
  const quality = imageQuality(px, original);
  const c = combColours(px);
  const readsComb = HAS_RED_HEAD.includes(species);
  let score = 70;
  let healthStatus: BirdHealthModelResult["healthStatus"] = "healthy";
  let followUpRequired = false;
  let confidence = 0.25;
  let combText: string;
  let finding: string;
  const immediate: string[] = [];
  const ongoing: string[] = [];
  const warnings: string[] = [];

  if (!readsComb) {
    combText = `Not checked: ${species.replace("_", " ")} have no comb whose colour this check can read.`;
    finding =
      "The offline check looked at photo quality only; it cannot judge this bird's health from colours.";
    confidence = 0.15;
  } else if (c.purple >= 0.01 && c.purple > c.red * 0.5) {
    healthStatus = "concerning";
    followUpRequired = true;
    score = 45;
    combText = `Purple or bluish tones cover about ${pct(c.purple)} of the photo, as a dark or purple comb would.`;
    finding =
      "Purple or bluish tones were found where a comb or face would be. A dark or purple comb can mean poor circulation, heart or breathing trouble, and a swollen purple comb with sudden deaths in the flock can be avian influenza, which is notifiable.";
    immediate.push(
      "Look at the bird closely: breathing, swelling of the head, eating and droppings.",
      "If birds are dying suddenly or the head is swollen, keep everyone away from the flock and call a veterinarian or your veterinary authority now.",
    );
    warnings.push("A purple comb together with sudden deaths must be reported (avian influenza).");
  } else if (c.pale >= 0.004 && c.red < c.pale * 0.5) {
    healthStatus = "concerning";
    followUpRequired = true;
    score = 55;
    combText = `The comb or face looks pale: pale pink tones cover about ${pct(c.pale)} of the photo and bright red almost none.`;
    finding =
      "The comb or face looks pale. That is normal for young pullets, moulting hens and hens taking a break from laying, but it can also mean mites, lice, worms or anaemia.";
    immediate.push(
      "Check for red mites at night (crevices of perches) and for lice around the vent and under the wings.",
    );
    ongoing.push(
      "Watch laying, appetite and weight for a week; ask a veterinarian for a faecal worm test if the comb stays pale.",
    );
  } else if (c.red >= 0.004) {
    score = 78;
    combText = `Bright red comb or face colour covers about ${pct(c.red)} of the photo; in an adult laying hen a bright red comb usually goes with good condition.`;
    finding =
      "A bright red comb or face was found, and no pale or purple tones. That is a good sign, but it says nothing about illnesses that do not change comb colour.";
  } else {
    combText = "No comb or face colour could be found in the photo.";
    finding =
      "No comb or face colour could be read from this photo, so the offline check looked at photo quality only.";
    confidence = 0.15;
  }

  score -= 5 * quality.problems.length;
  confidence -= 0.05 * quality.problems.length;
  warnings.push(...quality.problems, NOT_A_DIAGNOSIS);

  const observations: Record<string, string> = {
    imageQuality: quality.problems.length
      ? quality.problems.join(" ")
      : "Good enough for a colour check: well lit and in focus.",
    lighting: `Brightness ${pct(quality.brightness)}, contrast ${pct(quality.contrast)}.`,
    sharpness: `Detail score ${round(quality.sharpness, 1)} (below 1.2 looks blurred).`,
    comb: combText,
    eyes: "The offline check cannot assess the eyes. Look for clear, bright eyes without bubbles, swelling or discharge.",
  };

  return {
    healthStatus,
    overallScore: Math.max(20, Math.min(85, Math.round(score))),
    confidenceLevel: round(Math.min(OFFLINE_MAX_CONFIDENCE, Math.max(0.1, confidence))),
    analysis: `${OFFLINE_LABEL}: ${finding} Tell us what you see: use the Symptom Checker with any symptoms (not eating, lethargy, watery droppings, coughing, limping, sneezing, pale comb, weight loss) for a better answer.`,
    followUpRequired,
    observations,
    recommendations: [
      "Use the Symptom Checker to describe anything unusual you have noticed.",
      "Check the bird's weight by feel (keel bone), its droppings, eyes, nostrils and vent.",
    ],
    treatments: {
      immediate,
      ongoing,
      preventive: [
        "Fresh water and a complete feed every day; treats under 10% of the diet.",
        "Clean, dry bedding and good ventilation without draughts.",
        "Quarantine new birds for 30 days before they join the flock.",
      ],
    },
    warnings,
  };
}
