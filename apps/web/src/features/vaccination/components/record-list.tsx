import { showNextDue } from "@flockkeeper/shared/domain/vaccination";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Card, CardTitle } from "@/components/ui/card";
import { RecordActions } from "@/components/record-actions";
import type { TrackerRecord } from "../hooks/use-vaccination-records";
import { formatDate } from "./format-date";
import { StatusBadge } from "./status-badge";

/** Every record, latest first; next due shown only when it differs from the date. */
export function RecordList({
  records,
  busyId,
  onMarkDone,
  onDelete,
  onEdit,
  onAdd,
  canDelete = () => true,
  loggedBy = () => null,
}: {
  records: TrackerRecord[];
  busyId: string | null;
  onMarkDone: (record: TrackerRecord) => void;
  onDelete: (record: TrackerRecord) => void;
  /** Opens the form prefilled to correct the record (omitted: no Edit). */
  onEdit?: (record: TrackerRecord) => void;
  /** Opens the add form: the empty list's first action. */
  onAdd?: () => void;
  /** Whether the keeper may change or delete this record (a helper: only the ones they logged, for 24 h). */
  canDelete?: (record: TrackerRecord) => boolean;
  /** "logged by Sam" for a record another member logged, else null. */
  loggedBy?: (record: TrackerRecord) => string | null;
}) {
  return (
    <Card>
      <CardTitle>Vaccination records</CardTitle>
      {records.length === 0 ? (
        <EmptyState
          title="No vaccinations recorded yet"
          species="turkey"
          className="mt-2"
          action={
            onAdd ? (
              <Button onClick={onAdd} data-track="Vaccination Add First Record">
                Log the first vaccination
              </Button>
            ) : undefined
          }
        >
          Log each vaccine with the bird and the date: the tracker keeps the history and reminds you
          when the next dose is due.
        </EmptyState>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200" data-testid="vaccination-records">
          {records.map((r) => {
            const by = loggedBy(r);
            return (
              <li key={r.id} className="flex flex-wrap items-start gap-2 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-stone-900">{r.vaccine}</p>
                  <p className="text-sm [overflow-wrap:anywhere] text-stone-700">
                    Bird: {r.birdName}
                  </p>
                  <p className="text-sm text-stone-700">Date: {formatDate(r.date)}</p>
                  {showNextDue(r.date, r.nextDue) && (
                    <p className="text-sm text-stone-700">Next due: {formatDate(r.nextDue)}</p>
                  )}
                  {by && <p className="text-sm text-stone-700">{by}</p>}
                  {r.notes && (
                    <p className="mt-1 text-sm [overflow-wrap:anywhere] text-stone-600">
                      {r.notes}
                    </p>
                  )}
                </div>
                <div className="flex items-center gap-2">
                  <StatusBadge status={r.status} />
                  {r.status !== "completed" && (
                    <Button
                      size="sm"
                      variant="success"
                      onClick={() => onMarkDone(r)}
                      disabled={busyId === r.id}
                      aria-label={`Mark ${r.vaccine} for ${r.birdName} done`}
                    >
                      Mark done
                    </Button>
                  )}
                  {canDelete(r) && busyId !== r.id && (
                    <RecordActions
                      what={`${r.vaccine} record for ${r.birdName}`}
                      onEdit={onEdit ? () => onEdit(r) : undefined}
                      onDelete={() => onDelete(r)}
                    />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
