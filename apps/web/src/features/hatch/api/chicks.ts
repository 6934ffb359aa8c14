import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Chicken, CreateChickenBody } from "@flockkeeper/shared/schemas/chicken";
import type {
  CreateFlockBody,
  CreateFlockEventBody,
  Flock,
  FlockEvent,
} from "@flockkeeper/shared/schemas/flock";
import { apiSend } from "@/lib/api-client";
import { chickensQueryKey } from "@/lib/chickens";
import { flocksQueryKey } from "@/lib/flocks";

/** A `hatched` event: the chicks join the flock on the hatch date. */
const postHatched = (flockId: string, date: string, count: number) =>
  apiSend<FlockEvent>("POST", `/api/flocks/${flockId}/events`, {
    type: "hatched",
    date,
    count,
  } satisfies CreateFlockEventBody);

/**
 * The chicks as a new flock (a brooder batch): the flock, started on the hatch date with no
 * headcount, then one `hatched` event. When the event is refused, the empty flock is taken back.
 */
export async function chicksAsNewFlock(
  flock: Pick<CreateFlockBody, "name" | "species" | "purpose" | "location">,
  date: string,
  count: number,
): Promise<Flock> {
  const created = await apiSend<Flock>("POST", "/api/flocks", {
    ...flock,
    startDate: date,
  } satisfies CreateFlockBody);
  try {
    await postHatched(created.id, date, count);
  } catch (err) {
    await apiSend("DELETE", `/api/flocks/${created.id}`).catch(() => undefined);
    throw err;
  }
  return created;
}

/** The chicks into a flock the farm has (of the hatch's species). */
export const chicksIntoFlock = (flockId: string, date: string, count: number) =>
  postHatched(flockId, date, count);

/** One chick as a bird of its own. */
export const chickAsBird = (body: CreateChickenBody) =>
  apiSend<Chicken>("POST", "/api/chickens", body);

export function useChicksMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: flocksQueryKey }),
        qc.invalidateQueries({ queryKey: chickensQueryKey }),
      ]);
    },
  });
}
