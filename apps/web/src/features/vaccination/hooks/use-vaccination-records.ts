import { useCallback, useEffect, useRef, useState } from "react";
import {
  nextDose,
  nextDueDate,
  withVaccinationStatus,
  type VaccinationStatus,
} from "@flockkeeper/shared/domain/vaccination";
import { todayIso } from "@flockkeeper/shared/schemas/common";
import type { CreateVaccinationBody } from "@flockkeeper/shared/schemas/vaccination";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { toast } from "@/lib/toast";
import { useCreateVaccination } from "../api/create-vaccination";
import { useDeleteVaccination } from "../api/delete-vaccination";
import { useVaccinations } from "../api/get-vaccinations";
import { useImportVaccinations } from "../api/import-vaccinations";
import { useMarkVaccinationDone } from "../api/mark-vaccination-done";
import { useUpdateVaccination } from "../api/update-vaccination";
import {
  readLocalVaccinations,
  writeLocalVaccinations,
  type LocalRecord,
} from "../lib/local-vaccinations";

/** A record as the tracker shows it, with its status for the keeper's today. */
export type TrackerRecord = {
  id: string;
  vaccine: string;
  birdId: string | null;
  birdName: string;
  date: string;
  nextDue: string;
  notes: string | null;
  createdAt: string;
  status: VaccinationStatus;
  /** Who logged it (a farm member's user id; absent for this browser's own records). */
  createdBy?: string | null;
};

/** Today in the keeper's own time zone. */
export const localToday = () => todayIso(new Date(), new Date().getTimezoneOffset());

const byLatest = (a: TrackerRecord, b: TrackerRecord) =>
  b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt);

/**
 * Vaccination records from the account when signed in, else from this browser. At sign-in the
 * browser's records are moved into the account once.
 */
export function useVaccinationRecords() {
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const server = useVaccinations(isAuthenticated);
  const [local, setLocal] = useState<LocalRecord[]>(readLocalVaccinations);
  const createMutation = useCreateVaccination();
  const doneMutation = useMarkVaccinationDone();
  const deleteMutation = useDeleteVaccination();
  const updateMutation = useUpdateVaccination();
  const importMutation = useImportVaccinations();
  const importStarted = useRef(false);
  const { mutate: importRecords } = importMutation;
  const today = localToday();

  const saveLocal = useCallback((next: LocalRecord[]) => {
    writeLocalVaccinations(next);
    setLocal(next);
  }, []);

  useEffect(() => {
    if (!isAuthenticated || local.length === 0 || importStarted.current) return;
    importStarted.current = true;
    importRecords(
      { records: local.map(({ nextDue: _n, createdAt: _c, ...record }) => record) },
      {
        onSuccess: (res) => {
          saveLocal([]);
          if (res.imported > 0) {
            toast({
              title: "Records moved to your account",
              description: `${res.imported} vaccination ${res.imported === 1 ? "record" : "records"} from this device ${res.imported === 1 ? "is" : "are"} now saved in your account.`,
            });
          }
        },
        onError: (err) =>
          toast({
            title: "Could not move your records",
            description: `${errorMessage(err)}. They are still saved on this device.`,
            variant: "destructive",
          }),
      },
    );
  }, [isAuthenticated, local, importRecords, saveLocal]);

  const base: Omit<TrackerRecord, "status">[] = isAuthenticated
    ? (server.data ?? [])
    : local.map((r) => ({ ...r, birdId: r.birdId ?? null, notes: r.notes ?? null }));
  // A dose followed by a later one (Mark done) counts as completed.
  const records = withVaccinationStatus(base, today).sort(byLatest);

  /** Adds a record; resolves when it is stored. */
  const add = async (body: CreateVaccinationBody) => {
    if (isAuthenticated) {
      await createMutation.mutateAsync(body);
      return;
    }
    const record: LocalRecord = {
      ...body,
      id: crypto.randomUUID(),
      nextDue: nextDueDate(body.vaccine, body.date),
      createdAt: new Date().toISOString(),
    };
    saveLocal([...local, record]);
  };

  /** Records the next dose of a due or overdue record, today (the keeper's date); keeps the earlier. */
  const markDone = async (record: TrackerRecord) => {
    if (isAuthenticated) {
      await doneMutation.mutateAsync({ id: record.id, date: today });
      return;
    }
    const earlier = local.find((r) => r.id === record.id);
    if (!earlier) return;
    const dose: LocalRecord = {
      ...nextDose(earlier, today),
      notes: undefined,
      birdId: earlier.birdId ?? undefined,
      id: crypto.randomUUID(),
      createdAt: new Date().toISOString(),
    };
    saveLocal([...local, dose]);
  };

  const remove = async (record: TrackerRecord) => {
    if (isAuthenticated) {
      await deleteMutation.mutateAsync(record.id);
      return;
    }
    // Read again: a deletion runs 5 s after it was asked for (Undo), when `local` may be older.
    saveLocal(readLocalVaccinations().filter((r) => r.id !== record.id));
  };

  /** Corrects a record (vaccine, bird, date, notes); the next due date follows. */
  const update = async (record: TrackerRecord, body: CreateVaccinationBody) => {
    if (isAuthenticated) {
      await updateMutation.mutateAsync({
        id: record.id,
        body: { ...body, birdId: body.birdId ?? null, notes: body.notes ?? null },
      });
      return;
    }
    saveLocal(
      readLocalVaccinations().map((r) =>
        r.id === record.id
          ? {
              ...r,
              ...body,
              birdId: body.birdId ?? undefined,
              nextDue: nextDueDate(body.vaccine, body.date),
            }
          : r,
      ),
    );
  };

  return {
    records,
    today,
    isAuthenticated,
    isLoading: authLoading || (isAuthenticated && server.isLoading),
    error: isAuthenticated ? server.error : null,
    isSaving: createMutation.isPending || updateMutation.isPending,
    add,
    markDone,
    remove,
    update,
  };
}
