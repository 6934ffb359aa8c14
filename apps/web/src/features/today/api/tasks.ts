import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Chore,
  CreateChoreBody,
  EmailDigestBody,
  EmailDigestView,
  Task,
  TasksResponse,
} from "@flockkeeper/shared/schemas/tasks";
import { apiGet, apiSend } from "@/lib/api-client";
import { isQueued, sendOrQueue } from "@/lib/outbox";

/** Today's tasks are per day: the key carries the keeper's date. */
export const tasksKey = ["tasks"] as const;
export const choresKey = ["chores"] as const;

/** `GET /api/tasks?date=` for the keeper's own calendar day. */
export function useTasks(date: string, enabled = true) {
  return useQuery({
    queryKey: [...tasksKey, date],
    queryFn: () => apiGet<TasksResponse>(`/api/tasks?date=${date}`),
    enabled,
    // Another keeper of the farm may tick something off: asked again each time the page is shown
    // (a local copy restored at start-up shows at once, then the server's list replaces it).
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

const path = (id: string) => `/api/tasks/${encodeURIComponent(id)}`;

/** A change kept offline shows on the day's list at once (the server's list replaces it later). */
function useShowKept() {
  const qc = useQueryClient();
  return (result: unknown, id: string, change: Partial<Task>) => {
    if (!isQueued(result)) return;
    qc.setQueriesData<TasksResponse>({ queryKey: tasksKey }, (old) =>
      old ? { ...old, tasks: old.tasks.map((t) => (t.id === id ? { ...t, ...change } : t)) } : old,
    );
  };
}

/** `POST /api/tasks/{id}/done`; offline, kept in the outbox and shown done. */
export function useMarkTaskDone() {
  const qc = useQueryClient();
  const showKept = useShowKept();
  return useMutation({
    mutationFn: (task: Pick<Task, "id" | "title">) =>
      sendOrQueue("POST", `${path(task.id)}/done`, undefined, `Done: ${task.title}`),
    onSuccess: (result, task) => showKept(result, task.id, { done: true }),
    onSettled: () => qc.invalidateQueries({ queryKey: tasksKey }),
  });
}

/** `POST /api/tasks/{id}/snooze {until}`; offline, kept in the outbox and shown snoozed. */
export function useSnoozeTask() {
  const qc = useQueryClient();
  const showKept = useShowKept();
  return useMutation({
    mutationFn: ({ task, until }: { task: Pick<Task, "id" | "title">; until: string }) =>
      sendOrQueue(
        "POST",
        `${path(task.id)}/snooze`,
        { until },
        `Snoozed to ${until}: ${task.title}`,
      ),
    onSuccess: (result, { task, until }) => showKept(result, task.id, { snoozedUntil: until }),
    onSettled: () => qc.invalidateQueries({ queryKey: tasksKey }),
  });
}

/** `GET /api/chores`. */
export function useChores(enabled = true) {
  return useQuery({
    queryKey: choresKey,
    queryFn: () => apiGet<Chore[]>("/api/chores"),
    enabled,
    // Another keeper may have added one: asked again each time the page is shown.
    staleTime: 0,
  });
}

/** `POST /api/chores`; the day's list changes with it. */
export function useCreateChore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChoreBody) => apiSend<Chore>("POST", "/api/chores", body),
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: choresKey });
      await qc.invalidateQueries({ queryKey: tasksKey });
    },
  });
}

/** `DELETE /api/chores/{id}`. */
export function useDeleteChore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend("DELETE", `/api/chores/${id}`),
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: choresKey });
      await qc.invalidateQueries({ queryKey: tasksKey });
    },
  });
}

export const emailDigestKey = ["email-digest"] as const;

/** `GET /api/email-digest`: whether the server sends email, and the keeper's setting. */
export function useEmailDigest() {
  return useQuery({
    queryKey: emailDigestKey,
    queryFn: () => apiGet<EmailDigestView>("/api/email-digest"),
  });
}

/** `PUT /api/email-digest` (turn on or change the hour) and `DELETE` (turn off). */
export function useSetEmailDigest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailDigestBody | null) =>
      body
        ? apiSend<EmailDigestView>("PUT", "/api/email-digest", body)
        : apiSend("DELETE", "/api/email-digest"),
    onSettled: () => qc.invalidateQueries({ queryKey: emailDigestKey }),
  });
}
