import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { VaccinationRecord } from "@flockkeeper/shared/schemas/vaccination";
import { apiSend } from "@/lib/api-client";
import { vaccinationsKey } from "./get-vaccinations";

/** `PATCH /api/vaccinations/:id/done` with the keeper's local date. */
export function useMarkVaccinationDone() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, date }: { id: string; date: string }) =>
      apiSend<VaccinationRecord>("PATCH", `/api/vaccinations/${id}/done`, { date }),
    onSuccess: () => qc.invalidateQueries({ queryKey: vaccinationsKey }),
  });
}
