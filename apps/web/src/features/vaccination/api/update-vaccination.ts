import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  UpdateVaccinationBody,
  VaccinationRecord,
} from "@flockkeeper/shared/schemas/vaccination";
import { apiSend } from "@/lib/api-client";
import { vaccinationsKey } from "./get-vaccinations";

/** `PATCH /api/vaccinations/:id`: a correction; the next due date follows on the server. */
export function useUpdateVaccination() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateVaccinationBody }) =>
      apiSend<VaccinationRecord>("PATCH", `/api/vaccinations/${id}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: vaccinationsKey }),
  });
}
