import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "@/lib/api-client";
import { vaccinationsKey } from "./get-vaccinations";

/** `DELETE /api/vaccinations/:id`. */
export function useDeleteVaccination() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend("DELETE", `/api/vaccinations/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: vaccinationsKey }),
  });
}
