import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateEnvironmentalRecordBody,
  CreateFeedRecordBody,
  CreateFlockFeedRecordBody,
  CreateWeightRecordBody,
  EnvironmentalRecord,
  FeedRecord,
  UpdateEnvironmentalRecordBody,
  UpdateFeedRecordBody,
  UpdateWeightRecordBody,
  WeightRecord,
} from "@flockkeeper/shared/schemas/production";
import { apiGet } from "@/lib/api-client";
import { editCheck, sendOrQueue } from "@/lib/outbox";
import { localToday, productionKey } from "./production";

/** `GET /api/feed-records/recent?days=`. */
export function useRecentFeed(days: number) {
  const today = localToday();
  return useQuery({
    queryKey: [...productionKey, "feed-records", days, today],
    queryFn: () => apiGet<FeedRecord[]>(`/api/feed-records/recent?days=${days}&today=${today}`),
  });
}

/** `GET /api/weight-records/recent?days=`. */
export function useRecentWeights(days: number) {
  const today = localToday();
  return useQuery({
    queryKey: [...productionKey, "weight-records", days, today],
    queryFn: () => apiGet<WeightRecord[]>(`/api/weight-records/recent?days=${days}&today=${today}`),
  });
}

/** `GET /api/environmental-records/recent?days=`. */
export function useRecentEnvironment(days: number) {
  const today = localToday();
  return useQuery({
    queryKey: [...productionKey, "environmental-records", days, today],
    queryFn: () =>
      apiGet<EnvironmentalRecord[]>(
        `/api/environmental-records/recent?days=${days}&today=${today}`,
      ),
  });
}

/** What the pending list calls each kind of record. */
const KIND = {
  "feed-records": "Feed record",
  "weight-records": "Weight record",
  "environmental-records": "Coop reading",
} as const;
type List = keyof typeof KIND;
const onDate = (body: unknown) => {
  const date = (body as { date?: unknown }).date;
  return typeof date === "string" ? ` on ${date}` : "";
};

/** Offline, a new record is kept in the outbox and sent later (lib/outbox.ts). */
function useCreate<B>(list: List, url: (body: B) => string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => sendOrQueue("POST", url(body), body, `${KIND[list]}${onDate(body)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: productionKey }),
  });
}

/** `POST /api/feed-records`, or `/api/feed-records/flock` for the whole flock (split per bird). */
export const useCreateFeedRecord = () =>
  useCreate<CreateFeedRecordBody | CreateFlockFeedRecordBody>("feed-records", (b) =>
    "chickenId" in b ? "/api/feed-records" : "/api/feed-records/flock",
  );

/** `POST /api/weight-records`. */
export const useCreateWeightRecord = () =>
  useCreate<CreateWeightRecordBody>("weight-records", () => "/api/weight-records");

/** `POST /api/environmental-records`. */
export const useCreateEnvironmentalRecord = () =>
  useCreate<CreateEnvironmentalRecordBody>(
    "environmental-records",
    () => "/api/environmental-records",
  );

/**
 * Offline, a correction is kept in the outbox with the values it was made from (`record`): the
 * outbox finds the record again in the last year's list and shows a change made meanwhile.
 */
function useUpdate<B extends object>(list: List) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, record }: { id: string; body: B; record?: { id: string } }) =>
      sendOrQueue(
        "PATCH",
        `/api/${list}/${id}`,
        body,
        `${KIND[list]}${onDate(record ?? body)} (change)`,
        record && editCheck(`/api/${list}/recent?days=366&today=${localToday()}`, record, body),
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: productionKey }),
  });
}

/** `PATCH /api/feed-records/{id}`: a correction; the hub's figures refetch. */
export const useUpdateFeedRecord = () => useUpdate<UpdateFeedRecordBody>("feed-records");

/** `PATCH /api/weight-records/{id}`. */
export const useUpdateWeightRecord = () => useUpdate<UpdateWeightRecordBody>("weight-records");

/** `PATCH /api/environmental-records/{id}`. */
export const useUpdateEnvironmentalRecord = () =>
  useUpdate<UpdateEnvironmentalRecordBody>("environmental-records");
