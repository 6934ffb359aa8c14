import { z } from "zod";
import { isoDate, notFutureDate } from "./common";
import { poultrySpecies } from "./species";

/* Hatch (incubation) records (spec: Hatch record entity, incubation form rules). */

/** How the eggs are incubated. */
export const incubationMethod = z.enum(["incubator", "broody_hen", "natural"], {
  error: "Method must be incubator, broody_hen or natural",
});
export type IncubationMethod = z.infer<typeof incubationMethod>;

export const INCUBATION_METHOD_LABELS: Record<IncubationMethod, string> = {
  incubator: "Incubator",
  broody_hen: "Broody hen",
  natural: "Natural",
};

/** Most eggs one hatch record may hold. */
export const MAX_EGGS_SET = 1000;

const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const numeric = (v: unknown) => {
  const b = blankToNull(v);
  return typeof b === "string" && Number.isFinite(Number(b)) ? Number(b) : b;
};
const dateOnly = (v: unknown) =>
  typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v;

/**
 * `POST /api/hatch-records`. The server computes expectedHatchDate from the start date and species
 * (a client-sent value and userId are ignored). turnedDaily accepts true/false or 1/0.
 */
export const createHatchRecordBody = z.object({
  eggSource: z
    .string({ error: "Egg source is required" })
    .trim()
    .min(1, { message: "Egg source is required" })
    .max(200, { message: "Egg source must be at most 200 characters" }),
  species: z
    .string({ error: "Species is required" })
    .trim()
    .min(1, { message: "Species is required" })
    .pipe(
      z.enum(poultrySpecies.options, {
        error: "Species must be one of chicken, duck, goose, turkey, guinea_fowl, quail",
      }),
    ),
  breed: z.preprocess(
    blankToNull,
    z.string().trim().max(100, { message: "Breed must be at most 100 characters" }).nullish(),
  ),
  incubationStartDate: z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? undefined : dateOnly(v)),
    z
      .string({ error: "Incubation start date is required" })
      .pipe(notFutureDate())
      .refine((d) => d >= "1900-01-01", { message: "Date cannot be before 1900-01-01" }),
  ),
  incubationMethod: z.preprocess(
    (v) => (v === "" || v == null ? "incubator" : v),
    incubationMethod,
  ),
  temperature: z.preprocess(
    numeric,
    z
      .number({ error: "Temperature must be a number" })
      .min(80, { message: "Temperature must be between 80 and 110 °F" })
      .max(110, { message: "Temperature must be between 80 and 110 °F" })
      .nullish(),
  ),
  humidity: z.preprocess(
    numeric,
    z
      .number({ error: "Humidity must be a number" })
      .int({ message: "Humidity must be a whole number" })
      .min(0, { message: "Humidity must be between 0 and 100%" })
      .max(100, { message: "Humidity must be between 0 and 100%" })
      .nullish(),
  ),
  turnedDaily: z.preprocess(
    (v) => (v === 1 || v === "1" ? true : v === 0 || v === "0" ? false : v == null ? true : v),
    z.boolean({ error: "turnedDaily must be true or false" }),
  ),
  eggsSet: z.preprocess(
    numeric,
    z
      .number({ error: "Eggs set must be a number" })
      .int({ message: "Eggs set must be a whole number" })
      .min(1, { message: "Eggs set must be at least 1" })
      .max(MAX_EGGS_SET, { message: `Eggs set must be at most ${MAX_EGGS_SET}` })
      .nullish(),
  ),
  notes: z.preprocess(
    blankToNull,
    z.string().trim().max(2000, { message: "Notes must be at most 2000 characters" }).nullish(),
  ),
});
export type CreateHatchRecordBody = z.input<typeof createHatchRecordBody>;

/**
 * `PATCH /api/hatch-records/{id}/mark-success`: success true (hatched, actualHatchDate defaults to now)
 * or false (failed). eggsHatched is how many of the eggs set hatched.
 */
export const markHatchBody = z.object({
  success: z.preprocess(
    (v) =>
      v === 1 || v === "1" || v === "true"
        ? true
        : v === 0 || v === "0" || v === "false"
          ? false
          : v,
    z.boolean({ error: "success must be true or false" }),
  ),
  actualHatchDate: z.preprocess(
    blankToNull,
    z
      .union([z.iso.datetime({ offset: true }), isoDate], {
        error: "actualHatchDate must be a date",
      })
      .nullish(),
  ),
  eggsHatched: z.preprocess(
    numeric,
    z
      .number({ error: "Eggs hatched must be a number" })
      .int({ message: "Eggs hatched must be a whole number" })
      .min(0, { message: "Eggs hatched cannot be negative" })
      .max(MAX_EGGS_SET, { message: `Eggs hatched must be at most ${MAX_EGGS_SET}` })
      .nullish(),
  ),
});
export type MarkHatchBody = z.input<typeof markHatchBody>;

/** A hatch record as the API returns it; success is null while incubating. */
export const hatchRecord = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  eggSource: z.string(),
  species: poultrySpecies,
  breed: z.string().nullable(),
  incubationStartDate: isoDate,
  expectedHatchDate: isoDate,
  incubationMethod,
  temperature: z.number().nullable(),
  humidity: z.number().int().nullable(),
  turnedDaily: z.boolean(),
  eggsSet: z.number().int().nullable(),
  eggsHatched: z.number().int().nullable(),
  notes: z.string().nullable(),
  success: z.boolean().nullable(),
  actualHatchDate: z.string().nullable(),
  createdAt: z.string(),
});
export type HatchRecord = z.infer<typeof hatchRecord>;
export const hatchRecordList = z.array(hatchRecord);
