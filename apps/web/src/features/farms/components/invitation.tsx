import { LogIn, UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ApiError, errorMessage } from "@/lib/api-client";
import { signIn, useAuth } from "@/lib/auth";
import { formatMoment } from "@/lib/dates";
import { FARM_ROLE_LABELS } from "@/lib/farms";
import { toast } from "@/lib/toast";
import { useAcceptInvitation, useInvitationPreview } from "../api/farms";
import { ROLE_HINTS } from "./members-card";

/** Why a link cannot be used, in words; the server's own message when it sent one. */
function linkProblem(err: unknown): string {
  if (err instanceof ApiError && (err.status === 404 || err.status === 400 || err.status === 410)) {
    const said = errorMessage(err);
    return said && said !== "Not Found" ? said : "This invitation link cannot be used.";
  }
  return `Could not open this invitation: ${errorMessage(err)}`;
}

/**
 * The page an invitation link opens (`/invite/:token`): what it offers (farm, role, who invited,
 * until when). Signed out: sign in or create an account, coming back here; signed in: join.
 */
export function Invitation({ token }: { token: string }) {
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const here = `/invite/${encodeURIComponent(token)}`;

  if (preview.isLoading) return <p className="text-stone-700">Loading the invitation…</p>;
  if (preview.error || !preview.data) {
    return (
      <Alert tone="warning" role="alert">
        <p className="font-semibold">{linkProblem(preview.error)}</p>
        <p className="mt-1">
          Links work once and for 7 days, and an owner can revoke them. Ask the farm&apos;s owner
          for a new link.
        </p>
      </Alert>
    );
  }
  const p = preview.data;
  const role = FARM_ROLE_LABELS[p.role].toLowerCase();

  const onJoin = async () => {
    setError(null);
    try {
      await accept.mutateAsync();
      toast({ title: `Welcome to ${p.farmName}`, description: "It is now the farm in use." });
      await navigate("/chicken-tracker");
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Card className="max-w-xl">
      <div className="flex items-start gap-3">
        <Users className="mt-1 shrink-0 text-amber-700" aria-hidden />
        <div className="min-w-0">
          <h2 className="text-xl font-bold break-words text-stone-900">
            {p.invitedBy} invites you to keep {p.farmName}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-stone-800">
            <dt className="font-semibold">Farm</dt>
            <dd className="break-words">{p.farmName}</dd>
            <dt className="font-semibold">Role</dt>
            <dd>
              {FARM_ROLE_LABELS[p.role]}: {ROLE_HINTS[p.role]}
            </dd>
            <dt className="font-semibold">Invited by</dt>
            <dd className="break-words">{p.invitedBy}</dd>
            <dt className="font-semibold">Link expires</dt>
            <dd>{formatMoment(p.expiresAt, "long")}</dd>
          </dl>
        </div>
      </div>
      {error && (
        <Alert tone="danger" role="alert" className="mt-3">
          {error}
        </Alert>
      )}
      {authLoading ? null : isAuthenticated ? (
        <Button className="mt-4" onClick={() => void onJoin()} disabled={accept.isPending}>
          <UserPlus size={18} aria-hidden /> {accept.isPending ? "Joining…" : "Join farm"}
        </Button>
      ) : (
        <div className="mt-4">
          <p className="text-sm text-stone-800">
            Sign in, or create a free account, to join as a {role}. You come back to this page
            afterwards.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button onClick={() => signIn(here)} data-track="Invitation Sign In">
              <LogIn size={18} aria-hidden /> Sign in
            </Button>
            <Button
              variant="secondary"
              onClick={() => signIn(here)}
              data-track="Invitation Create Account"
            >
              <UserPlus size={18} aria-hidden /> Create account
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
