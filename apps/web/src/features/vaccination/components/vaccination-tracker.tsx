import { lazy, Suspense, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import type { CreateVaccinationBody } from "@flockkeeper/shared/schemas/vaccination";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { signIn } from "@/lib/auth";
import { toast } from "@/lib/toast";
import { useChickens } from "@/lib/chickens";
import { loggedBy, useFarmPermissions, useMemberNames } from "@/lib/farms";
import { useDeferredDelete } from "@/lib/deferred-delete";
import { vaccinationsKey } from "../api/get-vaccinations";
import { useVaccinationRecords, type TrackerRecord } from "../hooks/use-vaccination-records";
import { Counters } from "./counters";
import { Guidelines } from "./guidelines";
import { RecordList } from "./record-list";
import { Reminders } from "./reminders";
import { ScheduleTable } from "./schedule-table";
import { ListSkeleton } from "@/components/ui/skeleton";

// The form (and the form kit with it) loads on "Add Record", not with the page.
const AddRecordForm = lazy(() =>
  import("./add-record-form").then((m) => ({ default: m.AddRecordForm })),
);

/** Counters, reminders, records, add form, recommended schedule and guidelines. */
export function VaccinationTracker() {
  const v = useVaccinationRecords();
  const qc = useQueryClient();
  const deletions = useDeferredDelete();
  const [editing, setEditing] = useState<TrackerRecord | null>(null);
  // A record waiting out its 5 s of Undo is gone from every part of the page.
  const records = v.records.filter((r) => !deletions.hidden.has(r.id));
  const flock = useChickens(v.isAuthenticated);
  // A helper marks doses done but deletes only the records they logged themselves.
  const { changeRecord } = useFarmPermissions();
  const { members, userId } = useMemberNames();
  const [adding, setAdding] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const birds = (flock.data ?? []).map((b) => ({ id: b.id, name: b.name }));

  const add = async (body: CreateVaccinationBody) => {
    try {
      await v.add(body);
      setAdding(false);
      toast({
        title: "Vaccination record added",
        description: `${body.vaccine} for ${body.birdName}`,
      });
    } catch (err) {
      toast({
        title: "Failed to add vaccination record",
        description: errorMessage(err),
        variant: "destructive",
      });
    }
  };

  const markDone = async (record: TrackerRecord) => {
    setBusyId(record.id);
    try {
      await v.markDone(record);
      toast({
        title: "Marked as done",
        description: `${record.vaccine} for ${record.birdName} recorded for today.`,
      });
    } catch (err) {
      toast({
        title: "Failed to mark as done",
        description: errorMessage(err),
        variant: "destructive",
      });
    } finally {
      setBusyId(null);
    }
  };

  /** Gone from the page at once; deleted after 5 s unless Undo (this browser's own records too). */
  const remove = (record: TrackerRecord) =>
    deletions.remove({
      id: record.id,
      title: "Vaccination record deleted",
      ...(v.isAuthenticated
        ? {
            url: `/api/vaccinations/${record.id}`,
            onDeleted: () => qc.invalidateQueries({ queryKey: vaccinationsKey }),
          }
        : { send: () => v.remove(record) }),
    });

  const save = async (record: TrackerRecord, body: CreateVaccinationBody) => {
    try {
      await v.update(record, body);
      setEditing(null);
      toast({
        title: "Vaccination record updated",
        description: `${body.vaccine} for ${body.birdName}`,
      });
    } catch (err) {
      toast({
        title: "Failed to update vaccination record",
        description: errorMessage(err),
        variant: "destructive",
      });
    }
  };

  return (
    <div className="space-y-4">
      {!v.isAuthenticated && !v.isLoading && (
        <Alert tone="info" className="flex flex-wrap items-center gap-3">
          <p className="flex-1">
            You are not signed in: records are kept on this device only. Sign in to save them in
            your account; they will be moved there automatically.
          </p>
          <Button size="sm" variant="secondary" onClick={() => signIn()}>
            Sign in
          </Button>
        </Alert>
      )}
      {v.error && (
        <Alert tone="danger" role="alert">
          Could not load your vaccination records: {errorMessage(v.error)}
        </Alert>
      )}

      <Counters records={records} />

      <Reminders
        records={records}
        today={v.today}
        busyId={busyId}
        onMarkDone={(r) => void markDone(r)}
      />

      {editing ? (
        <AddRecordForm
          key={editing.id}
          today={v.today}
          birds={birds}
          saving={v.isSaving}
          record={editing}
          onSubmit={(body) => void save(editing, body)}
          onCancel={() => setEditing(null)}
        />
      ) : adding ? (
        <Suspense fallback={<ListSkeleton rows={2} label="Loading the form..." />}>
          <AddRecordForm
            today={v.today}
            birds={birds}
            saving={v.isSaving}
            onSubmit={(body) => void add(body)}
            onCancel={() => setAdding(false)}
          />
        </Suspense>
      ) : (
        <Button onClick={() => setAdding(true)} data-track="Vaccination Add Record">
          <Plus className="size-4" aria-hidden />
          Add Record
        </Button>
      )}

      {v.isLoading ? (
        <ListSkeleton rows={3} label="Loading records..." />
      ) : (
        <RecordList
          records={records}
          busyId={busyId}
          onMarkDone={(r) => void markDone(r)}
          onDelete={remove}
          onEdit={(r) => {
            setAdding(false);
            setEditing(r);
          }}
          onAdd={adding ? undefined : () => setAdding(true)}
          canDelete={changeRecord}
          loggedBy={(r) => loggedBy(r, userId, members)}
        />
      )}

      <ScheduleTable />
      <Guidelines />
    </div>
  );
}
