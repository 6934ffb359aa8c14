import type { Chicken, ChickenDeletePreview } from "@flockkeeper/shared/schemas/chicken";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { errorMessage } from "@/lib/api-client";
import { useDeletePreview } from "../api/bird-life";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "41 egg records, 3 weight records and 1 health check", or null when nothing goes with it. */
export function recordsThatGo(p: ChickenDeletePreview): string | null {
  const parts = [
    p.eggRecords && plural(p.eggRecords, "egg record"),
    p.weightRecords && plural(p.weightRecords, "weight record"),
    p.feedRecords && plural(p.feedRecords, "feed record"),
    p.healthPredictions && plural(p.healthPredictions, "health check"),
  ].filter((x): x is string => Boolean(x));
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/**
 * Removing a bird is for mistakes: the dialog says what goes with it (from the server's
 * delete-preview) and points a bird that died or left to Record loss / sale instead.
 */
export function RemoveBirdDialog({
  bird,
  pending,
  onCancel,
  onConfirm,
  onRecordLoss,
}: {
  bird: Chicken | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** Offered when the bird has no outcome yet. */
  onRecordLoss?: (bird: Chicken) => void;
}) {
  const preview = useDeletePreview(bird?.id ?? null);
  const goes = preview.data ? recordsThatGo(preview.data) : null;
  const offspring = preview.data?.offspring ?? 0;
  return (
    <Dialog
      open={bird !== null}
      onOpenChange={(o) => !o && onCancel()}
      title="Remove bird"
      description="Are you sure you want to remove this chicken?"
    >
      <div className="space-y-3 text-stone-800" data-testid="remove-bird-summary">
        {preview.isLoading ? (
          <p>Checking what goes with {bird?.name}...</p>
        ) : preview.error ? (
          <Alert tone="danger">
            Could not check what goes with {bird?.name}: {errorMessage(preview.error)}
          </Alert>
        ) : (
          <>
            <p>
              {bird?.name} will be deleted.{" "}
              {goes ? `This also deletes ${goes}.` : "No records go with it."}
            </p>
            {offspring > 0 && (
              <p>
                {offspring === 1 ? "1 bird names it" : `${offspring} birds name it`} as a parent;{" "}
                {offspring === 1 ? "it keeps its" : "they keep their"} records.
              </p>
            )}
          </>
        )}
        <p className="font-semibold">
          This cannot be undone. Removing is for a bird added by mistake.
        </p>
        {bird && !bird.outcome && onRecordLoss && (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
            Did {bird.name} die, or was it sold or given away? Record that instead: the bird and its
            history stay.{" "}
            <Button
              size="sm"
              variant="secondary"
              className="mt-2"
              onClick={() => onRecordLoss(bird)}
            >
              Record loss / sale
            </Button>
          </p>
        )}
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={pending || preview.isLoading}>
          {pending ? "Removing..." : "Remove"}
        </Button>
      </div>
    </Dialog>
  );
}
