import type { HealthCondition } from "@flockkeeper/shared/schemas/condition";
import { diagnose } from "@flockkeeper/shared/domain/symptom-match";
import { getKnowledge } from "../../knowledge/index";

/** Conditions that best explain the keeper's symptoms, best first (empty when none matches). */
export function diagnoseSymptoms(symptoms: readonly string[]): HealthCondition[] {
  const { symptoms: vocabulary, conditions } = getKnowledge();
  return diagnose(symptoms, vocabulary, conditions);
}
