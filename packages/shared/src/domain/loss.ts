/*
 * Losses explained (issue 20 item 5): why a bird died or was culled, and what the keeper should do
 * next. A died or culled event (or a bird's outcome) takes a cause from a short list and may name a
 * condition of the conditions base. Unexplained deaths point to a necropsy (what to do with the
 * body, where to send it); a notifiable condition brings the reporting advice of the conditions base.
 * Pure: the web shows it as the keeper records the loss and on the recorded event.
 */

import { REPORTING_ADVICE } from "./symptom-match";

/** Why a bird died or was culled. */
export const LOSS_CAUSES = [
  "predator",
  "disease",
  "injury",
  "egg_bound",
  "old_age",
  "heat_cold",
  "unknown",
  "other",
] as const;
export type LossCause = (typeof LOSS_CAUSES)[number];

export const LOSS_CAUSE_LABELS: Record<LossCause, string> = {
  predator: "Predator",
  disease: "Disease",
  injury: "Injury",
  egg_bound: "Egg-bound",
  old_age: "Old age",
  heat_cold: "Heat or cold",
  unknown: "Unknown",
  other: "Other",
};

/** The event types (and bird outcomes) that take a cause. */
export const LOSS_CAUSE_TYPES = ["died", "culled"] as const;
export type LossCauseType = (typeof LOSS_CAUSE_TYPES)[number];
export const takesLossCause = (type: string): type is LossCauseType =>
  (LOSS_CAUSE_TYPES as readonly string[]).includes(type);

/** The part of a condition the advice needs. */
export interface LossCondition {
  name: string;
  reportable: boolean;
}

export interface LossInput {
  type: string;
  /** Birds lost in this event (1 for a bird's own outcome). */
  count: number;
  lossCause: LossCause | null | undefined;
  /** The linked condition, when the keeper chose one and it exists. */
  condition: LossCondition | null | undefined;
}

/** Why the app points to a necropsy, in the keeper's words. */
export type NecropsyReason = "unknown" | "disease-unnamed" | "several" | "no-cause";

export interface LossAdvice {
  /** Reasons to have the body examined; empty when the death is explained. */
  necropsy: NecropsyReason[];
  /** The linked condition is notifiable: show the reporting advice first. */
  report: boolean;
}

/** Causes that explain a death of several birds by themselves (no necropsy asked for). */
const EXPLAINED: readonly LossCause[] = ["predator", "injury", "egg_bound", "old_age", "heat_cold"];

/**
 * What to advise for a loss. A necropsy is advised when the cause is unknown or not given, when it is
 * disease with no condition named, or when several birds died at once of anything but an outward
 * cause (predator, injury, egg-bound, old age, heat or cold). A notifiable condition asks for a report.
 */
export function lossAdvice(input: LossInput): LossAdvice {
  if (!takesLossCause(input.type)) return { necropsy: [], report: false };
  const reasons: NecropsyReason[] = [];
  const cause = input.lossCause ?? null;
  if (cause === null) reasons.push("no-cause");
  if (cause === "unknown") reasons.push("unknown");
  if (cause === "disease" && !input.condition) reasons.push("disease-unnamed");
  if (input.count > 1 && (cause === null || !EXPLAINED.includes(cause))) reasons.push("several");
  return { necropsy: reasons, report: input.condition?.reportable === true };
}

export const NECROPSY_REASON_TEXT: Record<NecropsyReason, string> = {
  "no-cause": "No cause was recorded.",
  unknown: "The cause is unknown.",
  "disease-unnamed": "A disease is suspected but not named.",
  several: "Several birds died at once.",
};

/** One region's lab. */
export interface NecropsyLab {
  region: string;
  text: string;
}

/**
 * The necropsy guidance block: what to do with the body and where to send it. Authored from the
 * sources listed (our own words); no dose or treatment advice.
 */
export const NECROPSY_GUIDANCE = {
  title: "Find out why: have the body examined (necropsy)",
  why: "A post-mortem examination by a diagnostic laboratory is the only reliable way to learn why a bird died, and it protects the rest of the flock. It is most useful within a day or two of death.",
  body: [
    "Wear gloves. Put the whole bird in a plastic bag, squeeze out the air and seal it; bag it again.",
    "Chill it at once in a refrigerator, or in a cooler with ice packs. Do not freeze it: freezing ruins the tissues the lab examines.",
    "Call the laboratory or your vet before you send or take it; labs want the body within about 1 to 2 days of death. Ship overnight with ice packs, early in the week (not on a Friday).",
    "Keep the other birds away from where it died, and write down the signs you saw and any recent losses.",
  ],
  labs: [
    {
      region: "United States",
      text: "Your state's animal disease diagnostic laboratory (most belong to the USDA National Animal Health Laboratory Network, NAHLN), or call your state veterinarian. Many states examine backyard poultry for a small fee or free.",
    },
    {
      region: "United Kingdom",
      text: "Ask your vet to submit the body to APHA (Animal and Plant Health Agency) or one of its surveillance pathology partners; owners go through a private vet.",
    },
    {
      region: "EU and elsewhere",
      text: "Ask your vet or the official veterinary service to send the body to the national or regional veterinary laboratory.",
    },
  ] as readonly NecropsyLab[],
  sources: [
    "Penn State Animal Diagnostic Laboratory, Backyard poultry necropsy information: keep the bird refrigerated, do not freeze (https://vbs.psu.edu/adl/submit/back-yard-poultry-information-page)",
    "UC ANR Sonoma, Necropsy options: refrigerate, do not freeze, pack in a plastic bag with ice, overnight delivery (https://cesonoma.ucanr.edu/Poultry/Necropsy_Options/)",
    "WSU Avian Health and Food Safety Laboratory, Sample submission: seal in a plastic bag, cool not frozen, do not ship on a Friday (https://waddl.vetmed.wsu.edu/avian/AHFSL-submit-a-sample)",
    "USDA APHIS, NAHLN laboratory list (https://www.aphis.usda.gov/animal_health/nahln/downloads/all_nahln_lab_list.pdf)",
    "GOV.UK, Submit farm animals for a post-mortem examination (APHA) (https://www.gov.uk/guidance/submit-farm-animals-for-a-post-mortem-examination)",
  ],
} as const;

/**
 * Reporting advice for a notifiable condition: the conditions base's own text (`REPORTING_ADVICE`,
 * as the symptom checker gives it) and what to do with the body meanwhile.
 */
export const LOSS_REPORTING_ADVICE = `${REPORTING_ADVICE} Keep the body chilled and bagged for official testing rather than disposing of it.`;
