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
import { apiGet, apiSend } from "@/lib/api-client";
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

function useCreate<B>(url: (body: B) => string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => apiSend("POST", url(body), body),
    onSuccess: () => qc.invalidateQueries({ queryKey: productionKey }),
  });
}

/** `POST /api/feed-records`, or `/api/feed-records/flock` for the whole flock (split per bird). */
export const useCreateFeedRecord = () =>
  useCreate<CreateFeedRecordBody | CreateFlockFeedRecordBody>((b) =>
    "chickenId" in b ? "/api/feed-records" : "/api/feed-records/flock",
  );

/** `POST /api/weight-records`. */
export const useCreateWeightRecord = () =>
  useCreate<CreateWeightRecordBody>(() => "/api/weight-records");

/** `POST /api/environmental-records`. */
export const useCreateEnvironmentalRecord = () =>
  useCreate<CreateEnvironmentalRecordBody>(() => "/api/environmental-records");

function useUpdate<B>(list: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: B }) =>
      apiSend("PATCH", `/api/${list}/${id}`, body),
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
