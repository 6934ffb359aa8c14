import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  AdminAdvertisement,
  CreateAdvertisementBody,
  UpdateAdvertisementBody,
} from "@flockkeeper/shared/schemas/advertisement";
import { apiSend } from "@/lib/api-client";
import { adminAdsKey } from "./get-admin-advertisements";

export const createAdvertisement = (body: CreateAdvertisementBody) =>
  apiSend<AdminAdvertisement>("POST", "/api/admin/advertisements", body);

export const updateAdvertisement = ({ id, body }: { id: string; body: UpdateAdvertisementBody }) =>
  apiSend<AdminAdvertisement>("PATCH", `/api/admin/advertisements/${id}`, body);

export const deleteAdvertisement = (id: string) =>
  apiSend<null>("DELETE", `/api/admin/advertisements/${id}`);

/** After any change, the admin list and every ad slot refetch. */
function useInvalidateAds() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: adminAdsKey }),
      qc.invalidateQueries({ queryKey: ["advertisements"] }),
    ]);
}

export function useCreateAdvertisement() {
  const invalidate = useInvalidateAds();
  return useMutation({ mutationFn: createAdvertisement, onSuccess: invalidate });
}
export function useUpdateAdvertisement() {
  const invalidate = useInvalidateAds();
  return useMutation({ mutationFn: updateAdvertisement, onSuccess: invalidate });
}
export function useDeleteAdvertisement() {
  const invalidate = useInvalidateAds();
  return useMutation({ mutationFn: deleteAdvertisement, onSuccess: invalidate });
}
