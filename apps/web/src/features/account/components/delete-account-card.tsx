import { useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { CONFIRM_EMAIL_MISMATCH } from "@flockkeeper/shared/domain/account-messages";
import type { DeleteAccountBody } from "@flockkeeper/shared/schemas/account";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Field, Form, lazySchema, useZodForm } from "@/components/ui/form";
import { Dialog } from "@/components/ui/lazy-dialog";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDeleteAccount } from "../api/delete-account";
import { isReauthCancelled, useReauth } from "@/lib/reauth";

/** Deletes the account and every record after the keeper types their email again. */
export function DeleteAccountCard({ email }: { email: string | null }) {
  const [open, setOpen] = useState(false);
  const del = useDeleteAccount();
  const qc = useQueryClient();
  const { guard } = useReauth();
  const expected = email ?? "DELETE";
  // The server's own body schema ("Please type your email to confirm" when empty), then the same
  // comparison the server makes (case and spaces aside), so a mismatch is named before sending.
  const form = useZodForm<{ confirmEmail: string }, DeleteAccountBody>({
    // Fetched on the first submit, with zod: the Account page's first paint stays without it.
    schema: lazySchema(() =>
      import("@flockkeeper/shared/schemas/account").then((m) => m.deleteAccountBody),
    ),
    defaultValues: { confirmEmail: "" },
    check: (_values, body) => ({
      confirmEmail:
        body !== null &&
        body.confirmEmail.toLowerCase() !== expected.toLowerCase() &&
        CONFIRM_EMAIL_MISMATCH,
    }),
  });

  const onSubmit = async (body: DeleteAccountBody) => {
    try {
      await guard(() => del.mutateAsync(body.confirmEmail));
      qc.clear();
      toast({
        title: "Account deleted",
        description: "Your account and all your records are gone.",
      });
      window.location.assign("/");
    } catch (err) {
      if (isReauthCancelled(err)) return;
      form.setError("confirmEmail", { type: "server", message: errorMessage(err) });
    }
  };

  return (
    <Card className="border-red-300">
      <CardTitle>Delete account</CardTitle>
      <p className="mt-1 text-sm text-stone-700">
        Removes your account, every bird, record, photo and setting, and any newsletter sign-up for
        your email address, and signs you out everywhere. This cannot be undone: download your data
        first if you may want it later.
      </p>
      <Button
        variant="destructive"
        className="mt-3"
        onClick={() => setOpen(true)}
        data-track="Delete Account"
      >
        <Trash2 size={18} aria-hidden /> Delete my account
      </Button>
      <Dialog
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (!o) form.reset();
        }}
        title="Delete your account?"
        description="Everything you have recorded will be deleted for good."
      >
        <Form form={form} onSubmit={onSubmit}>
          <Field
            name="confirmEmail"
            id="confirm-email"
            label={email ? `Type your email (${email}) to confirm` : "Type DELETE to confirm"}
          >
            {(props) => <Input {...props} type={email ? "email" : "text"} autoComplete="off" />}
          </Field>
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={del.isPending}>
              Delete everything
            </Button>
          </div>
        </Form>
      </Dialog>
    </Card>
  );
}
