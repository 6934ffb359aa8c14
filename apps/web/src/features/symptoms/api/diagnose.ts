import { useMutation } from "@tanstack/react-query";
import {
  NOT_UNDERSTOOD_HEADER,
  type DiagnoseResponse,
} from "@flockkeeper/shared/schemas/condition";
import type { AgeBand } from "@flockkeeper/shared/domain/age-band";
import type { PoultrySpecies } from "@flockkeeper/shared/schemas/species";
import { apiSend } from "@/lib/api-client";

/** What the Symptom Checker sends. */
export interface DiagnoseInput {
  symptoms: string[];
  species: PoultrySpecies;
  age?: AgeBand;
  ageWeeks?: number;
}

/** Conditions best first, and the keeper's words the server did not understand. */
export interface DiagnoseResult {
  conditions: DiagnoseResponse;
  notUnderstood: string[];
}

/** Reads the server's "not understood" header (URI-encoded JSON list); anything odd reads as none. */
export function readNotUnderstood(value: string | null): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(value));
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** `POST /api/health-conditions/diagnose`: conditions that best explain the symptoms, best first. */
export function useDiagnose() {
  return useMutation({
    mutationFn: async (input: DiagnoseInput): Promise<DiagnoseResult> => {
      let notUnderstood: string[] = [];
      const conditions = await apiSend<DiagnoseResponse>(
        "POST",
        "/api/health-conditions/diagnose",
        input,
        (headers) => {
          notUnderstood = readNotUnderstood(headers.get(NOT_UNDERSTOOD_HEADER));
        },
      );
      return { conditions, notUnderstood };
    },
  });
}
