import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { eggListStartDate } from "@flockkeeper/shared/domain/flock";
import type { Chicken } from "@flockkeeper/shared/schemas/chicken";
import type { EggRecordListItem } from "@flockkeeper/shared/schemas/egg-record";
import { useQueryClient } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Card, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { eggRecordsKey, localToday, useEggRecords, useEggStats } from "../api/egg-records";
import { EggRecordDialog, QUALITY_LABELS, SIZE_LABELS } from "./egg-record-dialog";
import { QuickCollection } from "./quick-collection";
import { formatDay } from "@/lib/dates";
import { loggedBy, useFarmPermissions, useMemberNames } from "@/lib/farms";
import { useDeferredDelete } from "@/lib/deferred-delete";
import { RecordActions } from "@/components/record-actions";

/** Egg Tracking tab: stats, add-record dialog, quick daily form and recent records. */
export function EggTracking({
  chickens,
  tracked,
}: {
  chickens: Chicken[];
  tracked: Chicken | null;
}) {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<EggRecordListItem | null>(null);
  const [showAll, setShowAll] = useState(false);
  const qc = useQueryClient();
  const { changeRecord } = useFarmPermissions();
  const deletions = useDeferredDelete();
  const today = localToday();
  const stats = useEggStats(tracked?.id ?? null);
  const records = useEggRecords({
    chickenId: tracked?.id ?? null,
    startDate: eggListStartDate(today),
    endDate: today,
  });
  const names = useMemo(() => new Map(chickens.map((c) => [c.id, c.name])), [chickens]);
  // New eggs come from the birds still here; a past bird's records keep her name in the list.
  const present = useMemo(() => chickens.filter((c) => !c.outcome), [chickens]);
  const { members, userId } = useMemberNames();
  const list = (records.data ?? []).filter((r) => !deletions.hidden.has(r.id));
  const shown = showAll ? list : list.slice(0, 15);

  const tiles = [
    { label: "Today", value: stats.data?.eggsToday },
    { label: "This week", value: stats.data?.eggsThisWeek },
    { label: "Last 30 days", value: stats.data?.eggsLast30Days },
    {
      label: "Lay rate (30 days)",
      value: stats.data ? `${stats.data.layRate}%` : undefined,
      // The rate is over the days that have records: say so when that is fewer than 30.
      note:
        stats.data && stats.data.daysWithRecords < 30
          ? `over ${stats.data.daysWithRecords} ${stats.data.daysWithRecords === 1 ? "day" : "days"} with records`
          : undefined,
    },
  ];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold text-stone-900">
          Egg Tracking{tracked ? `: ${tracked.name}` : ""}
        </h2>
        <Button
          onClick={() => setOpen(true)}
          disabled={chickens.length === 0}
          data-track="Add Egg Record Open"
        >
          <Plus size={18} aria-hidden /> Add Egg Record
        </Button>
      </div>
      {chickens.length === 0 && (
        <Alert tone="info">Add a bird in My Flock first, then record its eggs here.</Alert>
      )}
      {stats.error ? (
        <Alert tone="danger">Could not load egg stats: {errorMessage(stats.error)}</Alert>
      ) : (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Egg statistics">
          {tiles.map((t) => (
            <Card key={t.label} className="text-center">
              <dt className="text-sm font-semibold text-stone-700">{t.label}</dt>
              <dd
                className="mt-1 text-2xl font-extrabold text-amber-900"
                data-testid={`egg-stat-${t.label}`}
              >
                {t.value ?? "…"}
              </dd>
              {"note" in t && t.note && <dd className="text-xs text-stone-600">{t.note}</dd>}
            </Card>
          ))}
        </dl>
      )}
      {stats.data && !tracked && (
        <p className="text-sm text-stone-700">
          Lay rate is eggs per laying bird per day over the last 30 days ({stats.data.layingBirds}{" "}
          {stats.data.layingBirds === 1 ? "laying bird" : "laying birds"}).
        </p>
      )}
      {!tracked && <QuickCollection chickens={present} />}
      <Card>
        <CardTitle>Recent records</CardTitle>
        {records.error ? (
          <Alert tone="danger" className="mt-2">
            Could not load records: {errorMessage(records.error)}
          </Alert>
        ) : records.isLoading ? (
          <p className="mt-2 text-stone-700">Loading...</p>
        ) : list.length === 0 ? (
          <EmptyState
            title="No egg records in the last 30 days yet"
            species="duck"
            className="mt-2"
            action={
              chickens.length > 0 ? (
                <Button onClick={() => setOpen(true)} data-track="Add First Egg Record">
                  <Plus size={18} aria-hidden /> Record the first eggs
                </Button>
              ) : undefined
            }
          >
            Each day&apos;s eggs per bird, so the lay rate and the charts show who is laying and a
            drop shows early.{" "}
            {chickens.length === 0 && "Add a bird in My Flock first, then record its eggs here."}
          </EmptyState>
        ) : (
          <>
            <ul className="mt-2 divide-y divide-stone-200" aria-label="Recent egg records">
              {shown.map((r) => {
                const by = loggedBy(r, userId, members);
                const what = `egg record for ${names.get(r.chickenId) ?? "a removed bird"}, ${formatDay(r.date)}`;
                const mayChange = changeRecord(r);
                return (
                  <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <div className="min-w-0">
                      <span className="font-semibold text-stone-900">
                        {names.get(r.chickenId) ?? "Removed bird"}
                      </span>
                      <time dateTime={r.date} className="ml-2 text-sm text-stone-700">
                        {formatDay(r.date)}
                      </time>
                      {by && <p className="text-sm text-stone-700">{by}</p>}
                      {r.notes && <p className="text-sm break-words text-stone-600">{r.notes}</p>}
                    </div>
                    <div className="flex flex-wrap items-center gap-1">
                      <Badge tone="amber">
                        {r.eggsLaid} {r.eggsLaid === 1 ? "egg" : "eggs"}
                      </Badge>
                      {r.eggQuality && <Badge>{QUALITY_LABELS[r.eggQuality]}</Badge>}
                      {r.eggSize && <Badge>{SIZE_LABELS[r.eggSize]}</Badge>}
                      {r.withheld && (
                        <Badge tone="red" title="Laid within a treatment's egg withdrawal">
                          Withheld
                        </Badge>
                      )}
                      <RecordActions
                        what={what}
                        onEdit={mayChange ? () => setEditing(r) : undefined}
                        onDelete={
                          mayChange
                            ? () =>
                                deletions.remove({
                                  id: r.id,
                                  url: `/api/egg-records/${r.id}`,
                                  title: "Egg record deleted",
                                  onDeleted: () =>
                                    qc.invalidateQueries({ queryKey: eggRecordsKey }),
                                })
                            : undefined
                        }
                      />
                    </div>
                  </li>
                );
              })}
            </ul>
            {list.length > shown.length && (
              <Button variant="ghost" size="sm" className="mt-2" onClick={() => setShowAll(true)}>
                Show all {list.length} records
              </Button>
            )}
          </>
        )}
      </Card>
      <EggRecordDialog
        open={open}
        onOpenChange={setOpen}
        chickens={present}
        defaultChickenId={tracked?.id ?? null}
      />
      <EggRecordDialog
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        chickens={chickens}
        defaultChickenId={null}
        record={editing}
      />
    </div>
  );
}
