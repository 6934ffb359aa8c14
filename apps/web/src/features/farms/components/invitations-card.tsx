import { Copy, UserPlus } from "lucide-react";
import { useState } from "react";
import {
  FARM_ROLES,
  type CreatedInvitation,
  type FarmRole,
} from "@flockkeeper/shared/schemas/farm";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Input, Label, Select } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { formatMoment } from "@/lib/dates";
import { FARM_ROLE_LABELS } from "@/lib/farms";
import { toast } from "@/lib/toast";
import { useCreateInvitation, useInvitations, useRevokeInvitation } from "../api/farms";

/** A moment with its time, in the keeper's locale and time zone. */
const when = (iso: string) => formatMoment(iso, "dateTime");

/**
 * Invite someone (owner): choose a role, get a one-time link to send them (shown once, valid for
 * 7 days), and see the open invitations with Revoke.
 */
export function InvitationsCard({ farmId }: { farmId: string }) {
  const [role, setRole] = useState<FarmRole>("helper");
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateInvitation(farmId);
  const revoke = useRevokeInvitation(farmId);
  const open = useInvitations(farmId, true);

  const onCreate = async () => {
    setError(null);
    try {
      setCreated(await create.mutateAsync(role));
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const onCopy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      toast({ title: "Link copied", variant: "success" });
    } catch {
      toast({
        title: "Could not copy the link",
        description: "Select the link and copy it yourself.",
        variant: "destructive",
      });
    }
  };
  const onRevoke = async (id: string) => {
    setError(null);
    try {
      await revoke.mutateAsync(id);
      if (created?.id === id) setCreated(null);
      toast({ title: "Invitation revoked" });
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Card>
      <CardTitle>Invite someone</CardTitle>
      <p className="mt-1 text-sm text-stone-700">
        Make a link for one person and send it to them yourself. It works once and expires after 7
        days.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div>
          <Label htmlFor="invite-role">Role</Label>
          <Select
            id="invite-role"
            className="w-36"
            value={role}
            onChange={(e) => setRole(e.target.value as FarmRole)}
          >
            {FARM_ROLES.map((r) => (
              <option key={r} value={r}>
                {FARM_ROLE_LABELS[r]}
              </option>
            ))}
          </Select>
        </div>
        <Button onClick={() => void onCreate()} disabled={create.isPending} data-track="Invite">
          <UserPlus size={18} aria-hidden /> Create invitation link
        </Button>
      </div>
      {error && (
        <Alert tone="danger" role="alert" className="mt-2">
          {error}
        </Alert>
      )}
      {created && (
        <div className="mt-3 rounded-lg border border-green-400 bg-green-50 p-3">
          <Label htmlFor="invite-link">
            Invitation link for a {FARM_ROLE_LABELS[created.role].toLowerCase()}
          </Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id="invite-link"
              readOnly
              value={created.url}
              className="min-w-0 flex-1 font-mono text-sm"
              onFocus={(e) => e.currentTarget.select()}
              aria-describedby="invite-link-expiry"
            />
            <Button variant="secondary" onClick={() => void onCopy()}>
              <Copy size={16} aria-hidden /> Copy
            </Button>
          </div>
          <p id="invite-link-expiry" className="mt-1 text-sm text-stone-800">
            Expires {when(created.expiresAt)}. It is shown only now: copy it before you leave this
            page.
          </p>
        </div>
      )}
      <h3 className="mt-4 font-semibold text-stone-900">Open invitations</h3>
      {open.error ? (
        <Alert tone="danger" className="mt-2">
          Could not load the invitations: {errorMessage(open.error)}
        </Alert>
      ) : open.isLoading ? (
        <p className="mt-1 text-sm text-stone-700">Loading…</p>
      ) : (open.data ?? []).length === 0 ? (
        <p className="mt-1 text-sm text-stone-700">No open invitations.</p>
      ) : (
        <ul className="mt-1 divide-y divide-stone-200" aria-label="Open invitations">
          {open.data!.map((inv) => (
            <li key={inv.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0 text-sm text-stone-800">
                <Badge tone="blue">{FARM_ROLE_LABELS[inv.role]}</Badge>{" "}
                <span className="break-words">
                  by {inv.createdBy}, expires {when(inv.expiresAt)}
                </span>
              </div>
              <Button
                size="sm"
                variant="ghost"
                className="text-red-800"
                onClick={() => void onRevoke(inv.id)}
                disabled={revoke.isPending}
                aria-label={`Revoke the ${FARM_ROLE_LABELS[inv.role].toLowerCase()} invitation that expires ${when(inv.expiresAt)}`}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
