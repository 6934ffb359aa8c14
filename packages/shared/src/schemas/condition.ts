import { z } from "zod";
import { SYMPTOMS_MAX, SYMPTOM_TEXT_MAX } from "../domain/symptom-limits";
import { AGE_BANDS } from "../domain/age-band";
import { poultrySpecies } from "./species";

const kebabId = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Id must be kebab-case (a-z, 0-9 and single hyphens)");

/** How serious a condition usually is for the bird. */
export const conditionSeverity = z.enum(["mild", "moderate", "severe"]);
/** TypeScript type of `conditionSeverity`. */
export type ConditionSeverity = z.infer<typeof conditionSeverity>;

/** How quickly a keeper should act on a suspected condition. */
export const conditionUrgency = z.enum(["routine", "soon", "urgent", "emergency"]);
/** TypeScript type of `conditionUrgency`. */
export type ConditionUrgency = z.infer<typeof conditionUrgency>;

/** How strongly a symptom points to a condition: key sign, common, or occasional. */
export const symptomWeight = z.enum(["key", "common", "occasional"]);
/** TypeScript type of `symptomWeight`. */
export type SymptomWeight = z.infer<typeof symptomWeight>;

/** One entry of the controlled symptom vocabulary, with lay synonyms. */
export const symptomRecord = z.object({
  id: kebabId,
  label: z.string().trim().min(1),
  synonyms: z.array(z.string().trim().min(1)),
});
/** TypeScript type of `symptomRecord`. */
export type SymptomRecord = z.infer<typeof symptomRecord>;

/** The whole symptom vocabulary (data/symptoms.json). */
export const symptomDataset = z.array(symptomRecord).min(1);
/** TypeScript type of `symptomDataset`. */
export type SymptomDataset = z.infer<typeof symptomDataset>;

/** A symptom reference inside a condition, with how strongly it points to it. */
export const conditionSymptom = z.object({
  id: kebabId,
  weight: symptomWeight,
});
/** TypeScript type of `conditionSymptom`. */
export type ConditionSymptom = z.infer<typeof conditionSymptom>;

/** One health condition of the knowledge base (authored, with sources). */
export const conditionRecord = z.object({
  id: kebabId,
  name: z.string().trim().min(1),
  description: z.string().trim().min(20),
  species: z.array(poultrySpecies).min(1),
  /** Life stages it mostly affects; absent means any age. */
  ages: z.array(z.enum(AGE_BANDS)).min(1).optional(),
  symptoms: z.array(conditionSymptom).min(1),
  severity: conditionSeverity,
  urgency: conditionUrgency,
  remedies: z.array(z.string().trim().min(1)).min(1),
  prevention: z.array(z.string().trim().min(1)).min(1),
  vetRequired: z.boolean(),
  reportable: z.boolean(),
  sources: z.array(z.string().trim().min(1)).min(1),
});
/** TypeScript type of `conditionRecord`. */
export type ConditionRecord = z.infer<typeof conditionRecord>;

/** The whole conditions knowledge base (data/conditions.json). */
export const conditionDataset = z.array(conditionRecord).min(1);
/** TypeScript type of `conditionDataset`. */
export type ConditionDataset = z.infer<typeof conditionDataset>;

/** A condition as returned by POST /api/health-conditions/diagnose. */
export const healthCondition = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  severity: conditionSeverity,
  remedies: z.array(z.string()),
  /** 1 = vet recommended, 0 = home care is usually enough (spec keeps it numeric). */
  vetRequired: z.union([z.literal(0), z.literal(1)]),
  reportable: z.boolean(),
  urgency: conditionUrgency,
  matchedSymptoms: z.array(z.string()),
  score: z.number().min(0).max(1),
  /** Species the condition affects, and the references it was written from. */
  species: z.array(poultrySpecies).optional(),
  sources: z.array(z.string()).optional(),
  reportingAdvice: z.string().optional(),
});
/** TypeScript type of `healthCondition`. */
export type HealthCondition = z.infer<typeof healthCondition>;

/** Request body of POST /api/health-conditions/diagnose. */
export const diagnoseBody = z.object({
  symptoms: z
    .array(
      z
        .string({ error: "Each symptom must be text" })
        .trim()
        .min(1, "Symptoms cannot be blank")
        .max(SYMPTOM_TEXT_MAX, `Each symptom must be ${SYMPTOM_TEXT_MAX} characters or fewer`),
      { error: "Symptoms must be a list" },
    )
    .min(1, "Please choose or describe at least one symptom")
    .max(SYMPTOMS_MAX, `Please enter no more than ${SYMPTOMS_MAX} symptoms`),
  /** Which kind of bird; conditions of other species are left out. */
  species: z
    .enum(poultrySpecies.options, {
      error: `Species must be one of: ${poultrySpecies.options.join(", ")}`,
    })
    .default("chicken"),
  /** Life stage, or the age in days or weeks (one of the three, all optional). */
  age: z.enum(AGE_BANDS, { error: "Age must be chick, young or adult" }).optional(),
  ageDays: z
    .number({ error: "Age in days must be a number" })
    .int("Age in days must be a whole number")
    .min(0, "Age cannot be negative")
    .max(10_000, "Age in days must be 10000 or fewer")
    .optional(),
  ageWeeks: z
    .number({ error: "Age in weeks must be a number" })
    .int("Age in weeks must be a whole number")
    .min(0, "Age cannot be negative")
    .max(1_500, "Age in weeks must be 1500 or fewer")
    .optional(),
});
/** TypeScript type of `diagnoseBody`. */
export type DiagnoseBody = z.infer<typeof diagnoseBody>;

/** Response header naming, as a URI-encoded JSON list, the keeper's words no symptom explained. */
export const NOT_UNDERSTOOD_HEADER = "x-not-understood";

/** Response body of POST /api/health-conditions/diagnose: best matches first. */
export const diagnoseResponse = z.array(healthCondition);
/** TypeScript type of `diagnoseResponse`. */
export type DiagnoseResponse = z.infer<typeof diagnoseResponse>;
