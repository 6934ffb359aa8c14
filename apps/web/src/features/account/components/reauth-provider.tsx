import { useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import { reauthBody, type ReauthBody } from "@flockkeeper/shared/schemas/auth";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/lazy-dialog";
import { Form, useZodForm } from "@/components/ui/form";
import { PasswordField } from "@/components/ui/password-field";
import { errorMessage } from "@/lib/api-client";
import {
  accountSecurityKey,
  reauthWithPasskey,
  reauthWithPassword,
  recentAuthLeftMs,
  useAccountSecurity,
} from "../api/account-security";
import { isReauthRequired, ReauthCancelled, ReauthContext, type Reauth } from "@/lib/reauth";
import { passkeyErrorMessage } from "../lib/passkey-errors";
import { browserSupportsWebAuthn } from "../lib/webauthn";

// A download starts right after the check: ask already when less than this is left.
const MARGIN_MS = 3_000;

type Pending = { resolve: () => void; reject: (err: unknown) => void };

/**
 * Gives the Account page's risky actions a "Confirm it's you" step: the dialog opens when the
 * server answers 403 REAUTH_REQUIRED (or before a download when the sign-in is too old), takes the
 * password or a passkey, and the action then runs again.
 */
export function ReauthProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pending = useRef<Pending | null>(null);

  const confirm = useCallback(
    () =>
      new Promise<void>((resolve, reject) => {
        pending.current?.reject(new ReauthCancelled());
        pending.current = { resolve, reject };
        setOpen(true);
      }),
    [],
  );

  const reauth = useMemo<Reauth>(
    () => ({
      guard: async (action) => {
        try {
          return await action();
        } catch (err) {
          if (!isReauthRequired(err)) throw err;
          await confirm();
          return action();
        }
      },
      ensureRecent: async () => {
        if ((await recentAuthLeftMs()) < MARGIN_MS) await confirm();
      },
    }),
    [confirm],
  );

  const finish = (ok: boolean) => {
    const p = pending.current;
    pending.current = null;
    setOpen(false);
    if (ok) p?.resolve();
    else p?.reject(new ReauthCancelled());
  };

  return (
    <ReauthContext.Provider value={reauth}>
      {children}
      <Dialog
        open={open}
        onOpenChange={(o) => {
          if (!o) finish(false);
        }}
        title="Confirm it's you"
        description="You signed in a while ago. Before this change, confirm it is you with your password or a passkey."
      >
        {open && <ReauthForm onConfirmed={() => finish(true)} onCancel={() => finish(false)} />}
      </Dialog>
    </ReauthContext.Provider>
  );
}

function ReauthForm({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const security = useAccountSecurity();
  const qc = useQueryClient();
  const form = useZodForm<ReauthBody, ReauthBody>({
    schema: reauthBody,
    defaultValues: { password: "" },
  });
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const busy = passkeyBusy || form.formState.isSubmitting;
  const canUsePasskey = (security.data?.passkeys.length ?? 0) > 0 && browserSupportsWebAuthn();

  const done = async () => {
    await qc.invalidateQueries({ queryKey: accountSecurityKey });
    onConfirmed();
  };

  const onSubmit = async ({ password }: ReauthBody) => {
    try {
      await reauthWithPassword(password);
      await done();
    } catch (err) {
      form.setError("password", { message: errorMessage(err) });
    }
  };

  const onPasskey = async () => {
    setPasskeyBusy(true);
    form.clearErrors();
    try {
      await reauthWithPasskey();
      await done();
    } catch (err) {
      form.setError("password", { message: passkeyErrorMessage(err) });
    } finally {
      setPasskeyBusy(false);
    }
  };

  if (security.data?.kind === "external") {
    // Another identity provider holds the password: a fresh sign-in there is the proof.
    return (
      <div>
        <p className="text-sm text-stone-700">
          Your account signs in with another provider. Sign in again, then repeat the change.
        </p>
        <div className="mt-4 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <a
            href={`/api/login?returnTo=${encodeURIComponent(window.location.pathname)}`}
            className={buttonClass("primary")}
          >
            Sign in again
          </a>
        </div>
      </div>
    );
  }

  return (
    <Form form={form} onSubmit={onSubmit}>
      <PasswordField
        name="password"
        id="reauth-password"
        label="Your password"
        autoComplete="current-password"
      />
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        {canUsePasskey && (
          <Button variant="secondary" onClick={onPasskey} disabled={busy} className="mr-auto">
            <KeyRound size={18} aria-hidden /> Use a passkey
          </Button>
        )}
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          Confirm
        </Button>
      </div>
    </Form>
  );
}
