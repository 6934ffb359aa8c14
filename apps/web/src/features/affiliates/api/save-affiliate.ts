import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  AffiliateApplicationBody,
  AffiliatePartner,
  CreateAffiliatePartnerBody,
  UpdateAffiliatePartnerBody,
} from "@flockkeeper/shared/schemas/affiliate";
import { apiSend } from "@/lib/api-client";
import { affiliatesKey } from "./get-affiliates";

export const createAffiliate = (body: CreateAffiliatePartnerBody) =>
  apiSend<AffiliatePartner>("POST", "/api/admin/affiliates", body);
export const updateAffiliate = ({ id, body }: { id: string; body: UpdateAffiliatePartnerBody }) =>
  apiSend<AffiliatePartner>("PATCH", `/api/admin/affiliates/${id}`, body);
export const updateApplication = ({ id, body }: { id: string; body: AffiliateApplicationBody }) =>
  apiSend<AffiliatePartner>("PUT", `/api/admin/affiliates/${id}/application`, body);
export const deleteAffiliate = (id: string) =>
  apiSend<null>("DELETE", `/api/admin/affiliates/${id}`);
export const addExamplePartners = () =>
  apiSend<AffiliatePartner[]>("POST", "/api/admin/affiliates/examples");

function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: affiliatesKey }),
      qc.invalidateQueries({ queryKey: ["affiliate-blocks"] }),
    ]);
}

export const useCreateAffiliate = () =>
  useMutation({ mutationFn: createAffiliate, onSuccess: useInvalidate() });
export const useUpdateAffiliate = () =>
  useMutation({ mutationFn: updateAffiliate, onSuccess: useInvalidate() });
export const useUpdateApplication = () =>
  useMutation({ mutationFn: updateApplication, onSuccess: useInvalidate() });
export const useDeleteAffiliate = () =>
  useMutation({ mutationFn: deleteAffiliate, onSuccess: useInvalidate() });
export const useAddExamplePartners = () =>
  useMutation({ mutationFn: addExamplePartners, onSuccess: useInvalidate() });
