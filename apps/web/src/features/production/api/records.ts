import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateEnvironmentalRecordBody,
  CreateFeedRecordBody,
  CreateFlockFeedRecordBody,
  CreateWeightRecordBody,
  EnvironmentalRecord,
  FeedRecord,
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
