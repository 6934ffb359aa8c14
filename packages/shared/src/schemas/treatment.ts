import { z } from "zod";
import { addDaysIso, isValidIsoDate } from "../domain/dates";
import {
  DOSE_UNITS,
  MAX_COURSE_DAYS,
  MAX_DOSE,
  MAX_WITHDRAWAL_DAYS,
  TREATMENT_ROUTES,
} from "../domain/treatment";
import { isoDate, notFutureDate } from "./common";
import { recordAuthorship } from "./farm";

/*
 * Treatments (issue 20 item 1): a product given to one bird (`chickenId`) or a whole flock
 * (`flockId`), with its egg and meat withdrawal. The answer carries `eggWithdrawalEnds` and
 * `meatWithdrawalEnds`: the last treatment day plus the withdrawal days (domain/treatment.ts).
 * What is recorded is what the label or the vet said: nothing here is dosing advice.
 */

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const numeric = (v: unknown) => {
  const b = blankToUndefined(v);
  return typeof b === "string" && Number.isFinite(Number(b)) ? Number(b) : b;
};

export const TREATMENT_MESSAGES = {
  subject: "Choose a bird or a flock",
  bothSubjects: "A treatment is for one bird or one flock, not both",
  product: "Product is required",
  route: "Route must be water, feed, injection, topical or oral",
  reason: "Reason is required",
  dose: `Dose must be a number above 0 and at most ${MAX_DOSE}`,
  doseUnit: "Choose the unit of the dose",
  egg: `Egg withdrawal must be a whole number of days from 0 to ${MAX_WITHDRAWAL_DAYS}`,
  meat: `Meat withdrawal must be a whole number of days from 0 to ${MAX_WITHDRAWAL_DAYS}`,
  endBeforeStart: "End date cannot be before the start date",
  courseTooLong: `A course can last at most ${MAX_COURSE_DAYS} days`,
  vet: "Prescribed by a vet must be yes or no",
} as const;

const text = (max: number, label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, { message: `${label} must be at most ${max} characters` })
      .nullish(),
  );

const required = (max: number, message: string, label: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { message })
    .max(max, { message: `${label} must be at most ${max} characters` });

const withdrawalDays = (message: string) =>
  z.preprocess(
    numeric,
    z
      .number({ error: message })
      .int({ message })
      .min(0, { message })
      .max(MAX_WITHDRAWAL_DAYS, { message }),
  );

const id = (message: string) => z.preprocess(blankToNull, z.uuid({ message }).nullish());
/** A dataset id (conditions base, medications list): kebab-case. */
const datasetId = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: `${label} must be text` })
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: `Unknown ${label.toLowerCase()}` })
      .max(100, { message: `Unknown ${label.toLowerCase()}` })
      .nullish(),
  );

export const treatmentRoute = z.enum(TREATMENT_ROUTES, { error: TREATMENT_MESSAGES.route });
export const doseUnit = z.enum(DOSE_UNITS, { error: TREATMENT_MESSAGES.doseUnit });

const fields = {
  chickenId: id("Invalid bird id"),
  flockId: id("Invalid flock id"),
  /** An entry of the medications list (`GET /api/medications`), when the product is from it. */
  medicationId: datasetId("Medication"),
  product: required(200, TREATMENT_MESSAGES.product, "Product"),
  activeIngredient: text(200, "Active ingredient"),
  dose: z.preprocess(
    (v) => (v === null ? null : numeric(v)),
    z
      .number({ error: TREATMENT_MESSAGES.dose })
      .gt(0, { message: TREATMENT_MESSAGES.dose })
      .max(MAX_DOSE, { message: TREATMENT_MESSAGES.dose })
      .nullish(),
  ),
  doseUnit: z.preprocess(blankToNull, doseUnit.nullish()),
  route: treatmentRoute,
  startDate: z.preprocess(
    (v) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v),
    notFutureDate().refine((d) => d >= "1900-01-01", {
      message: "Start date cannot be before 1900-01-01",
    }),
  ),
  /** The last treatment day; the start date when left out (a single dose). */
  endDate: z.preprocess(blankToUndefined, isoDate.optional()),
  reason: required(500, TREATMENT_MESSAGES.reason, "Reason"),
  /** A condition of the conditions base (`GET /api/health-conditions`), optional. */
  conditionId: datasetId("Condition"),
  prescribedByVet: z.boolean({ error: TREATMENT_MESSAGES.vet }),
  eggWithdrawalDays: withdrawalDays(TREATMENT_MESSAGES.egg),
  meatWithdrawalDays: withdrawalDays(TREATMENT_MESSAGES.meat),
  notes: text(2000, "Notes"),
};

type Issue = { path: string; message: string };

/** Checks the fields that depend on each other (both given); returns the first problem. */
export function treatmentFieldProblems(b: {
  chickenId?: string | null;
  flockId?: string | null;
  startDate?: string;
  endDate?: string | null;
  dose?: number | null;
  doseUnit?: string | null;
}): Issue[] {
  const issues: Issue[] = [];
  if (b.chickenId && b.flockId) {
    issues.push({ path: "flockId", message: TREATMENT_MESSAGES.bothSubjects });
  }
  // The field checks already name a date that is not a real one (say 0000-00-00); comparing or
  // adding days to it would only throw, so the pair is checked once both are real dates.
  if (isValidIsoDate(b.startDate) && isValidIsoDate(b.endDate)) {
    if (b.endDate < b.startDate) {
      issues.push({ path: "endDate", message: TREATMENT_MESSAGES.endBeforeStart });
    } else if (b.endDate > addDaysIso(b.startDate, MAX_COURSE_DAYS)) {
      issues.push({ path: "endDate", message: TREATMENT_MESSAGES.courseTooLong });
    }
  }
  if (b.dose != null && !b.doseUnit) {
    issues.push({ path: "doseUnit", message: TREATMENT_MESSAGES.doseUnit });
  }
  return issues;
}

function refine(b: Parameters<typeof treatmentFieldProblems>[0], ctx: z.RefinementCtx) {
  for (const i of treatmentFieldProblems(b)) {
    ctx.addIssue({ code: "custom", path: [i.path], message: i.message });
  }
}

/** `POST /api/treatments`. */
export const createTreatmentBody = z
  .object({
    ...fields,
    prescribedByVet: z.preprocess((v) => v ?? false, fields.prescribedByVet),
  })
  .superRefine((b, ctx) => {
    if (!b.chickenId && !b.flockId) {
      ctx.addIssue({ code: "custom", path: ["chickenId"], message: TREATMENT_MESSAGES.subject });
    }
    refine(b, ctx);
  });
export type CreateTreatmentBody = z.input<typeof createTreatmentBody>;
export type CreateTreatmentInput = z.output<typeof createTreatmentBody>;

/**
 * `PATCH /api/treatments/{id}`: any field; a field left out stays. Naming a bird moves the
 * treatment to that bird (and off its flock), naming a flock the other way. The end date is checked
 * against the start date after the change (400 naming `endDate`).
 */
export const updateTreatmentBody = z
  .object({
    chickenId: fields.chickenId,
    flockId: fields.flockId,
    medicationId: fields.medicationId,
    product: fields.product.optional(),
    activeIngredient: fields.activeIngredient,
    dose: fields.dose,
    doseUnit: fields.doseUnit,
    route: treatmentRoute.optional(),
    startDate: fields.startDate.optional(),
    endDate: fields.endDate,
    reason: fields.reason.optional(),
    conditionId: fields.conditionId,
    prescribedByVet: fields.prescribedByVet.optional(),
    eggWithdrawalDays: withdrawalDays(TREATMENT_MESSAGES.egg).optional(),
    meatWithdrawalDays: withdrawalDays(TREATMENT_MESSAGES.meat).optional(),
    notes: fields.notes,
  })
  .superRefine(refine);
export type UpdateTreatmentBody = z.input<typeof updateTreatmentBody>;
export type UpdateTreatmentInput = z.output<typeof updateTreatmentBody>;

/** `GET /api/treatments?chickenId=&flockId=`: a bird's (with its flock's) or a flock's (with its birds'). */
export const treatmentListQuery = z.object({
  chickenId: z.preprocess(blankToUndefined, z.uuid({ message: "Invalid bird id" }).optional()),
  flockId: z.preprocess(blankToUndefined, z.uuid({ message: "Invalid flock id" }).optional()),
});

/** A treatment as the API returns it. */
export const treatment = z.object({
  id: z.uuid(),
  ...recordAuthorship,
  chickenId: z.uuid().nullable(),
  flockId: z.uuid().nullable(),
  /** The bird's or flock's name. */
  subjectName: z.string(),
  medicationId: z.string().nullable(),
  product: z.string(),
  activeIngredient: z.string().nullable(),
  dose: z.number().nullable(),
  doseUnit: doseUnit.nullable(),
  route: treatmentRoute,
  startDate: isoDate,
  endDate: isoDate,
  reason: z.string(),
  conditionId: z.string().nullable(),
  /** The condition's name from the conditions base (null without one). */
  conditionName: z.string().nullable(),
  prescribedByVet: z.boolean(),
  eggWithdrawalDays: z.number().int(),
  meatWithdrawalDays: z.number().int(),
  /** The last day whose eggs are withheld: the end date plus the egg withdrawal days. */
  eggWithdrawalEnds: isoDate,
  /** The last day of meat withdrawal: the end date plus the meat withdrawal days. */
  meatWithdrawalEnds: isoDate,
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Treatment = z.infer<typeof treatment>;
export const treatmentList = z.array(treatment);

/** A warning on an answer that does not block the write (a sale within a meat withdrawal). */
export const recordWarning = z.object({
  code: z.enum(["meat_withdrawal"]),
  message: z.string(),
  /** The last day of the withdrawal. */
  until: isoDate,
});
export type RecordWarning = z.infer<typeof recordWarning>;
