import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { CloudUpload, TriangleAlert } from "lucide-react";
import {
  outbox,
  sendEntry,
  setOutboxUser,
  type FieldConflict,
  type FlushResult,
} from "@/lib/outbox";
import { useOnline } from "@/lib/pwa";
import { Button } from "@/components/ui/button";

/** "eggsLaid" -> "eggs laid": field names as a keeper reads them. */
const fieldName = (field: string) => field.replace(/([A-Z])/g, " $1").toLowerCase();
const valueText = (v: unknown) =>
  v === null || v === undefined || v === ""
    ? "nothing"
    : typeof v === "object"
      ? JSON.stringify(v)
      : String(v);

/** What happened to one field both this keeper and someone else changed. */
const conflictText = (c: FieldConflict) =>
  c.kept === "yours"
    ? `${fieldName(c.field)}: your ${valueText(c.yours)} replaced ${valueText(c.theirs)}, set by someone else meanwhile`
    : `${fieldName(c.field)}: kept ${valueText(c.theirs)}, set later by someone else; your ${valueText(c.yours)} was not applied`;

/**
 * The keeper's changes not sent yet (lib/outbox.ts): a count, the list, "Sync now", and each change
 * the server refused with its message and "Discard". Sends them by itself when the connection
 * returns and when the app opens online. Loaded with the signed-in header, outside first paint.
 */
export function PendingChanges({ userId }: { userId: string }) {
  const qc = useQueryClient();
  const online = useOnline();
  const all = useSyncExternalStore(outbox.subscribe, outbox.snapshot, () => null);
  const entries = useMemo(() => (all ?? []).filter((e) => e.userId === userId), [all, userId]);
  const [syncing, setSyncing] = useState(false);
  const [last, setLast] = useState<FlushResult | null>(null);

  const sync = useCallback(async () => {
    if (!navigator.onLine) return;
    setSyncing(true);
    try {
      const result = await outbox.flush(userId, sendEntry);
      setLast(result);
      // What was sent is on the server now: every list reads it again.
      if (result.sent > 0) await qc.invalidateQueries();
    } finally {
      setSyncing(false);
    }
  }, [qc, userId]);

  useEffect(() => {
    setOutboxUser(userId);
    void outbox.load().then(() => {
      if (navigator.onLine) void sync();
    });
    const onOnline = () => void sync();
    window.addEventListener("online", onOnline);
    return () => {
      window.removeEventListener("online", onOnline);
      setOutboxUser(null);
    };
  }, [userId, sync]);

  if (entries.length === 0) return null;
  const refused = entries.filter((e) => e.refused || e.notApplied).length;
  const conflicted = entries.filter((e) => e.conflicts).length;
  const waiting = entries.length - refused - conflicted;
  return (
    <section
      aria-label="Changes not sent yet"
      data-testid="pending-changes"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-stone-900"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2">
        <CloudUpload size={16} aria-hidden />
        <p className="font-semibold" data-testid="pending-count">
          {waiting > 0 && `${waiting} ${waiting === 1 ? "change" : "changes"} waiting to be sent`}
          {waiting > 0 && refused > 0 && " · "}
          {refused > 0 && `${refused} not saved`}
          {(waiting > 0 || refused > 0) && conflicted > 0 && " · "}
          {conflicted > 0 && `${conflicted} sent over a change by someone else`}
        </p>
        {waiting > 0 &&
          (online ? (
            <Button variant="secondary" disabled={syncing} onClick={() => void sync()}>
              {syncing ? "Sending…" : "Sync now"}
            </Button>
          ) : (
            <span className="text-stone-700">Sent when you are back online.</span>
          ))}
        {last?.error && waiting > 0 && online && !syncing && (
          <span role="status" className="text-stone-700">
            Not sent yet: {last.error}
          </span>
        )}
      </div>
      <details className="mx-auto max-w-7xl" open={refused + conflicted > 0}>
        <summary className="cursor-pointer py-1 text-stone-700">Show changes</summary>
        <ul className="space-y-1 py-1">
          {entries.map((e) => (
            <li
              key={e.key}
              data-testid="pending-change"
              className="flex flex-wrap items-center gap-2"
            >
              <span>{e.label}</span>
              {e.conflicts ? (
                <>
                  <span data-testid="change-conflict" className="text-stone-800">
                    Sent. {e.conflicts.map(conflictText).join("; ")}.
                  </span>
                  <Button
                    variant="secondary"
                    onClick={() => void outbox.discard(e.key)}
                    aria-label={`Dismiss ${e.label}`}
                  >
                    OK
                  </Button>
                </>
              ) : e.refused || e.notApplied ? (
                <>
                  <span role="alert" className="text-danger flex items-center gap-1">
                    <TriangleAlert size={14} aria-hidden />{" "}
                    {e.refused ? `Not saved: ${e.refused.message}` : e.notApplied}
                  </span>
                  <Button
                    variant="secondary"
                    onClick={() => void outbox.discard(e.key)}
                    aria-label={`Discard ${e.label}`}
                  >
                    Discard
                  </Button>
                </>
              ) : (
                <span className="text-stone-600">pending</span>
              )}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
