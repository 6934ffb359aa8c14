import { useQuery } from "@tanstack/react-query";
import { accountSettingsKey, fetchAccountSettings } from "@/lib/units";

/** `GET /api/account/settings`. */
export function useAccountSettings() {
  return useQuery({ queryKey: accountSettingsKey, queryFn: fetchAccountSettings });
}
