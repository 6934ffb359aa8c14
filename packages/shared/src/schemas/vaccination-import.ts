import { z } from "zod";
import { createVaccinationBody, vaccinationList } from "./vaccination";

/** Most records one import may carry (a browser's local list is far smaller). */
export const MAX_IMPORTED_VACCINATIONS = 500;

/**
 * One record kept in a signed-out visitor's local storage, as sent at sign-in. `id` is the local
 * id, so sending the same record twice imports it once.
 */
export const localVaccinationRecord = createVaccinationBody.extend({
  id: z.string().trim().min(1).max(100),
});
export type LocalVaccinationRecord = z.infer<typeof localVaccinationRecord>;

/** `POST /api/vaccinations/import` body. */
export const importVaccinationsBody = z
  .object({
    records: z.array(localVaccinationRecord).max(MAX_IMPORTED_VACCINATIONS, {
      message: `At most ${MAX_IMPORTED_VACCINATIONS} records can be imported at once`,
    }),
  })
  .strict();
export type ImportVaccinationsBody = z.infer<typeof importVaccinationsBody>;

/** `POST /api/vaccinations/import` answer: how many were new, and the keeper's whole list. */
export const importVaccinationsResponse = z.object({
  imported: z.number().int(),
  records: vaccinationList,
});
export type ImportVaccinationsResponse = z.infer<typeof importVaccinationsResponse>;
