import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  AccountSettings,
  UpdateAccountSettingsBody,
} from "@flockkeeper/shared/schemas/account";
import { apiSend } from "@/lib/api-client";
import { accountSettingsKey, writeLocalUnits } from "@/lib/units";

/** `PATCH /api/account/settings`; the units are mirrored to this browser too. */
export function useUpdateAccountSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccountSettingsBody) =>
      apiSend<AccountSettings>("PATCH", "/api/account/settings", body),
    onSuccess: (saved) => {
      qc.setQueryData(accountSettingsKey, saved);
      writeLocalUnits({ temperatureUnit: saved.temperatureUnit, weightUnit: saved.weightUnit });
    },
  });
}
