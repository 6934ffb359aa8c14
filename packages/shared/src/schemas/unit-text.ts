import { z } from "zod";
import { QUANTITY_UNITS } from "../domain/units";

/*
 * A message with quantities, as the API sends it (see domain/units.ts): the text with `{name}`
 * placeholders and each quantity as a number in its stored unit. The web app formats the numbers
 * in the keeper's units and locale.
 */

/** A number in a stored unit; `to` makes a range, `difference` a temperature step. */
export const quantitySchema = z.object({
  value: z.number(),
  unit: z.enum(QUANTITY_UNITS),
  to: z.number().optional(),
  difference: z.boolean().optional(),
});

/** A message template and its quantities. */
export const unitTextSchema = z.object({
  text: z.string(),
  params: z.record(z.string(), quantitySchema),
});
