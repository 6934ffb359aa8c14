import type { DiagnoseBody } from "@flockkeeper/shared/schemas/condition";
import { ageBandOf, type AgeBand } from "@flockkeeper/shared/domain/age-band";
import { diagnoseDetailed, type DiagnosisResult } from "@flockkeeper/shared/domain/symptom-match";
import { getKnowledge } from "../../knowledge/index";

/** The life stage asked for: the band itself, or worked out from days or weeks for the species. */
export function ageBandFor(body: Pick<DiagnoseBody, "species" | "age" | "ageDays" | "ageWeeks">) {
  if (body.age) return body.age;
  const days = body.ageDays ?? (body.ageWeeks !== undefined ? body.ageWeeks * 7 : undefined);
  return days === undefined ? undefined : ageBandOf(body.species, days);
}

/**
 * Conditions of the asked species that best explain the keeper's symptoms, best first (empty
 * when none matches), with the words that were not understood.
 */
export function diagnoseSymptoms(body: DiagnoseBody): DiagnosisResult {
  const { symptoms: vocabulary, conditions } = getKnowledge();
  const age: AgeBand | undefined = ageBandFor(body);
  return diagnoseDetailed(body.symptoms, vocabulary, conditions, {
    species: body.species,
    ...(age ? { age } : {}),
  });
}
