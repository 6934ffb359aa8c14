import { z } from "zod";
import { VACCINATION_STATUSES, VACCINES } from "../domain/vaccination";
import { isoDate, notFutureDate, optionalText, trimmedString } from "./common";
import { recordAuthorship } from "./farm";

/** One of the six vaccines offered by the tracker. */
export const vaccineName = z.enum(VACCINES, { error: "Please choose a vaccine" });

/** Computed status of a vaccination record. */
export const vaccinationStatusSchema = z.enum(VACCINATION_STATUSES);

/**
 * Body of POST to create a vaccination record. The server computes nextDue and status; `date` may
 * not be in the future (checked against the server clock with one day of time-zone slack).
 */
export const createVaccinationBody = z.object({
  vaccine: vaccineName,
  birdId: z.uuid({ message: "Invalid bird id" }).nullish(),
  birdName: trimmedString(100, "Bird name is required"),
  date: notFutureDate(),
  notes: optionalText(2000),
});
/** Parsed create-vaccination body. */
export type CreateVaccinationBody = z.infer<typeof createVaccinationBody>;

/**
 * `PATCH /api/vaccinations/{id}`: the create fields, each optional (same messages). A field left
 * out stays as it is; a null bird id unlinks the bird (its name stays), null or blank notes clear
 * them. The next due date follows the vaccine and date.
 */
export const updateVaccinationBody = z.object({
  vaccine: vaccineName.optional(),
  birdId: createVaccinationBody.shape.birdId,
  birdName: createVaccinationBody.shape.birdName.optional(),
  date: notFutureDate().optional(),
  notes: z
    .string()
    .trim()
    .max(2000, { message: "Must be at most 2000 characters" })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value ? value : null)),
});
/** Parsed update-vaccination body. */
export type UpdateVaccinationBody = z.infer<typeof updateVaccinationBody>;

/** A stored vaccination record as returned by the API. */
export const vaccinationRecord = z.object({
  id: z.uuid(),
  ...recordAuthorship,
  vaccine: vaccineName,
  birdId: z.uuid().nullable(),
  birdName: z.string(),
  date: isoDate,
  nextDue: isoDate,
  status: vaccinationStatusSchema,
  notes: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
/** A vaccination record. */
export type VaccinationRecord = z.infer<typeof vaccinationRecord>;

/** List of vaccination records. */
export const vaccinationList = z.array(vaccinationRecord);

/** Body for marking a record done; `date` defaults to today on the server. */
export const markVaccinationDoneBody = z.object({
  date: notFutureDate().optional(),
});
/** Parsed mark-done body. */
export type MarkVaccinationDoneBody = z.infer<typeof markVaccinationDoneBody>;
