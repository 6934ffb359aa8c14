import { useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Dialog } from "@/components/ui/lazy-dialog";
import { FieldError, Input, Label } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDeleteAccount } from "../api/delete-account";
import { isReauthCancelled, useReauth } from "@/lib/reauth";

/** Deletes the account and every record after the keeper types their email again. */
export function DeleteAccountCard({ email }: { email: string | null }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string>();
  const del = useDeleteAccount();
  const qc = useQueryClient();
  const { guard } = useReauth();
  const expected = email ?? "DELETE";

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (typed.trim().toLowerCase() !== expected.toLowerCase()) {
      setError("The email you typed does not match your account");
      return;
    }
    setError(undefined);
    try {
      await guard(() => del.mutateAsync(typed.trim()));
      qc.clear();
      toast({
        title: "Account deleted",
        description: "Your account and all your records are gone.",
      });
      window.location.assign("/");
    } catch (err) {
      if (isReauthCancelled(err)) return;
      setError(errorMessage(err));
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
          if (!o) {
            setTyped("");
            setError(undefined);
          }
        }}
        title="Delete your account?"
        description="Everything you have recorded will be deleted for good."
      >
        <form onSubmit={onSubmit} noValidate>
          <Label htmlFor="confirm-email">
            {email ? `Type your email (${email}) to confirm` : "Type DELETE to confirm"}
          </Label>
          <Input
            id="confirm-email"
            type={email ? "email" : "text"}
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "confirm-email-error" : undefined}
          />
          <FieldError id="confirm-email-error" message={error} />
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={del.isPending}>
              Delete everything
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}
