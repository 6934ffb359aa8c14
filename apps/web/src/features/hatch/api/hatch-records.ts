import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateHatchRecordBody,
  HatchRecord,
  MarkHatchBody,
} from "@flockkeeper/shared/schemas/hatch-record";
import { apiGet, apiSend } from "@/lib/api-client";

export const hatchRecordsKey = ["hatch-records"] as const;

/** `GET /api/hatch-records/active`: incubations still running. */
export const fetchActiveHatches = () => apiGet<HatchRecord[]>("/api/hatch-records/active");
/** `GET /api/hatch-records`: every hatch, finished ones included (for the success chart). */
export const fetchHatches = () => apiGet<HatchRecord[]>("/api/hatch-records");

export function useActiveHatches(enabled = true) {
  return useQuery({
    queryKey: [...hatchRecordsKey, "active"],
    queryFn: fetchActiveHatches,
    enabled,
  });
}

export function useHatches(enabled = true) {
  return useQuery({ queryKey: [...hatchRecordsKey, "all"], queryFn: fetchHatches, enabled });
}

/** `POST /api/hatch-records`. */
export const createHatch = (body: CreateHatchRecordBody) =>
  apiSend<HatchRecord>("POST", "/api/hatch-records", body);

/** `PATCH /api/hatch-records/{id}/mark-success`. */
export const markHatch = (id: string, body: MarkHatchBody) =>
  apiSend<HatchRecord>("PATCH", `/api/hatch-records/${id}/mark-success`, body);

export function useCreateHatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createHatch,
    onSuccess: () => qc.invalidateQueries({ queryKey: hatchRecordsKey }),
  });
}

export function useMarkHatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MarkHatchBody }) => markHatch(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: hatchRecordsKey }),
  });
}
