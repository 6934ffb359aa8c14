import { Pencil, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * Edit and Delete for one row of a log (eggs, feed, weight, coop, hatch, vaccinations). `what`
 * names the record for screen readers ("egg record for Mabel, 3 Nov"). Leave out a handler to hide
 * its button (a helper on a record that is not theirs to change).
 */
export function RecordActions({
  what,
  onEdit,
  onDelete,
}: {
  what: string;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  if (!onEdit && !onDelete) return null;
  return (
    <div className="flex shrink-0 items-center gap-1">
      {onEdit && (
        <Button
          variant="ghost"
          size="icon"
          onClick={onEdit}
          aria-label={`Edit ${what}`}
          title="Edit"
        >
          <Pencil size={16} aria-hidden />
        </Button>
      )}
      {onDelete && (
        <Button
          variant="ghost"
          size="icon"
          onClick={onDelete}
          aria-label={`Delete ${what}`}
          title="Delete"
          className="text-red-800"
        >
          <Trash2 size={16} aria-hidden />
        </Button>
      )}
    </div>
  );
}
