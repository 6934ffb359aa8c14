// The symptom checker's input limits. A leaf module: the condition schema validates with them and
// the web form shows them, without either importing the matching logic in symptom-match.ts (which
// itself imports the condition schema's types).

/** Longest single symptom text accepted by the symptom checker (one comma-separated part). */
export const SYMPTOM_TEXT_MAX = 200;

/** Most symptoms one symptom check may send. */
export const SYMPTOMS_MAX = 30;
