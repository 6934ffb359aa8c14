import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportAccountResponse } from "@flockkeeper/shared/schemas/account";
import { apiSend } from "@/lib/api-client";

/** `POST /api/account/import` with a parsed export file; every cached list is refreshed after. */
export function useImportAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: unknown) =>
      apiSend<ImportAccountResponse>("POST", "/api/account/import", file),
    onSuccess: () => qc.invalidateQueries(),
  });
}
