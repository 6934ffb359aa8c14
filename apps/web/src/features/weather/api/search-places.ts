import type { PlaceSearchResponse } from "@flockkeeper/shared/schemas/weather";
import { apiGet } from "@/lib/api-client";

/** `GET /api/weather/places`: towns called `name`, best matches first (the server caches them). */
export function searchPlaces(name: string): Promise<PlaceSearchResponse> {
  const params = new URLSearchParams({ name, count: "5" });
  return apiGet<PlaceSearchResponse>(`/api/weather/places?${params.toString()}`);
}
