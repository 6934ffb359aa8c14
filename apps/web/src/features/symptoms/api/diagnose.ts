import { useMutation } from "@tanstack/react-query";
import type { DiagnoseResponse } from "@flockkeeper/shared/schemas/condition";
import { apiSend } from "@/lib/api-client";

/** `POST /api/health-conditions/diagnose`: conditions that best explain the symptoms, best first. */
export function useDiagnose() {
  return useMutation({
    mutationFn: (symptoms: string[]) =>
      apiSend<DiagnoseResponse>("POST", "/api/health-conditions/diagnose", { symptoms }),
  });
}
