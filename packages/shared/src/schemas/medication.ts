import { z } from "zod";
import { poultrySpecies } from "./species";

/*
 * The medications list (data/medications.json): the drugs and products backyard and small
 * commercial keepers use, with the egg and meat withdrawal periods a reputable source gives, the
 * places where the law differs (US FDA/FARAD, UK VMD, EU) and a source per record. Served by
 * `GET /api/medications` with a disclaimer: nothing here is dosing advice. A treatment may name
 * one of these records (`medicationId`) and start from its withdrawal periods.
 */

const text = z.string().trim().min(1);

/** What the product does. */
export const MEDICATION_KINDS = [
  "antiparasitic",
  "anticoccidial",
  "antibiotic",
  "insecticide",
  "vaccine",
  "supplement",
] as const;
export const medicationKind = z.enum(MEDICATION_KINDS);
export type MedicationKind = z.infer<typeof medicationKind>;

/**
 * How the product is given. The first five are the routes a treatment records; the rest are
 * vaccine and housing routes (a treatment records them as the nearest of the five or in notes).
 */
export const MEDICATION_ROUTES = [
  "water",
  "feed",
  "injection",
  "topical",
  "oral",
  "eye-drop",
  "wing-web",
  "spray",
  "housing",
] as const;
export const medicationRoute = z.enum(MEDICATION_ROUTES);
export type MedicationRoute = z.infer<typeof medicationRoute>;

/** Where a region note applies. */
export const MEDICATION_REGIONS = ["US", "UK", "EU", "CA", "AU"] as const;
export const medicationRegion = z.enum(MEDICATION_REGIONS);
export type MedicationRegion = z.infer<typeof medicationRegion>;

/** Longest withdrawal period the data may state (a year); anything longer is a typo. */
export const WITHDRAWAL_DAYS_MAX = 365;

/** Days, or null where no reputable source gives a figure. */
const withdrawalDays = z.number().int().min(0).max(WITHDRAWAL_DAYS_MAX).nullable();

/** The sentence shown where no reputable source gives an egg withdrawal figure. */
export const NO_ESTABLISHED_WITHDRAWAL =
  "No established withdrawal: ask a vet; do not eat the eggs";

/** How the law treats the product in one region. */
export const medicationRegionNote = z.object({
  region: medicationRegion,
  note: text,
});
export type MedicationRegionNote = z.infer<typeof medicationRegionNote>;

export const medication = z.object({
  /** Stable id, kebab-case (e.g. "flubendazole"). */
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  name: text,
  /** Brand names keepers know it by (examples, not endorsements). */
  brands: z.array(text),
  kind: medicationKind,
  activeIngredient: text,
  routes: z.array(medicationRoute).min(1),
  /** Species a product with this ingredient is licensed or labelled for somewhere (empty: none). */
  species: z.array(poultrySpecies),
  /** Days after the last dose before eggs may be eaten; null: no reputable figure. */
  eggWithdrawalDays: withdrawalDays,
  /** Days after the last dose before the bird may be slaughtered for food; null: no figure. */
  meatWithdrawalDays: withdrawalDays,
  /** The withdrawal in words: which label or study the figures come from, or why there are none. */
  withdrawal: text,
  /** Where the law differs. */
  regionNotes: z.array(medicationRegionNote),
  notes: text.optional(),
  sources: z.array(text).min(1),
});
export type Medication = z.infer<typeof medication>;

/** The whole dataset: unique ids; a record without an egg figure says none is established. */
export const medicationDataset = z
  .array(medication)
  .min(1)
  .refine((all) => new Set(all.map((m) => m.id)).size === all.length, {
    message: "medication ids must be unique",
  });

/** A list of medications. */
export const medicationList = z.array(medication);
export type MedicationList = z.infer<typeof medicationList>;

/** Shown with the list wherever it appears (API answer and web page). */
export const MEDICATIONS_DISCLAIMER =
  "Information only, not dosing or treatment advice. Withdrawal periods are those of the cited label or study for the stated use; a different product, dose, route or species changes them. Always follow the product label and your vet; where no withdrawal is established, do not eat the eggs or meat.";

/** `GET /api/medications` answer. */
export const medicationsResponse = z.object({
  disclaimer: z.string(),
  medications: medicationList,
});
export type MedicationsResponse = z.infer<typeof medicationsResponse>;
