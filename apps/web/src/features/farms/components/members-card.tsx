import { LogOut, UserMinus } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { FARM_ROLES, type FarmMember, type FarmRole } from "@flockkeeper/shared/schemas/farm";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Dialog } from "@/components/ui/lazy-dialog";
import { Select } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { FARM_ROLE_LABELS, useFarmMembers } from "@/lib/farms";
import { toast } from "@/lib/toast";
import { useChangeRole, useLeaveFarm, useRemoveMember } from "../api/farms";

export const ROLE_HINTS: Record<FarmRole, string> = {
  owner: "everything, including members, invitations, export and deleting the farm",
  keeper: "every record, including deletes and costs",
  helper: "sees the birds, adds egg, feed, weight and coop records, marks vaccinations done",
};

/**
 * The farm's members. The owner changes roles and removes people; everyone else sees the list
 * read-only. Anyone but the last owner may leave.
 */
export function MembersCard({
  farmId,
  farmName,
  role,
  userId,
}: {
  farmId: string;
  farmName: string;
  role: FarmRole;
  userId: string;
}) {
  const members = useFarmMembers(farmId);
  const changeRole = useChangeRole(farmId);
  const remove = useRemoveMember(farmId);
  const leave = useLeaveFarm(farmId);
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<FarmMember | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isOwner = role === "owner";
  const list = members.data ?? [];
  const owners = list.filter((m) => m.role === "owner").length;
  const canLeave = role !== "owner" || owners > 1;

  const onRole = async (m: FarmMember, next: FarmRole) => {
    setError(null);
    try {
      await changeRole.mutateAsync({ userId: m.userId, role: next });
      toast({
        title: `${m.name} is now ${FARM_ROLE_LABELS[next].toLowerCase()}`,
        variant: "success",
      });
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const onRemove = async () => {
    if (!removing) return;
    setError(null);
    try {
      await remove.mutateAsync(removing.userId);
      toast({ title: `${removing.name} removed from ${farmName}`, variant: "success" });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setRemoving(null);
    }
  };
  const onLeave = async () => {
    setError(null);
    try {
      await leave.mutateAsync(userId);
      setLeaving(false);
      toast({ title: `You left ${farmName}` });
      await navigate("/chicken-tracker");
    } catch (err) {
      setLeaving(false);
      setError(errorMessage(err));
    }
  };

  return (
    <Card>
      <CardTitle>Members</CardTitle>
      {!isOwner && (
        <p className="mt-1 text-sm text-stone-700">Only an owner can change roles or invite.</p>
      )}
      {error && (
        <Alert tone="danger" role="alert" className="mt-2">
          {error}
        </Alert>
      )}
      {members.error ? (
        <Alert tone="danger" className="mt-2">
          Could not load the members: {errorMessage(members.error)}
        </Alert>
      ) : members.isLoading ? (
        <p className="mt-2 text-stone-700">Loading…</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-200" aria-label="Members">
          {list.map((m) => {
            const self = m.userId === userId;
            return (
              <li
                key={m.userId}
                className="flex flex-wrap items-center justify-between gap-2 py-3"
                data-testid="farm-member"
              >
                <div className="min-w-0">
                  <p className="font-semibold break-words text-stone-900">
                    {m.name}
                    {self && <span className="font-normal text-stone-700"> (you)</span>}
                  </p>
                  {m.email && <p className="text-sm break-all text-stone-700">{m.email}</p>}
                </div>
                {isOwner && !self ? (
                  <div className="flex flex-wrap items-center gap-2">
                    <label htmlFor={`role-${m.userId}`} className="sr-only">
                      Role for {m.name}
                    </label>
                    <Select
                      id={`role-${m.userId}`}
                      className="w-32"
                      value={m.role}
                      disabled={changeRole.isPending}
                      onChange={(e) => void onRole(m, e.target.value as FarmRole)}
                    >
                      {FARM_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {FARM_ROLE_LABELS[r]}
                        </option>
                      ))}
                    </Select>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-800"
                      onClick={() => setRemoving(m)}
                      aria-label={`Remove ${m.name}`}
                    >
                      <UserMinus size={16} aria-hidden /> Remove
                    </Button>
                  </div>
                ) : (
                  <Badge
                    tone={m.role === "owner" ? "amber" : m.role === "keeper" ? "green" : "blue"}
                  >
                    {FARM_ROLE_LABELS[m.role]}
                  </Badge>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <dl className="mt-3 grid gap-1 text-sm text-stone-700">
        {FARM_ROLES.map((r) => (
          <div key={r}>
            <dt className="inline font-semibold text-stone-900">{FARM_ROLE_LABELS[r]}: </dt>
            <dd className="inline">{ROLE_HINTS[r]}.</dd>
          </div>
        ))}
      </dl>
      {canLeave ? (
        <Button variant="secondary" className="mt-4" onClick={() => setLeaving(true)}>
          <LogOut size={18} aria-hidden /> Leave farm
        </Button>
      ) : (
        list.length > 1 && (
          <p className="mt-4 text-sm text-stone-700">
            You are this farm&apos;s only owner: make another member an owner before you leave.
          </p>
        )
      )}
      <Dialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={`Remove ${removing?.name ?? "member"}?`}
        description={`They lose access to ${farmName} at once. Records they logged stay.`}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void onRemove()} disabled={remove.isPending}>
            Remove
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={leaving}
        onOpenChange={setLeaving}
        title={`Leave ${farmName}?`}
        description="You lose access to its birds and records. An owner can invite you again."
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setLeaving(false)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void onLeave()} disabled={leave.isPending}>
            Leave farm
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
