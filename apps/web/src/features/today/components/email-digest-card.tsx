import { useState } from "react";
import { Mail } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Label, Select } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useEmailDigest, useSetEmailDigest } from "../api/tasks";

const hourLabel = (h: number) => `${String(h).padStart(2, "0")}:00`;

/**
 * The morning summary by email (issue 22 item 5). Shown only when the server sends email
 * (`SMTP_URL` set: `available`); each email has a one-click unsubscribe link as well.
 */
export function EmailDigestCard() {
  const view = useEmailDigest();
  const save = useSetEmailDigest();
  const [hour, setHour] = useState("7");
  if (!view.data?.available) return null;
  const { digest, email } = view.data;

  const set = async (on: boolean) => {
    try {
      await save.mutateAsync(
        on
          ? {
              digestHour: Number(hour),
              timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
            }
          : null,
      );
      toast({
        title: on ? `Morning summary emails go to ${email}` : "Morning summary emails are off",
        variant: "success",
      });
    } catch (err) {
      toast({ title: `Could not change the email: ${errorMessage(err)}`, variant: "destructive" });
    }
  };

  return (
    <Card className="space-y-3" data-testid="email-digest">
      <CardTitle>Morning summary by email</CardTitle>
      {!email ? (
        <p className="text-stone-800">Your account has no email address to send it to.</p>
      ) : digest ? (
        <>
          <p className="text-stone-800">
            Every day at {hourLabel(digest.digestHour)} ({digest.timeZone}) to{" "}
            <span className="break-all font-semibold">{email}</span>.
          </p>
          <Button variant="secondary" disabled={save.isPending} onClick={() => void set(false)}>
            Stop the emails
          </Button>
        </>
      ) : (
        <>
          <p className="text-stone-800">
            The day's tasks in your inbox, to <span className="break-all">{email}</span>.
          </p>
          <div className="flex flex-wrap items-end gap-3">
            <div>
              <Label htmlFor="email-digest-hour">Send at</Label>
              <Select id="email-digest-hour" value={hour} onChange={(e) => setHour(e.target.value)}>
                {Array.from({ length: 24 }, (_, h) => (
                  <option key={h} value={String(h)}>
                    {hourLabel(h)}
                  </option>
                ))}
              </Select>
            </div>
            <Button disabled={save.isPending} onClick={() => void set(true)}>
              <Mail size={18} aria-hidden className="mr-1" /> Email me each morning
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
