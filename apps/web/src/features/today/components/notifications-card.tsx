import { useEffect, useState } from "react";
import { Bell, BellOff } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Label, Select } from "@/components/ui/input";
import { apiGet, apiSend, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";

const supported = () =>
  typeof window !== "undefined" &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  "Notification" in window;

const keyBytes = (base64url: string) => {
  const b64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

/**
 * Notifications on this device: a morning digest at the keeper's hour (in this device's time zone)
 * and urgent alerts at once. The browser asks for permission; nothing is promised where the
 * browser cannot show notifications.
 */
export function NotificationsCard() {
  const [hour, setHour] = useState("7");
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!supported()) return;
    void navigator.serviceWorker.getRegistration().then(async (reg) => {
      const sub = reg ? await reg.pushManager.getSubscription() : null;
      setSubscribed(Boolean(sub));
    });
  }, []);

  if (!supported()) {
    return (
      <Card className="space-y-2">
        <CardTitle>Notifications</CardTitle>
        <p className="text-stone-800">This browser cannot show notifications from FlockKeeper.</p>
      </Card>
    );
  }

  const turnOn = async () => {
    setBusy(true);
    try {
      if ((await Notification.requestPermission()) !== "granted") {
        toast({ title: "Notifications are blocked for this site in the browser's settings" });
        return;
      }
      const reg = await navigator.serviceWorker.ready;
      const { publicKey } = await apiGet<{ publicKey: string }>("/api/push/public-key");
      const sub = await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
      await apiSend("POST", "/api/push/subscriptions", {
        ...sub.toJSON(),
        digestHour: hour === "none" ? null : Number(hour),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      setSubscribed(true);
      toast({ title: "Notifications are on for this device", variant: "success" });
    } catch (err) {
      toast({
        title: `Could not turn notifications on: ${errorMessage(err)}`,
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    try {
      const reg = await navigator.serviceWorker.getRegistration();
      const sub = reg ? await reg.pushManager.getSubscription() : null;
      if (sub) {
        await apiSend("DELETE", "/api/push/subscriptions", { endpoint: sub.endpoint }).catch(
          () => undefined,
        );
        await sub.unsubscribe();
      }
      setSubscribed(false);
      toast({ title: "Notifications are off for this device", variant: "success" });
    } catch (err) {
      toast({
        title: `Could not turn notifications off: ${errorMessage(err)}`,
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="space-y-3">
      <CardTitle>Notifications</CardTitle>
      <p className="text-stone-800">
        A morning summary of the day's tasks on this device, and severe weather alerts at once.
      </p>
      {subscribed ? (
        <Button variant="secondary" disabled={busy} onClick={() => void turnOff()}>
          <BellOff size={18} aria-hidden className="mr-1" /> Turn off on this device
        </Button>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <Label htmlFor="digest-hour">Morning summary at</Label>
            <Select id="digest-hour" value={hour} onChange={(e) => setHour(e.target.value)}>
              {Array.from({ length: 24 }, (_, h) => (
                <option key={h} value={String(h)}>
                  {String(h).padStart(2, "0")}:00
                </option>
              ))}
              <option value="none">No summary, alerts only</option>
            </Select>
          </div>
          <Button disabled={busy || subscribed === null} onClick={() => void turnOn()}>
            <Bell size={18} aria-hidden className="mr-1" /> Turn on notifications
          </Button>
        </div>
      )}
    </Card>
  );
}
