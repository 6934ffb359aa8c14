import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateEggRecordBatchBody,
  CreateEggRecordBody,
  EggAnalyticsResponse,
  EggRecord,
  EggRecordListItem,
  EggStatsResponse,
  UpdateEggRecordBody,
} from "@flockkeeper/shared/schemas/egg-record";
import { todayIso } from "@flockkeeper/shared/domain/dates";
import { apiGet, apiSend } from "@/lib/api-client";

/** Every egg query key starts with this, so one invalidation refreshes lists, stats and charts. */
export const eggRecordsKey = ["egg-records"] as const;

/** The keeper's local calendar date. */
export const localToday = () => {
  const now = new Date();
  return todayIso(now, now.getTimezoneOffset());
};

export type EggRange = { chickenId?: string | null; startDate: string; endDate: string };

const rangeParams = ({ chickenId, startDate, endDate }: EggRange) => {
  const p = new URLSearchParams({ startDate, endDate });
  if (chickenId) p.set("chickenId", chickenId);
  return p.toString();
};

/** `GET /api/egg-records?chickenId&startDate&endDate`. */
export const fetchEggRecords = (range: EggRange) =>
  apiGet<EggRecordListItem[]>(`/api/egg-records?${rangeParams(range)}`);

export const eggRecordsQueryOptions = (range: EggRange) =>
  queryOptions({
    queryKey: [...eggRecordsKey, "list", range.chickenId ?? "all", range.startDate, range.endDate],
    queryFn: () => fetchEggRecords(range),
  });

export function useEggRecords(range: EggRange, enabled = true) {
  return useQuery({ ...eggRecordsQueryOptions(range), enabled });
}

/** `GET /api/egg-records/stats`: today, this week, 30 days and lay rate. */
export const fetchEggStats = (chickenId: string | null, today: string) => {
  const p = new URLSearchParams({ today });
  if (chickenId) p.set("chickenId", chickenId);
  return apiGet<EggStatsResponse>(`/api/egg-records/stats?${p.toString()}`);
};

export function useEggStats(chickenId: string | null, enabled = true) {
  const today = localToday();
  return useQuery({
    queryKey: [...eggRecordsKey, "stats", chickenId ?? "all", today],
    queryFn: () => fetchEggStats(chickenId, today),
    enabled,
  });
}

/** `GET /api/egg-records/analytics`: daily, per-bird, quality and size totals. */
export const fetchEggAnalytics = (range: EggRange) =>
  apiGet<EggAnalyticsResponse>(`/api/egg-records/analytics?${rangeParams(range)}`);

export function useEggAnalytics(range: EggRange, enabled = true) {
  return useQuery({
    queryKey: [
      ...eggRecordsKey,
      "analytics",
      range.chickenId ?? "all",
      range.startDate,
      range.endDate,
    ],
    queryFn: () => fetchEggAnalytics(range),
    enabled,
  });
}

/** `POST /api/egg-records`. */
export const createEggRecord = (body: CreateEggRecordBody) =>
  apiSend<EggRecord>("POST", "/api/egg-records", body);

/** `POST /api/egg-records/batch`: the quick daily form. */
export const createEggRecordBatch = (body: CreateEggRecordBatchBody) =>
  apiSend<EggRecord[]>("POST", "/api/egg-records/batch", body);

export function useCreateEggRecord() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createEggRecord,
    onSuccess: () => qc.invalidateQueries({ queryKey: eggRecordsKey }),
  });
}

export function useCreateEggRecordBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createEggRecordBatch,
    onSuccess: () => qc.invalidateQueries({ queryKey: eggRecordsKey }),
  });
}

/** `PATCH /api/egg-records/{id}`: a correction; totals and charts refetch. */
export function useUpdateEggRecord() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateEggRecordBody }) =>
      apiSend<EggRecord>("PATCH", `/api/egg-records/${id}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: eggRecordsKey }),
  });
}
