import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { todayIso } from "@flockkeeper/shared/domain/dates";
import type {
  CreateEggCollectionBody,
  CreateFlockBody,
  CreateFlockEventBody,
  EggCollection,
  Flock,
  FlockEvent,
  FlockProduction,
  UpdateEggCollectionBody,
  UpdateFlockBody,
  UpdateFlockEventBody,
} from "@flockkeeper/shared/schemas/flock";
import { apiGet, apiSend } from "@/lib/api-client";
import { flocksQueryKey } from "@/lib/flocks";
import { editCheck, sendOrQueue, type Queued } from "@/lib/outbox";

/** The keeper's local calendar date (the server counts headcounts and rates on it). */
export const keeperToday = (now = new Date()) => todayIso(now, now.getTimezoneOffset());

/** Egg collections (the baskets): every key starts with this. */
export const eggCollectionsKey = ["egg-collections"] as const;

/** `GET /api/flocks?archived=true`: every flock, archived ones too. */
export function useAllFlocks(enabled = true) {
  const today = keeperToday();
  return useQuery({
    queryKey: [...flocksQueryKey, "all", today],
    queryFn: () => apiGet<Flock[]>(`/api/flocks?today=${today}&archived=true`),
    enabled,
  });
}

/** `GET /api/flocks/{id}`: one flock with today's headcount. */
export function useFlock(id: string) {
  const today = keeperToday();
  return useQuery({
    queryKey: [...flocksQueryKey, "one", id, today],
    queryFn: () => apiGet<Flock>(`/api/flocks/${id}?today=${today}`),
  });
}

/** `GET /api/flocks/{id}/events`. */
export const flockEventsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...flocksQueryKey, "events", id],
    queryFn: () => apiGet<FlockEvent[]>(`/api/flocks/${id}/events`),
  });
export const useFlockEvents = (id: string) => useQuery(flockEventsQueryOptions(id));

/** `GET /api/flocks/{id}/production?days=&today=`: lay rate over hen-days, eggs and headcount. */
export function useFlockProduction(id: string, days: number) {
  const today = keeperToday();
  return useQuery({
    queryKey: [...flocksQueryKey, "production", id, days, today],
    queryFn: () =>
      apiGet<FlockProduction>(`/api/flocks/${id}/production?days=${days}&today=${today}`),
  });
}

/**
 * Flocks and baskets both change headcounts and rates: refreshes every flock and basket query. A read
 * still on its way (a list opened a moment before the write) is cancelled first, so its older answer
 * cannot land after the write and stay on screen.
 */
export function useInvalidateFlocks() {
  const qc = useQueryClient();
  return async () => {
    await Promise.all([
      qc.cancelQueries({ queryKey: flocksQueryKey }),
      qc.cancelQueries({ queryKey: eggCollectionsKey }),
    ]);
    await Promise.all([
      qc.invalidateQueries({ queryKey: flocksQueryKey }),
      qc.invalidateQueries({ queryKey: eggCollectionsKey }),
    ]);
  };
}

/** `POST /api/flocks`. */
export function useCreateFlock() {
  const invalidate = useInvalidateFlocks();
  return useMutation({
    mutationFn: (body: CreateFlockBody) => apiSend<Flock>("POST", "/api/flocks", body),
    onSuccess: invalidate,
  });
}

/** `PATCH /api/flocks/{id}` (archive, rename...). */
export function useUpdateFlock() {
  const invalidate = useInvalidateFlocks();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateFlockBody }) =>
      apiSend<Flock>("PATCH", `/api/flocks/${id}`, body),
    onSuccess: invalidate,
  });
}

/** What the pending list says of a flock event kept offline. */
const eventLabel = (flockName: string, body: { type?: unknown; count?: unknown; date?: unknown }) =>
  `${flockName}: ${typeof body.type === "string" ? body.type.replace(/_/g, " ") : "event"}${body.count ? `, ${String(body.count)}` : ""}${body.date ? ` on ${String(body.date)}` : ""}`;

/** `POST /api/flocks/{id}/events`; offline, kept in the outbox and sent later (lib/outbox.ts). */
export function useCreateFlockEvent(flockId: string, flockName = "Flock") {
  const invalidate = useInvalidateFlocks();
  return useMutation({
    mutationFn: (body: CreateFlockEventBody) =>
      sendOrQueue<FlockEvent>(
        "POST",
        `/api/flocks/${flockId}/events`,
        body,
        eventLabel(flockName, body),
      ),
    onSuccess: invalidate,
  });
}

/** `PATCH /api/flocks/{id}/events/{eventId}`; offline, kept in the outbox. */
export function useUpdateFlockEvent(flockId: string, flockName = "Flock") {
  const invalidate = useInvalidateFlocks();
  return useMutation({
    mutationFn: ({
      id,
      body,
      event,
    }: {
      id: string;
      body: UpdateFlockEventBody;
      /** The event as it was edited from (a change made meanwhile by someone else shows). */
      event?: FlockEvent;
    }) =>
      sendOrQueue<FlockEvent>(
        "PATCH",
        `/api/flocks/${flockId}/events/${id}`,
        body,
        `${eventLabel(flockName, body)} (change)`,
        event && editCheck(`/api/flocks/${flockId}/events`, event, body),
      ),
    onSuccess: invalidate,
  });
}

/** `GET /api/egg-collections?from=&to=`: the baskets of a day (or range). */
export function useEggCollections(from: string, to: string, enabled = true) {
  return useQuery({
    queryKey: [...eggCollectionsKey, from, to],
    queryFn: () => apiGet<EggCollection[]>(`/api/egg-collections?from=${from}&to=${to}`),
    enabled,
  });
}

/** What the pending list says of a basket kept offline. */
const basketLabel = (flockName: string, body: { date?: unknown; eggs?: unknown }) =>
  `${flockName}: basket of ${String(body.eggs)} ${Number(body.eggs) === 1 ? "egg" : "eggs"} on ${String(body.date)}`;

/** `POST /api/egg-collections`; offline, kept in the outbox and sent later (lib/outbox.ts). */
export const createEggCollection = (body: CreateEggCollectionBody, flockName = "Flock") =>
  sendOrQueue<EggCollection>("POST", "/api/egg-collections", body, basketLabel(flockName, body));

/**
 * `PATCH /api/egg-collections/{id}`; offline, kept in the outbox with the basket it was edited
 * from (`existing`), so a change made meanwhile by someone else shows.
 */
export const updateEggCollection = (
  id: string,
  body: UpdateEggCollectionBody,
  label = "Basket (change)",
  existing?: EggCollection,
) =>
  sendOrQueue<EggCollection>(
    "PATCH",
    `/api/egg-collections/${id}`,
    body,
    label,
    existing &&
      editCheck(`/api/egg-collections?from=${existing.date}&to=${existing.date}`, existing, body),
  );

/**
 * Saves a day's baskets at once: new ones with POST, today's existing ones with PATCH. Offline,
 * each is kept in the outbox (its result is then `Queued`).
 */
export function useSaveBaskets() {
  const invalidate = useInvalidateFlocks();
  return useMutation({
    mutationFn: (
      items: { existing?: EggCollection; flockName?: string; body: CreateEggCollectionBody }[],
    ): Promise<(EggCollection | Queued)[]> =>
      Promise.all(
        items.map(({ existing, flockName, body }) =>
          existing
            ? updateEggCollection(
                existing.id,
                { eggs: body.eggs, cracked: body.cracked ?? null, dirty: body.dirty ?? null },
                `${basketLabel(flockName ?? "Flock", body)} (change)`,
                existing,
              )
            : createEggCollection(body, flockName),
        ),
      ),
    onSettled: invalidate,
  });
}
