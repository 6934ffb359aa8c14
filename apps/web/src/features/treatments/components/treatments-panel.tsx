import { Pill, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import type { Treatment } from "@flockkeeper/shared/schemas/treatment";
import {
  DOSE_UNIT_LABELS,
  TREATMENT_ROUTE_LABELS,
  shortDate,
} from "@flockkeeper/shared/domain/treatment";
import { todayIso } from "@flockkeeper/shared/domain/dates";
import { RecordActions } from "@/components/record-actions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { useChickens } from "@/lib/chickens";
import { useDeferredDelete } from "@/lib/deferred-delete";
import { useFarmPermissions } from "@/lib/farms";
import { useFlocks } from "@/lib/flocks";
import { useInvalidateTreatments, useTreatments, type TreatmentScope } from "../api/treatments";
import { TreatmentFormDialog, type TreatmentPrefill } from "./treatment-form-dialog";

const keeperToday = (now = new Date()) => todayIso(now, now.getTimezoneOffset());

/** "Eggs withheld until 3 Dec" while the withdrawal runs, "Eggs fine since 3 Dec" after. */
function withdrawalLine(kind: "Eggs" | "Meat", ends: string, today: string) {
  return ends >= today
    ? `${kind} withheld until ${shortDate(ends, today)}`
    : `${kind} withdrawal ended ${shortDate(ends, today)}`;
}

/** One treatment as a list row (also used by a bird's health timeline). */
export function TreatmentSummary({ t, today }: { t: Treatment; today: string }) {
  const running = t.eggWithdrawalEnds >= today || t.meatWithdrawalEnds >= today;
  return (
    <div className="min-w-0">
      <p className="font-semibold text-stone-900">
        {t.product}
        <span className="font-normal text-stone-700"> · {t.subjectName}</span>
      </p>
      <p className="text-sm text-stone-700">
        {t.startDate === t.endDate
          ? shortDate(t.startDate, today)
          : `${shortDate(t.startDate, today)} – ${shortDate(t.endDate, today)}`}
        {" · "}
        {TREATMENT_ROUTE_LABELS[t.route]}
        {t.dose !== null && t.doseUnit ? ` · ${t.dose} ${DOSE_UNIT_LABELS[t.doseUnit]}` : ""}
      </p>
      <p className="text-sm text-stone-700">
        {t.reason}
        {t.conditionName ? ` (${t.conditionName})` : ""}
      </p>
      <div className="mt-1 flex flex-wrap gap-1">
        <Badge tone={t.eggWithdrawalEnds >= today ? "amber" : "neutral"}>
          {withdrawalLine("Eggs", t.eggWithdrawalEnds, today)}
        </Badge>
        <Badge tone={t.meatWithdrawalEnds >= today ? "amber" : "neutral"}>
          {withdrawalLine("Meat", t.meatWithdrawalEnds, today)}
        </Badge>
        {t.prescribedByVet && <Badge tone="blue">Prescribed by a vet</Badge>}
        {!running && <Badge tone="green">Over</Badge>}
      </div>
    </div>
  );
}

/**
 * Treatments of a bird (with its flock's), a flock (with its birds') or the whole farm, with
 * "Record a treatment", Edit and Delete (5 s of Undo). Helpers see them; owners and keepers change
 * them. `prefill` (a symptom-checker result) opens the form filled in once.
 */
export function TreatmentsPanel({
  scope = {},
  title = "Treatments",
  prefill,
  onPrefillUsed,
  className,
}: {
  scope?: TreatmentScope;
  title?: string;
  prefill?: TreatmentPrefill | null;
  onPrefillUsed?: () => void;
  className?: string;
}) {
  const today = keeperToday();
  const list = useTreatments(scope);
  const birds = useChickens();
  const flocks = useFlocks();
  const perms = useFarmPermissions();
  const deletions = useDeferredDelete();
  const invalidate = useInvalidateTreatments();
  const [editing, setEditing] = useState<Treatment | null>(null);
  const [adding, setAdding] = useState<TreatmentPrefill | null>(null);
  const canWrite = perms.manageBirds;

  useEffect(() => {
    if (prefill && canWrite) {
      setAdding(prefill);
      onPrefillUsed?.();
    }
  }, [prefill, canWrite, onPrefillUsed]);

  const rows = (list.data ?? []).filter((t) => !deletions.hidden.has(t.id));
  return (
    <Card className={className} data-testid="treatments-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <Pill size={20} aria-hidden className="text-amber-800" /> {title}
        </CardTitle>
        {canWrite && (
          <Button size="sm" onClick={() => setAdding({ ...scope })} data-track="Record a treatment">
            <Plus size={16} aria-hidden /> Record a treatment
          </Button>
        )}
      </div>
      {list.isLoading ? (
        <p className="mt-2 text-sm text-stone-700">Loading treatments…</p>
      ) : list.error ? (
        <p className="mt-2 text-sm text-red-800">Treatments could not be loaded.</p>
      ) : rows.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700">No treatments recorded.</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-200" aria-label={title}>
          {rows.map((t) => (
            <li key={t.id} className="flex items-start justify-between gap-2 py-2">
              <TreatmentSummary t={t} today={today} />
              {canWrite && (
                <RecordActions
                  what={`treatment ${t.product} for ${t.subjectName}`}
                  onEdit={() => setEditing(t)}
                  onDelete={() =>
                    deletions.remove({
                      id: t.id,
                      url: `/api/treatments/${t.id}`,
                      title: "Treatment deleted",
                      onDeleted: invalidate,
                    })
                  }
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <TreatmentFormDialog
        open={adding !== null || editing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setAdding(null);
            setEditing(null);
          }
        }}
        birds={birds.data ?? []}
        flocks={flocks.data ?? []}
        today={today}
        record={editing}
        prefill={adding}
      />
    </Card>
  );
}
