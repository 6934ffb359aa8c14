import { LRUCache } from "lru-cache";
import { z } from "zod";
import {
  PLACE_SEARCH_UNAVAILABLE_MESSAGE,
  type FoundPlace,
  type PlaceSearchQuery,
} from "@flockkeeper/shared/schemas/weather";
import { AppError } from "../../lib/errors";

/** A town's coordinates do not move: one answer per name serves for a day. */
export const PLACE_SEARCH_CACHE_MS = 24 * 60 * 60 * 1000;
/** Distinct searches kept per instance (each a handful of short records). */
const PLACE_SEARCH_CACHE_MAX = 2000;
/** The provider gets this long to answer; the keeper is waiting with the form open. */
export const PLACE_SEARCH_TIMEOUT_MS = 5000;

/** The part of Open-Meteo's geocoding answer we read (`results` is absent when nothing matches). */
const geocodingAnswer = z.object({
  results: z
    .array(
      z.object({
        name: z.string(),
        latitude: z.number(),
        longitude: z.number(),
        admin1: z.string().optional(),
        country: z.string().optional(),
        country_code: z.string().optional(),
      }),
    )
    .optional(),
});

/** Provider failure: 503 when it cannot be reached in time, 502 when it answers badly. */
export class PlaceSearchUnavailableError extends AppError {
  constructor(statusCode: 502 | 503, code: string) {
    super(statusCode, code, PLACE_SEARCH_UNAVAILABLE_MESSAGE);
  }
}

/** Asks Open-Meteo's geocoding API for towns called `name`, best matches first. */
export async function fetchPlaces(
  baseUrl: string,
  name: string,
  count: number,
  timeoutMs = PLACE_SEARCH_TIMEOUT_MS,
): Promise<FoundPlace[]> {
  const params = new URLSearchParams({
    name,
    count: String(count),
    language: "en",
    format: "json",
  });
  let res: Response;
  try {
    res = await fetch(`${baseUrl}/v1/search?${params.toString()}`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: "application/json" },
    });
  } catch {
    // Timeout, refused connection or DNS failure.
    throw new PlaceSearchUnavailableError(503, "PLACE_SEARCH_UNAVAILABLE");
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new PlaceSearchUnavailableError(502, "PLACE_SEARCH_PROVIDER_ERROR");
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new PlaceSearchUnavailableError(502, "PLACE_SEARCH_PROVIDER_ERROR");
  }
  const parsed = geocodingAnswer.safeParse(body);
  if (!parsed.success) throw new PlaceSearchUnavailableError(502, "PLACE_SEARCH_PROVIDER_ERROR");
  return (parsed.data.results ?? [])
    .filter((p) => Math.abs(p.latitude) <= 90 && Math.abs(p.longitude) <= 180)
    .slice(0, count)
    .map((p) => ({
      name: p.name,
      region: p.admin1 ?? null,
      country: p.country ?? null,
      countryCode: p.country_code ?? null,
      latitude: p.latitude,
      longitude: p.longitude,
    }));
}

/** Cache key: the same town typed in another case or with extra spaces is the same search. */
export function placeSearchKey(query: PlaceSearchQuery): string {
  return `${query.count}:${query.name.replace(/\s+/g, " ").toLocaleLowerCase("en")}`;
}

/**
 * Town search with a per-instance cache. lru-cache's fetch lets concurrent searches for one name
 * share a single provider call and never keeps a failure. Instances need not agree: a town's
 * coordinates do not change, so each instance asking once a day is all the sharing costs.
 */
export function createPlaceSearch(baseUrl: string) {
  const cache = new LRUCache<string, FoundPlace[], PlaceSearchQuery>({
    max: PLACE_SEARCH_CACHE_MAX,
    ttl: PLACE_SEARCH_CACHE_MS,
    fetchMethod: (_key, _stale, { context }) =>
      fetchPlaces(baseUrl, context.name.replace(/\s+/g, " "), context.count),
  });
  return {
    async search(query: PlaceSearchQuery): Promise<FoundPlace[]> {
      return (await cache.fetch(placeSearchKey(query), { context: query })) ?? [];
    },
  };
}
