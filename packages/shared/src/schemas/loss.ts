import { z } from "zod";
import { LOSS_CAUSES } from "../domain/loss";
import { poultrySpecies } from "./species";

export {
  LOSS_CAUSES,
  LOSS_CAUSE_LABELS,
  LOSS_CAUSE_TYPES,
  takesLossCause,
  type LossCause,
} from "../domain/loss";

/** Why a bird died or was culled (died and culled events, and a bird's died or culled outcome). */
export const lossCause = z.enum(LOSS_CAUSES, {
  error:
    "Loss cause must be predator, disease, injury, egg_bound, old_age, heat_cold, unknown or other",
});

/** A condition id of the conditions base (checked against the base by the server). */
export const conditionIdField = z
  .string({ error: "Condition must be a condition id" })
  .trim()
  .max(100, { message: "Condition must be at most 100 characters" })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: "Condition must be a condition id" });

/** One condition of the conditions base, as `GET /api/health-conditions` lists it (for pickers). */
export const conditionSummary = z.object({
  id: z.string(),
  name: z.string(),
  species: z.array(poultrySpecies),
  /** Notifiable: a suspected case must be reported (the app shows the reporting advice). */
  reportable: z.boolean(),
});
export type ConditionSummary = z.infer<typeof conditionSummary>;
export const conditionSummaryList = z.array(conditionSummary);
