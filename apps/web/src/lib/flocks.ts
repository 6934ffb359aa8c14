// The farm's flocks are read by several features (the flock list, the bird form's flock select, the
// hatch's "add the chicks"): one fetcher, one key, here below the features, so a new flock or a life
// event refreshes every place that shows a flock or its headcount.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { todayIso } from "@flockkeeper/shared/domain/dates";
import type { Flock } from "@flockkeeper/shared/schemas/flock";
import { apiGet } from "@/lib/api-client";

export const flocksQueryKey = ["flocks"] as const;

const keeperToday = (now = new Date()) => todayIso(now, now.getTimezoneOffset());

/** `GET /api/flocks?today=`: the farm's flocks (not archived) with today's headcount. */
export const fetchFlocks = (today = keeperToday()) => apiGet<Flock[]>(`/api/flocks?today=${today}`);

export const flocksQueryOptions = () =>
  queryOptions({ queryKey: [...flocksQueryKey, "list"], queryFn: () => fetchFlocks() });

/** The farm's flocks; pass `false` to skip the request (signed out, dialog closed). */
export function useFlocks(enabled = true) {
  return useQuery({ ...flocksQueryOptions(), enabled });
}
