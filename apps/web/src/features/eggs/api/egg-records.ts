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
import { apiGet } from "@/lib/api-client";
import { editCheck, sendOrQueue } from "@/lib/outbox";

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

const eggs = (n: unknown) => `${String(n)} ${Number(n) === 1 ? "egg" : "eggs"}`;

/** `POST /api/egg-records`; offline, kept in the outbox and sent later (lib/outbox.ts). */
export const createEggRecord = (body: CreateEggRecordBody) =>
  sendOrQueue<EggRecord>(
    "POST",
    "/api/egg-records",
    body,
    `Egg record: ${eggs(body.eggsLaid)} on ${String(body.date)}`,
  );

/** `POST /api/egg-records/batch`: the quick daily form; offline, kept in the outbox. */
export const createEggRecordBatch = (body: CreateEggRecordBatchBody) =>
  sendOrQueue<EggRecord[]>(
    "POST",
    "/api/egg-records/batch",
    body,
    `Egg records: ${body.records.length} ${body.records.length === 1 ? "bird" : "birds"} on ${String(body.date)}`,
  );

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

/**
 * `PATCH /api/egg-records/{id}`: a correction; totals and charts refetch. Offline, kept in the
 * outbox with the values it was made from (`record`), so a change by someone else meanwhile shows.
 */
export function useUpdateEggRecord() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
      record,
    }: {
      id: string;
      body: UpdateEggRecordBody;
      record?: EggRecordListItem;
    }) =>
      sendOrQueue<EggRecord>(
        "PATCH",
        `/api/egg-records/${id}`,
        body,
        `Egg record on ${record?.date ?? String(body.date ?? "")} (change)`,
        record &&
          editCheck(
            `/api/egg-records?startDate=${record.date}&endDate=${record.date}`,
            record,
            body,
          ),
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: eggRecordsKey }),
  });
}
