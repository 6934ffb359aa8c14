import { lazy, Suspense, useState } from "react";
import { Plus } from "lucide-react";
import type { CreateVaccinationBody } from "@flockkeeper/shared/schemas/vaccination";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { signIn } from "@/lib/auth";
import { toast } from "@/lib/toast";
import { useChickens } from "@/lib/chickens";
import { loggedBy, useFarmPermissions, useMemberNames } from "@/lib/farms";
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

  const run = async (record: TrackerRecord, action: "done" | "delete") => {
    if (action === "delete" && !window.confirm("Delete this vaccination record?")) return;
    setBusyId(record.id);
    try {
      if (action === "done") {
        await v.markDone(record);
        toast({
          title: "Marked as done",
          description: `${record.vaccine} for ${record.birdName} recorded for today.`,
        });
      } else {
        await v.remove(record);
        toast({ title: "Vaccination record deleted" });
      }
    } catch (err) {
      toast({
        title: action === "done" ? "Failed to mark as done" : "Failed to delete record",
        description: errorMessage(err),
        variant: "destructive",
      });
    } finally {
      setBusyId(null);
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

      <Counters records={v.records} />

      <Reminders
        records={v.records}
        today={v.today}
        busyId={busyId}
        onMarkDone={(r) => void run(r, "done")}
      />

      {adding ? (
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
          records={v.records}
          busyId={busyId}
          onMarkDone={(r) => void run(r, "done")}
          onDelete={(r) => void run(r, "delete")}
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
