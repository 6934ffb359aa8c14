import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BirdOutcome,
  Chicken,
  ChickenDeletePreview,
} from "@flockkeeper/shared/schemas/chicken";
import type { CreateFlockEventBody, FlockEvent } from "@flockkeeper/shared/schemas/flock";
import { takesLossCause, type LossCause } from "@flockkeeper/shared/domain/loss";
import { apiGet, apiSend } from "@/lib/api-client";
import { chickensQueryKey } from "@/lib/chickens";
import { flocksQueryKey } from "@/lib/flocks";

/** `GET /api/chickens/{id}/delete-preview`: what deleting the bird takes with it. */
export const fetchDeletePreview = (id: string) =>
  apiGet<ChickenDeletePreview>(`/api/chickens/${id}/delete-preview`);

export function useDeletePreview(id: string | null) {
  return useQuery({
    queryKey: [...chickensQueryKey, id, "delete-preview"],
    queryFn: () => fetchDeletePreview(id!),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** The loss a keeper records for a bird: how, when, and the cause or the buyer and price. */
export type BirdLoss = {
  outcome: Exclude<BirdOutcome, "moved_out">;
  date: string;
  cause?: string;
  /** Died or culled: why, from the short list, and the condition of the conditions base. */
  lossCause?: LossCause;
  conditionId?: string;
  buyer?: string;
  price?: number;
};

/** The cause and condition a died or culled loss sends (nothing for another loss). */
const causeFields = (loss: BirdLoss) =>
  takesLossCause(loss.outcome)
    ? {
        ...(loss.lossCause ? { lossCause: loss.lossCause } : {}),
        ...(loss.conditionId ? { conditionId: loss.conditionId } : {}),
      }
    : {};

/** The note a loss leaves on the bird: the buyer for a sale or gift, else the cause. */
export const lossNote = (loss: BirdLoss) =>
  (loss.outcome === "sold" || loss.outcome === "given_away" ? loss.buyer : loss.cause)?.trim() ||
  undefined;

/**
 * Records how a bird left. A bird in a flock leaves through a flock event naming it (so the
 * flock's headcount follows); a bird in no flock through `POST /api/chickens/{id}/outcome`.
 */
export async function recordLoss(bird: Chicken, loss: BirdLoss): Promise<void> {
  if (bird.flockId) {
    const body: CreateFlockEventBody = {
      type: loss.outcome,
      date: loss.date,
      count: 1,
      chickenId: bird.id,
      ...(loss.cause?.trim() ? { cause: loss.cause.trim() } : {}),
      ...(loss.buyer?.trim() ? { buyer: loss.buyer.trim() } : {}),
      ...(loss.price !== undefined ? { price: loss.price } : {}),
      ...causeFields(loss),
    };
    await apiSend<FlockEvent>("POST", `/api/flocks/${bird.flockId}/events`, body);
    return;
  }
  await apiSend<Chicken>("POST", `/api/chickens/${bird.id}/outcome`, {
    outcome: loss.outcome,
    date: loss.date,
    notes: lossNote(loss) ?? null,
    ...causeFields(loss),
  });
}

/**
 * Takes a recorded loss back: the flock event naming the bird is deleted (the headcount returns),
 * or the outcome of a bird in no flock is cleared.
 */
export async function undoLoss(bird: Chicken): Promise<void> {
  if (bird.flockId) {
    const events = await apiGet<FlockEvent[]>(`/api/flocks/${bird.flockId}/events`);
    const event = events
      .filter((e) => e.chickenId === bird.id && e.type === bird.outcome)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    if (event) {
      await apiSend("DELETE", `/api/flocks/${bird.flockId}/events/${event.id}`);
      return;
    }
  }
  await apiSend<Chicken>("POST", `/api/chickens/${bird.id}/outcome`, { outcome: null });
}

function useLifeMutation<V>(fn: (v: V) => Promise<void>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: chickensQueryKey }),
        qc.invalidateQueries({ queryKey: flocksQueryKey }),
      ]);
    },
  });
}

export const useRecordLoss = () =>
  useLifeMutation(({ bird, loss }: { bird: Chicken; loss: BirdLoss }) => recordLoss(bird, loss));
export const useUndoLoss = () => useLifeMutation((bird: Chicken) => undoLoss(bird));
