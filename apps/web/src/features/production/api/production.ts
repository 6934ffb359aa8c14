import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { todayIso } from "@flockkeeper/shared/domain/dates";
import type {
  DiseaseAlert,
  GeneratePredictionsResponse,
  HealthPrediction,
  ProductionSummary,
  ProductionTrends,
} from "@flockkeeper/shared/schemas/production";
import { apiGet, apiSend } from "@/lib/api-client";

/** Every production query key starts with this, so saving a record refreshes the whole hub. */
export const productionKey = ["production"] as const;

/** The keeper's local calendar date. */
export const localToday = () => {
  const now = new Date();
  return todayIso(now, now.getTimezoneOffset());
};

/** `GET /api/production/summary?period=`. */
export const fetchSummary = (period: number, today: string) =>
  apiGet<ProductionSummary>(`/api/production/summary?period=${period}&today=${today}`);

export function useProductionSummary(period: number) {
  const today = localToday();
  return useQuery({
    queryKey: [...productionKey, "summary", period, today],
    queryFn: () => fetchSummary(period, today),
  });
}

/** `GET /api/production/trends?period=`: daily figures, layers and birds by health. */
export const fetchTrends = (period: number, today: string) =>
  apiGet<ProductionTrends>(`/api/production/trends?period=${period}&today=${today}`);

export function useProductionTrends(period: number) {
  const today = localToday();
  return useQuery({
    queryKey: [...productionKey, "trends", period, today],
    queryFn: () => fetchTrends(period, today),
  });
}

/** `GET /api/disease-alerts/active`. */
export function useDiseaseAlerts() {
  const today = localToday();
  return useQuery({
    queryKey: [...productionKey, "disease-alerts", today],
    queryFn: () => apiGet<DiseaseAlert[]>(`/api/disease-alerts/active?today=${today}`),
  });
}

/** `GET /api/health-predictions/recent`. */
export function useHealthPredictions() {
  return useQuery({
    queryKey: [...productionKey, "health-predictions"],
    queryFn: () => apiGet<HealthPrediction[]>("/api/health-predictions/recent"),
  });
}

/** `POST /api/health-predictions/generate` (no body; the keeper's local date in the query). */
export function useGeneratePredictions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiSend<GeneratePredictionsResponse>(
        "POST",
        `/api/health-predictions/generate?today=${localToday()}`,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...productionKey, "health-predictions"] }),
  });
}

/** Address of the CSV export of one record type for the period. */
export const exportUrl = (type: "feed" | "weight" | "environment" | "eggs", period: number) =>
  `/api/production/export/${type}?period=${period}&today=${localToday()}`;
