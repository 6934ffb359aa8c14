import { useState } from "react";
import { Link } from "react-router";
import {
  CalendarClock,
  CheckCircle2,
  CircleAlert,
  CloudLightning,
  Egg,
  Syringe,
  Thermometer,
  Sparkles,
  Brush,
  Pill,
  ShieldCheck,
  Wheat,
} from "lucide-react";
import { addDaysIso, todayIso } from "@flockkeeper/shared/domain/dates";
import type { Task } from "@flockkeeper/shared/schemas/tasks";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { formatDay, formatMoment } from "@/lib/dates";
import { useOnline } from "@/lib/pwa";
import { toast } from "@/lib/toast";
import { toastSaved } from "@/lib/saved-toast";
import { useMarkTaskDone, useSnoozeTask, useTasks } from "../api/tasks";
import { ChoresPanel } from "./chores-panel";
import { NotificationsCard } from "./notifications-card";
import { EmailDigestCard } from "./email-digest-card";

/** The keeper's own calendar day (their time zone), as the server expects it. */
export function keeperDate(now = new Date()): string {
  return todayIso(now, now.getTimezoneOffset());
}

const ICONS: Record<Task["kind"], typeof Egg> = {
  weather: CloudLightning,
  treatment: Pill,
  withdrawal: ShieldCheck,
  vaccination: Syringe,
  lockdown: Thermometer,
  hatch: Sparkles,
  candling: Sparkles,
  eggs: Egg,
  feed: Wheat,
  chore: Brush,
};

/** The "one tap to do it" label for each kind. */
const ACTION: Record<Task["kind"], string> = {
  weather: "See the forecast",
  treatment: "Open the treatments",
  withdrawal: "Open the treatments",
  vaccination: "Open the vaccination tracker",
  lockdown: "Open the hatch",
  hatch: "Record the hatch",
  candling: "Record a candling",
  eggs: "Log the basket",
  feed: "See the feed stock",
  chore: "See chores",
};

/**
 * Today: the farm in use's tasks for the keeper's day (and overdue ones), each with its reason,
 * a link to where it is done, Done and Snooze (until tomorrow). Done and snoozed are the farm's:
 * every member sees who did it.
 */
export function TodayView() {
  const [date] = useState(() => keeperDate());
  const tasks = useTasks(date);
  const online = useOnline();
  const done = useMarkTaskDone();
  const snooze = useSnoozeTask();

  const onDone = async (task: Task) => {
    try {
      toastSaved(await done.mutateAsync(task), `Done: ${task.title}`);
    } catch (err) {
      toast({ title: `Could not mark it done: ${errorMessage(err)}`, variant: "destructive" });
    }
  };
  const onSnooze = async (task: Task) => {
    const until = addDaysIso(date, 1);
    try {
      toastSaved(
        await snooze.mutateAsync({ task, until }),
        `Snoozed until tomorrow: ${task.title}`,
      );
    } catch (err) {
      toast({ title: `Could not snooze it: ${errorMessage(err)}`, variant: "destructive" });
    }
  };

  const list = tasks.data?.tasks ?? [];
  const open = list.filter((t) => !t.done && !t.snoozedUntil);
  const snoozed = list.filter((t) => !t.done && t.snoozedUntil);
  const finished = list.filter((t) => t.done);

  return (
    <div className="space-y-6">
      <p className="text-stone-800">{formatDay(date, "long")}</p>
      {tasks.isLoading ? (
        <p className="text-stone-700">Loading today's tasks…</p>
      ) : tasks.isError ? (
        <p role="alert" className="text-red-800">
          Could not load today's tasks: {errorMessage(tasks.error)}
        </p>
      ) : !tasks.data ? (
        // Offline, and the day's list never reached this phone: saying nothing is left would be
        // a guess.
        <p role="status" data-testid="tasks-offline" className="text-stone-800">
          Today's tasks are not available offline yet: they are kept on this phone once the app has
          been open with a connection today.
        </p>
      ) : (
        <>
          {!online && (
            <p role="status" data-testid="tasks-copy" className="text-sm text-stone-700">
              Offline: the list as it was at{" "}
              {formatMoment(new Date(tasks.dataUpdatedAt).toISOString(), "time")}. Done and Snooze
              are sent when you are back online.
            </p>
          )}
          {tasks.data?.unavailable.map((u) => (
            <p
              key={u.source}
              role="status"
              className="flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
            >
              <CircleAlert size={18} aria-hidden /> {u.message}
            </p>
          ))}
          <section aria-labelledby="to-do">
            <h2 id="to-do" className="mb-3 text-xl font-bold text-stone-900">
              To do ({open.length})
            </h2>
            {open.length === 0 ? (
              <p className="text-stone-800">Nothing left to do today.</p>
            ) : (
              <ul className="space-y-3" aria-label="Tasks to do">
                {open.map((t) => (
                  <TaskCard
                    key={t.id}
                    task={t}
                    busy={done.isPending || snooze.isPending}
                    onDone={() => void onDone(t)}
                    onSnooze={() => void onSnooze(t)}
                  />
                ))}
              </ul>
            )}
          </section>
          {snoozed.length > 0 && (
            <section aria-labelledby="snoozed">
              <h2 id="snoozed" className="mb-3 text-lg font-bold text-stone-900">
                Snoozed
              </h2>
              <ul className="space-y-2" aria-label="Snoozed tasks">
                {snoozed.map((t) => (
                  <li key={t.id} className="flex items-center gap-2 text-stone-800">
                    <CalendarClock size={16} aria-hidden />
                    <span>
                      {t.title}: back {formatDay(t.snoozedUntil!, "short")}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {finished.length > 0 && (
            <section aria-labelledby="done">
              <h2 id="done" className="mb-3 text-lg font-bold text-stone-900">
                Done
              </h2>
              <ul className="space-y-2" aria-label="Done tasks">
                {finished.map((t) => (
                  <li key={t.id} className="flex items-center gap-2 text-stone-800">
                    <CheckCircle2 size={16} aria-hidden className="text-green-700" />
                    <span>
                      {t.title}
                      {t.doneByName ? ` (done by ${t.doneByName})` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      <ChoresPanel />
      <NotificationsCard />
      <EmailDigestCard />
    </div>
  );
}

function TaskCard({
  task,
  busy,
  onDone,
  onSnooze,
}: {
  task: Task;
  busy: boolean;
  onDone: () => void;
  onSnooze: () => void;
}) {
  const Icon = ICONS[task.kind];
  return (
    <li>
      <Card className="space-y-2" data-testid="task">
        <div className="flex items-start gap-3">
          <Icon size={22} aria-hidden className="mt-0.5 shrink-0 text-amber-800" />
          <div className="min-w-0">
            <CardTitle className="text-lg break-words">{task.title}</CardTitle>
            <p className="text-sm text-stone-800">
              {task.urgent && <strong className="text-red-800">Urgent. </strong>}
              {task.overdue && (
                <strong className="text-red-800">Due {formatDay(task.due, "short")}. </strong>
              )}
              {task.reason}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={task.link}
            className="inline-flex h-11 items-center rounded-lg px-3 font-semibold text-blue-800 underline underline-offset-2 hover:bg-stone-100 focus-visible:outline-3 focus-visible:outline-blue-700"
          >
            {ACTION[task.kind]}
          </Link>
          <Button
            variant="success"
            disabled={busy}
            onClick={onDone}
            aria-label={`Mark done: ${task.title}`}
          >
            Done
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={onSnooze}
            aria-label={`Snooze until tomorrow: ${task.title}`}
          >
            Snooze
          </Button>
        </div>
      </Card>
    </li>
  );
}
