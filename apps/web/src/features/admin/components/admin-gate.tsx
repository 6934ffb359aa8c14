import { Lock } from "lucide-react";
import type { AdminSession } from "@flockkeeper/shared/schemas/admin";
import { ADMIN_DENIED_MESSAGE, adminLoginBody } from "@flockkeeper/shared/schemas/admin";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Form, useZodForm } from "@/components/ui/form";
import { PasswordField } from "@/components/ui/password-field";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useAdminLogin } from "../api/admin-login";

/** The /admin password gate; the server checks the password (or the keeper's ADMIN_EMAILS entry). */
export function AdminGate({ session }: { session: AdminSession }) {
  const login = useAdminLogin();
  // The server's body schema (a password of at most 500 characters, or the denial message).
  const form = useZodForm<{ password: string }, { password?: string }>({
    schema: adminLoginBody,
    defaultValues: { password: "" },
  });
  const password = form.watch("password");

  const fail = (err: unknown) => {
    const denied = err instanceof ApiError && err.status === 401;
    const message = denied ? ADMIN_DENIED_MESSAGE : errorMessage(err);
    form.setError("password", { message });
    if (denied)
      toast({
        title: "Access Denied",
        description: "Invalid admin password.",
        variant: "destructive",
      });
    else toast({ title: "Error", description: message, variant: "destructive" });
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
            <Form
              form={form}
              onSubmit={(body) =>
                body.password
                  ? login.mutateAsync(body.password).then(() => form.reset({ password: "" }), fail)
                  : undefined
              }
            >
              <PasswordField
                name="password"
                id="admin-password"
                label="Admin password"
                autoComplete="current-password"
              />
              <Button type="submit" className="mt-3 w-full" disabled={!password || login.isPending}>
                {login.isPending ? "Checking..." : "Access Admin Panel"}
              </Button>
            </Form>
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
