import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  CreateVaccinationBody,
  VaccinationRecord,
} from "@flockkeeper/shared/schemas/vaccination";
import { apiSend } from "@/lib/api-client";
import { vaccinationsKey } from "./get-vaccinations";

/** `POST /api/vaccinations`. */
export function useCreateVaccination() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateVaccinationBody) =>
      apiSend<VaccinationRecord>("POST", "/api/vaccinations", body),
    onSuccess: () => qc.invalidateQueries({ queryKey: vaccinationsKey }),
  });
}
