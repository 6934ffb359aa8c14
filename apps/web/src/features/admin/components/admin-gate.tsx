import { useState, type FormEvent } from "react";
import { Lock } from "lucide-react";
import type { AdminSession } from "@flockkeeper/shared/schemas/admin";
import { ADMIN_DENIED_MESSAGE } from "@flockkeeper/shared/schemas/admin";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FieldError, Input, Label } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useAdminLogin } from "../api/admin-login";

/** The /admin password gate; the server checks the password (or the keeper's ADMIN_EMAILS entry). */
export function AdminGate({ session }: { session: AdminSession }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const login = useAdminLogin();

  const fail = (err: unknown) => {
    const denied = err instanceof ApiError && err.status === 401;
    const message = denied ? ADMIN_DENIED_MESSAGE : errorMessage(err);
    setError(message);
    if (denied)
      toast({
        title: "Access Denied",
        description: "Invalid admin password.",
        variant: "destructive",
      });
    else toast({ title: "Error", description: message, variant: "destructive" });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) return;
    setError(undefined);
    login.mutate(password, { onError: fail, onSuccess: () => setPassword("") });
  };

  return (
    <Card className="mx-auto mt-6 max-w-md">
      <div className="mb-4 flex items-center gap-2">
        <Lock size={22} aria-hidden className="text-amber-800" />
        <h2 className="text-xl font-bold text-stone-900">Admin Access</h2>
      </div>
      {!session.configured ? (
        <Alert tone="warning" data-testid="admin-not-configured">
          Admin access is not configured on this server. {session.hint}
        </Alert>
      ) : (
        <>
          {session.emailAdmin && (
            <div className="mb-4">
              <Button
                className="w-full"
                onClick={() => login.mutate(undefined, { onError: fail })}
                disabled={login.isPending}
              >
                Continue as admin ({session.email})
              </Button>
            </div>
          )}
          {session.passwordEnabled && (
            <form onSubmit={submit} noValidate>
              <Label htmlFor="admin-password">Admin password</Label>
              <Input
                id="admin-password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "admin-password-error" : undefined}
              />
              <FieldError id="admin-password-error" message={error} />
              <Button type="submit" className="mt-3 w-full" disabled={!password || login.isPending}>
                {login.isPending ? "Checking..." : "Access Admin Panel"}
              </Button>
            </form>
          )}
          {!session.passwordEnabled && !session.emailAdmin && (
            <Alert tone="info">
              Sign in with an administrator's account to open the admin panel.
            </Alert>
          )}
        </>
      )}
    </Card>
  );
}
