import type { ConditionSummary } from "@flockkeeper/shared/schemas/loss";
import { invalidField } from "../lib/errors";
import { getKnowledge } from "./index";

/** A condition named by a record (a loss, a treatment) must be one of the conditions base: else 400. */
export function checkConditionId(id: string | null | undefined, field = "conditionId") {
  if (id && !getKnowledge().conditionById.has(id)) {
    throw invalidField(field, "Unknown condition: choose one from the conditions base");
  }
}

let summaries: ConditionSummary[] | undefined;

/** Every condition of the base, A to Z, with what a picker and the loss advice need. */
export function conditionSummaries(): ConditionSummary[] {
  summaries ??= getKnowledge()
    .conditions.map((c) => ({
      id: c.id,
      name: c.name,
      species: [...c.species],
      reportable: c.reportable,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  return summaries;
}
