import { LogOut } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useAccountSessions } from "../api/get-sessions";
import { useSignOutEverywhere } from "../api/sign-out-everywhere";
import { formatMoment } from "@/lib/dates";

const when = (iso: string) => formatMoment(iso, "dateTime");

/** Where the keeper is signed in, with 'Sign out everywhere'. */
export function SessionsCard() {
  const sessions = useAccountSessions();
  const signOutAll = useSignOutEverywhere();

  const onSignOutAll = async () => {
    try {
      await signOutAll.mutateAsync();
      window.location.assign("/");
    } catch (err) {
      toast({
        title: "Could not sign out",
        description: errorMessage(err),
        variant: "destructive",
      });
    }
  };

  return (
    <Card>
      <CardTitle>Where you are signed in</CardTitle>
      {sessions.isLoading && <p className="mt-2 text-stone-700">Loading…</p>}
      {sessions.isError && (
        <p className="mt-2 text-red-800" role="alert">
          {errorMessage(sessions.error)}
        </p>
      )}
      {sessions.data && (
        <ul className="mt-3 divide-y divide-stone-200" aria-label="Active sessions">
          {sessions.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="font-medium text-stone-900">
                {s.device} {s.current && <Badge tone="green">This device</Badge>}
              </span>
              <span className="text-sm text-stone-700">Last seen {when(s.lastSeenAt)}</span>
            </li>
          ))}
        </ul>
      )}
      <Button
        variant="secondary"
        className="mt-3"
        onClick={onSignOutAll}
        disabled={signOutAll.isPending}
        data-track="Sign Out Everywhere"
      >
        <LogOut size={18} aria-hidden /> Sign out everywhere
      </Button>
      <p className="mt-1 text-xs text-stone-600">Ends every session, this one included.</p>
    </Card>
  );
}
