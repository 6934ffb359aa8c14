import { BellRing } from "lucide-react";
import { daysBetweenIso } from "@flockkeeper/shared/schemas/common";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import type { TrackerRecord } from "../hooks/use-vaccination-records";
import { formatDate } from "./format-date";
import { StatusBadge } from "./status-badge";

function when(record: TrackerRecord, today: string): string {
  const days = daysBetweenIso(today, record.nextDue);
  if (days === 0) return "due today";
  if (days > 0) return `due in ${days} ${days === 1 ? "day" : "days"}`;
  return `${-days} ${days === -1 ? "day" : "days"} overdue`;
}

/** Due and overdue vaccinations, most overdue first, each with Mark done. */
export function Reminders({
  records,
  today,
  busyId,
  onMarkDone,
}: {
  records: TrackerRecord[];
  today: string;
  busyId: string | null;
  onMarkDone: (record: TrackerRecord) => void;
}) {
  const due = records
    .filter((r) => r.status !== "completed")
    .sort((a, b) => a.nextDue.localeCompare(b.nextDue));
  return (
    <Card>
      <CardTitle className="flex items-center gap-2">
        <BellRing className="size-5 text-amber-700" aria-hidden />
        Reminders
      </CardTitle>
      {due.length === 0 ? (
        <p className="mt-2 text-stone-700">No vaccinations are due. You are up to date.</p>
      ) : (
        <ul className="mt-3 space-y-2" data-testid="reminders">
          {due.map((r) => (
            <li
              key={r.id}
              className="flex flex-wrap items-center gap-2 rounded-lg border border-stone-200 p-3"
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-stone-900">
                  {r.vaccine} for {r.birdName}
                </p>
                <p className="text-sm text-stone-700">
                  Next due {formatDate(r.nextDue)} ({when(r, today)})
                </p>
              </div>
              <StatusBadge status={r.status} />
              <Button
                size="sm"
                variant="success"
                onClick={() => onMarkDone(r)}
                disabled={busyId === r.id}
                aria-label={`Mark ${r.vaccine} for ${r.birdName} done`}
                data-track="Vaccination Mark Done"
              >
                Mark done
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
