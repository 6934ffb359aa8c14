import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreatedInvitation,
  FarmInvitation,
  FarmList,
  FarmMember,
  FarmRole,
  InvitationPreview,
} from "@flockkeeper/shared/schemas/farm";
import { apiGet, apiSend } from "@/lib/api-client";
import { afterFarmChange, farmMembersKey, farmsQueryKey } from "@/lib/farms";

/* The farms endpoints: the farm in use, the farm's name, members and invitations. */

export const invitationsKey = (farmId: string) => ["farms", farmId, "invitations"] as const;
export const invitationPreviewKey = (token: string) => ["invitation", token] as const;

/** `PUT /api/farms/current`: switch the farm in use; every keeper answer is fetched again. */
export function useSwitchFarm() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (farmId: string) => apiSend<FarmList>("PUT", "/api/farms/current", { farmId }),
    onSuccess: (list) => afterFarmChange(qc, list),
  });
}

/** `POST /api/farms`: a new farm, the caller its owner; it becomes the farm in use. */
export function useCreateFarm() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiSend<FarmList>("POST", "/api/farms", { name }),
    onSuccess: (list) => afterFarmChange(qc, list),
  });
}

/** `PATCH /api/farms/{id}`: rename (owner). */
export function useRenameFarm(farmId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiSend<FarmList>("PATCH", `/api/farms/${farmId}`, { name }),
    onSuccess: (list) => qc.setQueryData(farmsQueryKey, list),
  });
}

/** `DELETE /api/farms/{id}` (owner, recent sign-in): the farm and all its records. */
export function useDeleteFarm(farmId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<FarmList>("DELETE", `/api/farms/${farmId}`),
    onSuccess: (list) => afterFarmChange(qc, list),
  });
}

/** `PATCH /api/farms/{id}/members/{userId}`: change a member's role (owner). */
export function useChangeRole(farmId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: FarmRole }) =>
      apiSend<FarmMember[]>("PATCH", `/api/farms/${farmId}/members/${userId}`, { role }),
    onSuccess: async (members) => {
      qc.setQueryData(farmMembersKey(farmId), members);
      // The caller's own role may have changed too.
      await qc.invalidateQueries({ queryKey: farmsQueryKey, exact: true });
    },
  });
}

/** `DELETE /api/farms/{id}/members/{userId}`: remove a member (owner). */
export function useRemoveMember(farmId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiSend<null>("DELETE", `/api/farms/${farmId}/members/${userId}`),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: farmMembersKey(farmId) }),
        qc.invalidateQueries({ queryKey: farmsQueryKey, exact: true }),
      ]),
  });
}

/** Leave a farm (the same endpoint with one's own user id); another farm is then in use. */
export function useLeaveFarm(farmId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiSend<null>("DELETE", `/api/farms/${farmId}/members/${userId}`),
    onSuccess: () => afterFarmChange(qc),
  });
}

/** `GET /api/farms/{id}/invitations`: open invitations (owner). */
export function useInvitations(farmId: string, enabled: boolean) {
  return useQuery({
    queryKey: invitationsKey(farmId),
    queryFn: () => apiGet<FarmInvitation[]>(`/api/farms/${farmId}/invitations`),
    enabled,
  });
}

/** `POST /api/farms/{id}/invitations`: a one-time link for a role (owner). */
export function useCreateInvitation(farmId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (role: FarmRole) =>
      apiSend<CreatedInvitation>("POST", `/api/farms/${farmId}/invitations`, { role }),
    onSuccess: () => qc.invalidateQueries({ queryKey: invitationsKey(farmId) }),
  });
}

/** `DELETE /api/farms/{id}/invitations/{id}`: revoke (owner). */
export function useRevokeInvitation(farmId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (idOrToken: string) =>
      apiSend<null>("DELETE", `/api/farms/${farmId}/invitations/${idOrToken}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: invitationsKey(farmId) }),
  });
}

/** `GET /api/invitations/{token}`: what a link offers (works signed out). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: invitationPreviewKey(token),
    queryFn: () => apiGet<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`),
    retry: false,
  });
}

/** `POST /api/invitations/{token}/accept`: join; the farm joined is then in use. */
export function useAcceptInvitation(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiSend<{ farmId: string; role: FarmRole }>(
        "POST",
        `/api/invitations/${encodeURIComponent(token)}/accept`,
      ),
    onSuccess: () => afterFarmChange(qc),
  });
}
