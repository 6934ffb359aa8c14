// The disclaimer's browser-stored flags, kept apart from the modal so pages can read them cheaply.

/**
 * Browser-stored flags of spec.md section 3, exactly:
 * - `disclaimer-accepted` ("true" or "false") and `disclaimer-timestamp` (ISO): written only when
 *   "Remember my choice for future visits" is ticked, on accept ("true") or decline ("false").
 * - the analyzer flag: "true" as soon as the AI variant is accepted (remembered or not).
 */
export const DISCLAIMER_ACCEPTED_KEY = "disclaimer-accepted";
export const DISCLAIMER_TIMESTAMP_KEY = "disclaimer-timestamp";
export const ANALYZER_DISCLAIMER_KEY = "analyzer-disclaimer-accepted";

export type DisclaimerVariant = "general" | "ai";

export const DISCLAIMER_TITLES: Record<DisclaimerVariant, string> = {
  general: "Legal Disclaimer & Terms of Use",
  ai: "AI Health Analysis Disclaimer",
};

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The remembered choice, if any: true (accepted), false (declined) or null (never remembered). */
export function rememberedDisclaimerChoice(): { accepted: boolean; at: string | null } | null {
  const s = storage();
  const value = s?.getItem(DISCLAIMER_ACCEPTED_KEY);
  if (value !== "true" && value !== "false") return null;
  return { accepted: value === "true", at: s?.getItem(DISCLAIMER_TIMESTAMP_KEY) ?? null };
}

/** True once the AI disclaimer has been accepted in this browser (the analyzer gate, spec section 4). */
export function isAnalyzerDisclaimerAccepted(): boolean {
  return storage()?.getItem(ANALYZER_DISCLAIMER_KEY) === "true";
}

/** Writes the flags for a choice, as spec.md sections 3 and 4 describe. */
export function storeDisclaimerChoice(
  variant: DisclaimerVariant,
  accepted: boolean,
  remember: boolean,
): void {
  const s = storage();
  if (!s) return;
  if (remember) {
    s.setItem(DISCLAIMER_ACCEPTED_KEY, accepted ? "true" : "false");
    s.setItem(DISCLAIMER_TIMESTAMP_KEY, new Date().toISOString());
  }
  if (variant === "ai" && accepted) s.setItem(ANALYZER_DISCLAIMER_KEY, "true");
}
