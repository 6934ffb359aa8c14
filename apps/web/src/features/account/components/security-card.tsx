import { Copy, Download, KeyRound, Trash2 } from "lucide-react";
import { useState } from "react";
import { changePasswordBody, type ChangePasswordBody } from "@flockkeeper/shared/schemas/auth";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Form, useZodForm } from "@/components/ui/form";
import { PasswordField } from "@/components/ui/password-field";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import {
  useAccountSecurity,
  useAddPasskey,
  useChangePassword,
  useNewRecoveryCodes,
  useRemovePasskey,
} from "../api/account-security";
import { passkeyErrorMessage } from "../lib/passkey-errors";
import { isReauthCancelled, useReauth } from "@/lib/reauth";
import { browserSupportsWebAuthn } from "../lib/webauthn";
import { formatMoment } from "@/lib/dates";

const day = (iso: string) => formatMoment(iso, "short");

/** Passkeys, password and recovery codes of a built-in account. */
export function SecurityCard() {
  const security = useAccountSecurity();
  if (security.isLoading) {
    return (
      <Card>
        <CardTitle>Sign-in and security</CardTitle>
        <p className="mt-2 text-stone-700">Loading…</p>
      </Card>
    );
  }
  if (!security.data) {
    return (
      <Card>
        <CardTitle>Sign-in and security</CardTitle>
        <p className="mt-2 text-red-800" role="alert">
          {errorMessage(security.error)}
        </p>
      </Card>
    );
  }
  if (security.data.kind === "external") {
    return (
      <Card>
        <CardTitle>Sign-in and security</CardTitle>
        <p className="mt-1 text-sm text-stone-700">
          You sign in with another identity provider: change your password and passkeys there.
        </p>
      </Card>
    );
  }
  return (
    <Card>
      <CardTitle>Sign-in and security</CardTitle>
      <PasskeysSection passkeys={security.data.passkeys} />
      <PasswordSection />
      <RecoveryCodesSection left={security.data.recoveryCodesLeft ?? 0} />
    </Card>
  );
}

/** Toasts a failure, but not a cancelled confirmation (the keeper chose to stop). */
function failed(title: string, err: unknown, message = errorMessage(err)) {
  if (isReauthCancelled(err)) return;
  toast({ title, description: message, variant: "destructive" });
}

type Passkey = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

function PasskeysSection({ passkeys }: { passkeys: Passkey[] }) {
  const { guard } = useReauth();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const supported = browserSupportsWebAuthn();

  const onAdd = async () => {
    try {
      await guard(() => add.mutateAsync());
      toast({
        title: "Passkey added",
        description: "Next time, choose 'Sign in with a passkey'.",
      });
    } catch (err) {
      failed("Could not add the passkey", err, passkeyErrorMessage(err));
    }
  };
  const onRemove = async (p: Passkey) => {
    try {
      await guard(() => remove.mutateAsync(p.id));
      toast({ title: "Passkey removed", description: `${p.name} can no longer sign you in.` });
    } catch (err) {
      failed("Could not remove the passkey", err);
    }
  };

  return (
    <section className="mt-2" aria-labelledby="passkeys-heading">
      <h3 id="passkeys-heading" className="font-semibold text-stone-900">
        Passkeys
      </h3>
      <p className="mt-1 text-sm text-stone-700">
        Sign in with your fingerprint, face or screen lock instead of typing your password.
      </p>
      {passkeys.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700">You have no passkeys yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-200" aria-label="Your passkeys">
          {passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="block font-medium break-words text-stone-900">{p.name}</span>
                <span className="block text-sm text-stone-700">
                  Added {day(p.createdAt)} ·{" "}
                  {p.lastUsedAt ? `last used ${day(p.lastUsedAt)}` : "not used yet"}
                </span>
              </span>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onRemove(p)}
                disabled={remove.isPending}
                aria-label={`Remove passkey ${p.name}`}
              >
                <Trash2 size={16} aria-hidden /> Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <Button
          variant="secondary"
          className="mt-2"
          onClick={onAdd}
          disabled={add.isPending}
          data-track="Add Passkey"
        >
          <KeyRound size={18} aria-hidden /> Add a passkey
        </Button>
      ) : (
        <p className="mt-2 text-sm text-stone-700">This browser cannot make passkeys.</p>
      )}
    </section>
  );
}

function PasswordSection() {
  const { guard } = useReauth();
  const change = useChangePassword();
  // The request body's own schema: "Please enter your password", "Use at least 10 characters...".
  const form = useZodForm<ChangePasswordBody, ChangePasswordBody>({
    schema: changePasswordBody,
    defaultValues: { currentPassword: "", newPassword: "" },
  });

  const onSubmit = async (body: ChangePasswordBody) => {
    try {
      await guard(() => change.mutateAsync(body));
      form.reset();
      toast({
        title: "Password changed",
        description: "You stay signed in here; your other sessions were signed out.",
      });
    } catch (err) {
      if (isReauthCancelled(err)) return;
      const message = errorMessage(err);
      // The server names the current password when that was wrong; anything else is the new one.
      form.setError(/current/i.test(message) ? "currentPassword" : "newPassword", { message });
    }
  };

  return (
    <section className="mt-5 border-t border-stone-200 pt-4" aria-labelledby="password-heading">
      <h3 id="password-heading" className="font-semibold text-stone-900">
        Change password
      </h3>
      <Form form={form} onSubmit={onSubmit} className="mt-2 grid max-w-sm gap-3">
        <PasswordField
          name="currentPassword"
          id="current-password"
          label="Current password"
          autoComplete="current-password"
        />
        <PasswordField
          name="newPassword"
          id="new-password"
          label="New password"
          autoComplete="new-password"
          hint="At least 10 characters, not a common password and not your email."
        />
        <div>
          <Button type="submit" disabled={change.isPending}>
            Change password
          </Button>
        </div>
      </Form>
    </section>
  );
}

function RecoveryCodesSection({ left }: { left: number }) {
  const { guard } = useReauth();
  const regenerate = useNewRecoveryCodes();
  // Shown once: kept only in this component's memory, never fetched again.
  const [codes, setCodes] = useState<string[]>();

  const onNew = async () => {
    try {
      const res = await guard(() => regenerate.mutateAsync());
      setCodes(res.codes);
    } catch (err) {
      failed("Could not make new recovery codes", err);
    }
  };
  const text = () =>
    `FlockKeeper recovery codes (each works once)\n\n${(codes ?? []).join("\n")}\n`;
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      toast({ title: "Codes copied", description: "Paste them somewhere safe." });
    } catch {
      toast({
        title: "Could not copy",
        description: "Select the codes and copy them, or download them.",
        variant: "destructive",
      });
    }
  };
  const onDownload = () => {
    const url = URL.createObjectURL(new Blob([text()], { type: "text/plain" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "flockkeeper-recovery-codes.txt";
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <section className="mt-5 border-t border-stone-200 pt-4" aria-labelledby="codes-heading">
      <h3 id="codes-heading" className="font-semibold text-stone-900">
        Recovery codes
      </h3>
      <p className="mt-1 text-sm text-stone-700" data-testid="recovery-codes-left">
        {left === 1 ? "1 unused code left." : `${left} unused codes left.`} A code and a new
        password get you back in if you forget your password. New codes replace all the old ones.
      </p>
      {codes ? (
        <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3">
          <p className="text-sm font-semibold text-stone-900" role="status">
            Save these now: they are shown only once.
          </p>
          <ul
            className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm"
            aria-label="New recovery codes"
          >
            {codes.map((c) => (
              <li key={c}>
                <code className="break-all">{c}</code>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={onCopy}>
              <Copy size={16} aria-hidden /> Copy codes
            </Button>
            <Button variant="secondary" size="sm" onClick={onDownload}>
              <Download size={16} aria-hidden /> Download codes
            </Button>
            <Button size="sm" onClick={() => setCodes(undefined)}>
              I have saved them
            </Button>
          </div>
        </div>
      ) : (
        <Button
          variant="secondary"
          className="mt-2"
          onClick={onNew}
          disabled={regenerate.isPending}
        >
          Make new recovery codes
        </Button>
      )}
    </section>
  );
}
