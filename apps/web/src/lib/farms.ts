// The farm in use, the keeper's role on it, and its members: read by the header, the Farm page and
// every feature that shows who logged a record or hides what a role may not do. One fetcher and
// one key per resource, here below the features (the server enforces every rule; this only keeps
// the page from offering what would be refused).
import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { FarmList, FarmMember, FarmRole } from "@flockkeeper/shared/schemas/farm";
import { ApiError, apiGet } from "./api-client";
import { authQueryKey, useAuth } from "./auth";

export const farmsQueryKey = ["farms"] as const;
export const farmMembersKey = (farmId: string) => ["farms", farmId, "members"] as const;

/**
 * `GET /api/farms`: the keeper's farms and the one in use; null while the server has no farms
 * (404), so the page keeps working as a one-keeper app.
 */
export async function fetchFarms(): Promise<FarmList | null> {
  try {
    return await apiGet<FarmList>("/api/farms");
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const farmsQueryOptions = () =>
  queryOptions({ queryKey: farmsQueryKey, queryFn: fetchFarms, staleTime: 60_000 });

/** The signed-in keeper's farms; pass `false` while signed out to skip the request. */
export function useFarms(enabled = true) {
  return useQuery({ ...farmsQueryOptions(), enabled });
}

/** `GET /api/farms/{id}/members`: everyone on the farm with their role (any member may read). */
export const fetchFarmMembers = (farmId: string) =>
  apiGet<FarmMember[]>(`/api/farms/${farmId}/members`);

export function useFarmMembers(farmId: string | null | undefined) {
  return useQuery({
    queryKey: farmMembersKey(farmId ?? ""),
    queryFn: () => fetchFarmMembers(farmId!),
    enabled: Boolean(farmId),
    staleTime: 60_000,
  });
}

export type CurrentFarm = {
  /** The farm in use, or null (signed out, still loading, or a server without farms). */
  farm: FarmList["farms"][number] | null;
  farms: FarmList["farms"];
  /** The keeper's role there; null when unknown, which the page treats as today's sole keeper. */
  role: FarmRole | null;
  /** The signed-in person's user id (to tell their own records from others'). */
  userId: string | null;
  isLoading: boolean;
};

/** The farm in use and the keeper's role on it. */
export function useCurrentFarm(): CurrentFarm {
  const { user, isAuthenticated } = useAuth();
  const query = useFarms(isAuthenticated);
  const list = isAuthenticated ? (query.data ?? null) : null;
  const farm = list?.farms.find((f) => f.id === list.currentFarmId) ?? null;
  return {
    farm,
    farms: list?.farms ?? [],
    role: farm?.role ?? null,
    userId: user?.id ?? null,
    isLoading: isAuthenticated && query.isLoading,
  };
}

/**
 * Who created a record: every farm record's answer carries `createdBy` (a user id, or null when
 * that account is gone); records from a server without farms have none.
 */
export function authorOf(record: object): string | null {
  const by = (record as { createdBy?: unknown }).createdBy;
  return typeof by === "string" ? by : null;
}

const HELPER_CORRECTION_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Whether a record was added less than 24 hours ago (records without `createdAt`: yes). */
function addedWithin24h(record: object, now = Date.now()): boolean {
  const at = (record as { createdAt?: unknown }).createdAt;
  if (typeof at !== "string") return true;
  return now - Date.parse(at) <= HELPER_CORRECTION_WINDOW_MS;
}

/**
 * What a role may do in the page. A null role (no farms on this server, or not loaded yet) keeps
 * today's behaviour: one keeper who may do everything with their own records.
 */
export const farmPermissions = (role: FarmRole | null, userId: string | null) => ({
  /** Money: feed cost, production costs and profit. */
  seeMoney: role !== "helper",
  /** Edit or delete birds and hatches. */
  manageBirds: role !== "helper",
  /** Edit or delete a record: a helper only their own, within 24 hours of adding it (as the server). */
  changeRecord: (record: object) =>
    role !== "helper" || (authorOf(record) === userId && addedWithin24h(record)),
  /** Export and import the farm's data. */
  exportData: role === null || role === "owner",
  /** Members, invitations, the farm's name, deleting it. */
  manageFarm: role === null || role === "owner",
});

export type FarmPermissions = ReturnType<typeof farmPermissions>;

/** The current role's permissions (see `farmPermissions`). */
export function useFarmPermissions(): FarmPermissions & { role: FarmRole | null } {
  const { role, userId } = useCurrentFarm();
  return { role, ...farmPermissions(role, userId) };
}

/**
 * "logged by {name}" for a record another member created; null for the keeper's own records,
 * records from before farms, and when the names are not known.
 */
export function loggedBy(
  record: object,
  userId: string | null,
  members: readonly Pick<FarmMember, "userId" | "name">[] | undefined,
): string | null {
  const by = authorOf(record);
  if (!by || by === userId || !members) return null;
  const member = members.find((m) => m.userId === by);
  return member ? `logged by ${member.name}` : null;
}

/** The names of the farm in use's members, for "logged by" (an empty list while loading). */
export function useMemberNames() {
  const { farm, userId } = useCurrentFarm();
  const members = useFarmMembers(farm?.id);
  return { members: members.data, userId };
}

export const FARM_ROLE_LABELS: Record<FarmRole, string> = {
  owner: "Owner",
  keeper: "Keeper",
  helper: "Helper",
};

/**
 * After the farm in use changed (switched, joined, left, deleted): every keeper answer belongs to
 * the other farm now, so all of them are dropped and the shown ones fetched again. Who is signed
 * in stays, and so does an invitation's preview (the link's page).
 */
export async function afterFarmChange(qc: QueryClient, list?: FarmList | null) {
  if (list !== undefined) qc.setQueryData(farmsQueryKey, list);
  const kept = new Set<unknown>([authQueryKey[0], "invitation"]);
  await qc.resetQueries({
    predicate: ({ queryKey }) =>
      !kept.has(queryKey[0]) &&
      !(list !== undefined && queryKey.length === 1 && queryKey[0] === farmsQueryKey[0]),
  });
}
