import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  ImportVaccinationsBody,
  ImportVaccinationsResponse,
} from "@flockkeeper/shared/schemas/vaccination-import";
import { apiSend } from "@/lib/api-client";
import { vaccinationsKey } from "./get-vaccinations";

/** `POST /api/vaccinations/import`: moves a visitor's local records into the account. */
export function useImportVaccinations() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportVaccinationsBody) =>
      apiSend<ImportVaccinationsResponse>("POST", "/api/vaccinations/import", body),
    onSuccess: (res) => qc.setQueryData(vaccinationsKey, res.records),
  });
}
