import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  SaveWeatherPlaceBody,
  WeatherPlace,
  WeatherPlaceResponse,
} from "@flockkeeper/shared/schemas/weather";
import { apiGet, apiSend } from "@/lib/api-client";
import { accountSettingsKey } from "@/lib/units";

const placeKey = ["weather", "place"] as const;

export const savedPlaceQueryOptions = () =>
  queryOptions({
    queryKey: placeKey,
    queryFn: () => apiGet<WeatherPlaceResponse>("/api/weather/place"),
    // The account page can change the place too: always check again when the page opens.
    staleTime: 0,
  });

/** The signed-in keeper's saved place (`GET /api/weather/place`). */
export function useSavedPlace(enabled: boolean) {
  return useQuery({ ...savedPlaceQueryOptions(), enabled });
}

/** Saves the keeper's place on the server. */
export function useSavePlace() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveWeatherPlaceBody) =>
      apiSend<WeatherPlace>("PUT", "/api/weather/place", body),
    onSuccess: (place) => {
      qc.setQueryData<WeatherPlaceResponse>(placeKey, { place });
      void qc.invalidateQueries({ queryKey: accountSettingsKey });
    },
  });
}

/** Forgets the keeper's saved place. */
export function useDeletePlace() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend("DELETE", "/api/weather/place"),
    onSuccess: () => {
      qc.setQueryData<WeatherPlaceResponse>(placeKey, { place: null });
      void qc.invalidateQueries({ queryKey: accountSettingsKey });
    },
  });
}
