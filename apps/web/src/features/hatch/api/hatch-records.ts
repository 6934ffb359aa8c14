import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { todayIso } from "@flockkeeper/shared/domain/dates";
import type {
  CandlingBody,
  CandlingUpdateBody,
  CreateHatchRecordBody,
  HatchBreederHistoryEntry,
  HatchHistoryEntry,
  HatchRecord,
  HatchResultBody,
  MarkHatchBody,
  UpdateHatchRecordBody,
} from "@flockkeeper/shared/schemas/hatch-record";
import { apiGet, apiSend } from "@/lib/api-client";

export const hatchRecordsKey = ["hatch-records"] as const;

/** The keeper's local date: every hatch answer counts days from it (`?today=`). */
export function localToday(now = new Date()): string {
  return todayIso(now, now.getTimezoneOffset());
}

/** `GET /api/hatch-records/active`: incubations still running, soonest hatch first. */
export const fetchActiveHatches = (today = localToday()) =>
  apiGet<HatchRecord[]>(`/api/hatch-records/active?today=${today}`);
/** `GET /api/hatch-records`: every hatch, or only the archived (finished) ones. */
export const fetchHatches = (today = localToday(), status: "all" | "archived" = "all") =>
  apiGet<HatchRecord[]>(`/api/hatch-records?status=${status}&today=${today}`);
/** `GET /api/hatch-records/history`: finished hatches per species and breed. */
export const fetchHatchHistory = () => apiGet<HatchHistoryEntry[]>("/api/hatch-records/history");

export function useActiveHatches(enabled = true, today = localToday()) {
  return useQuery({
    queryKey: [...hatchRecordsKey, "active", today],
    queryFn: () => fetchActiveHatches(today),
    enabled,
  });
}

export function useHatches(enabled = true, status: "all" | "archived" = "all") {
  const today = localToday();
  return useQuery({
    queryKey: [...hatchRecordsKey, status, today],
    queryFn: () => fetchHatches(today, status),
    enabled,
  });
}

/** `GET /api/hatch-records/history/breeders`: finished hatches per breeder pair. */
export const fetchBreederHistory = () =>
  apiGet<HatchBreederHistoryEntry[]>("/api/hatch-records/history/breeders");

export function useBreederHistory(enabled = true) {
  return useQuery({
    queryKey: [...hatchRecordsKey, "history", "breeders"],
    queryFn: fetchBreederHistory,
    enabled,
  });
}

export function useHatchHistory(enabled = true) {
  return useQuery({
    queryKey: [...hatchRecordsKey, "history"],
    queryFn: fetchHatchHistory,
    enabled,
  });
}

/** `POST /api/hatch-records`. */
export const createHatch = (body: CreateHatchRecordBody) =>
  apiSend<HatchRecord>("POST", `/api/hatch-records?today=${localToday()}`, body);

/** `PATCH /api/hatch-records/{id}/mark-success`. */
export const markHatch = (id: string, body: MarkHatchBody) =>
  apiSend<HatchRecord>(
    "PATCH",
    `/api/hatch-records/${id}/mark-success?today=${localToday()}`,
    body,
  );

/** `POST /api/hatch-records/{id}/candlings`. */
export const addCandling = (id: string, body: CandlingBody) =>
  apiSend<HatchRecord>("POST", `/api/hatch-records/${id}/candlings?today=${localToday()}`, body);

/** `PATCH /api/hatch-records/{id}/candlings/{candlingId}`. */
export const updateCandling = (id: string, candlingId: string, body: CandlingUpdateBody) =>
  apiSend<HatchRecord>(
    "PATCH",
    `/api/hatch-records/${id}/candlings/${candlingId}?today=${localToday()}`,
    body,
  );

/** `DELETE /api/hatch-records/{id}/candlings/{candlingId}`. */
export const deleteCandling = (id: string, candlingId: string) =>
  apiSend<HatchRecord>(
    "DELETE",
    `/api/hatch-records/${id}/candlings/${candlingId}?today=${localToday()}`,
  );

/** `POST /api/hatch-records/{id}/result`. */
export const recordHatchResult = (id: string, body: HatchResultBody) =>
  apiSend<HatchRecord>("POST", `/api/hatch-records/${id}/result?today=${localToday()}`, body);

function useHatchMutation<V>(fn: (v: V) => Promise<HatchRecord>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: hatchRecordsKey }),
  });
}

export const useCreateHatch = () => useHatchMutation(createHatch);
/** `PATCH /api/hatch-records/{id}`: a correction; the expected hatch date follows on the server. */
export const useUpdateHatch = () =>
  useHatchMutation(({ id, body }: { id: string; body: UpdateHatchRecordBody }) =>
    apiSend<HatchRecord>("PATCH", `/api/hatch-records/${id}?today=${localToday()}`, body),
  );
export const useMarkHatch = () =>
  useHatchMutation(({ id, body }: { id: string; body: MarkHatchBody }) => markHatch(id, body));
export const useAddCandling = () =>
  useHatchMutation(({ id, body }: { id: string; body: CandlingBody }) => addCandling(id, body));
export const useDeleteCandling = () =>
  useHatchMutation(({ id, candlingId }: { id: string; candlingId: string }) =>
    deleteCandling(id, candlingId),
  );
export const useRecordHatchResult = () =>
  useHatchMutation(({ id, body }: { id: string; body: HatchResultBody }) =>
    recordHatchResult(id, body),
  );
