// The Symptom Checker as a self-contained component for pages outside the symptoms feature (the Flock
// Health Center's Symptom Checker tab), so features never import each other.
export { SymptomChecker, COMMON_SYMPTOMS } from "@/features/symptoms/components/symptom-checker";
