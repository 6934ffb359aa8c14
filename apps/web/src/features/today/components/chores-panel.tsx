import { Plus, Trash2 } from "lucide-react";
import { WEEKDAYS, scheduleText, type ChoreFrequency } from "@flockkeeper/shared/domain/tasks";
import { createChoreBody, type CreateChoreBody } from "@flockkeeper/shared/schemas/tasks";
import checklists from "@/content/learn/checklists.json";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Field, Form, FormError, useZodForm } from "@/components/ui/form";
import { Input, Select } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useFarmPermissions } from "@/lib/farms";
import { toast } from "@/lib/toast";
import { useChores, useCreateChore, useDeleteChore } from "../api/tasks";

type Values = { title: string; frequency: ChoreFrequency; weekday: string; dayOfMonth: string };

const toBody = (v: Values) => ({
  title: v.title,
  frequency: v.frequency,
  weekday: v.frequency === "weekly" ? Number(v.weekday) : null,
  dayOfMonth: v.frequency === "monthly" && v.dayOfMonth !== "" ? Number(v.dayOfMonth) : null,
});

/** The care checklist's periods as a starting set: weekly ones on Mondays, monthly on the 1st. */
const STARTERS: { frequency: ChoreFrequency; items: string[] }[] = [
  { frequency: "daily", items: checklists.daily },
  { frequency: "weekly", items: checklists.weekly },
  { frequency: "monthly", items: checklists.monthly },
];
const starterBody = (title: string, frequency: ChoreFrequency): CreateChoreBody => ({
  title,
  frequency,
  weekday: frequency === "weekly" ? 1 : null,
  dayOfMonth: frequency === "monthly" ? 1 : null,
});

/**
 * The farm's recurring chores: every member sees them; owners and keepers add (by hand, or one tap
 * from the care checklist) and remove them.
 */
export function ChoresPanel() {
  const { manageBirds: canManage } = useFarmPermissions();
  const chores = useChores();
  const create = useCreateChore();
  const remove = useDeleteChore();
  const form = useZodForm<Values, CreateChoreBody>({
    schema: createChoreBody,
    defaultValues: { title: "", frequency: "daily", weekday: "1", dayOfMonth: "1" },
    toBody,
  });
  const frequency = form.watch("frequency");
  const have = new Set((chores.data ?? []).map((c) => c.title));

  const add = async (body: CreateChoreBody) => {
    try {
      await create.mutateAsync(body);
      toast({ title: `Chore added: ${body.title}`, variant: "success" });
      return true;
    } catch (err) {
      toast({ title: `Could not add the chore: ${errorMessage(err)}`, variant: "destructive" });
      return false;
    }
  };
  const onRemove = async (id: string, title: string) => {
    try {
      await remove.mutateAsync(id);
      toast({ title: `Chore removed: ${title}`, variant: "success" });
    } catch (err) {
      toast({ title: `Could not remove it: ${errorMessage(err)}`, variant: "destructive" });
    }
  };

  return (
    <Card id="chores" className="space-y-4">
      <CardTitle>Chores</CardTitle>
      {chores.isLoading ? (
        <p className="text-stone-700">Loading chores…</p>
      ) : (chores.data ?? []).length === 0 ? (
        <p className="text-stone-800">No recurring chores yet.</p>
      ) : (
        <ul className="divide-y divide-stone-200" aria-label="Chores">
          {chores.data!.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-words">
                <span className="font-semibold text-stone-900">{c.title}</span>{" "}
                <span className="text-sm text-stone-700">{scheduleText(c)}</span>
              </span>
              {canManage && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove chore: ${c.title}`}
                  disabled={remove.isPending}
                  onClick={() => void onRemove(c.id, c.title)}
                >
                  <Trash2 size={18} aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && (
        <>
          <Form
            form={form}
            aria-label="Add a chore"
            className="grid gap-3 sm:grid-cols-2"
            onSubmit={async (body) => {
              if (await add(body)) form.reset();
            }}
          >
            <Field name="title" label="Chore" className="sm:col-span-2">
              {(p) => <Input {...p} maxLength={200} />}
            </Field>
            <Field name="frequency" label="How often">
              {(p) => (
                <Select {...p}>
                  <option value="daily">Daily</option>
                  <option value="weekly">Weekly</option>
                  <option value="monthly">Monthly</option>
                </Select>
              )}
            </Field>
            {frequency === "weekly" && (
              <Field name="weekday" label="On">
                {(p) => (
                  <Select {...p}>
                    {WEEKDAYS.map((d, i) => (
                      <option key={d} value={String(i)}>
                        {d}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            )}
            {frequency === "monthly" && (
              <Field name="dayOfMonth" label="Day of the month">
                {(p) => <Input {...p} inputMode="numeric" />}
              </Field>
            )}
            <FormError />
            <div className="sm:col-span-2">
              <Button type="submit" disabled={create.isPending}>
                <Plus size={18} aria-hidden className="mr-1" /> Add chore
              </Button>
            </div>
          </Form>
          <details className="rounded-lg border border-stone-200 p-3">
            <summary className="cursor-pointer font-semibold text-stone-900">
              Start from the care checklist
            </summary>
            {STARTERS.map(({ frequency: f, items }) => (
              <div key={f} className="mt-3">
                <h3 className="font-semibold text-stone-900 capitalize">{f}</h3>
                <ul className="space-y-1">
                  {items
                    .filter((title) => !have.has(title))
                    .map((title) => (
                      <li key={title} className="flex items-center justify-between gap-2">
                        <span className="text-sm text-stone-800">{title}</span>
                        <Button
                          variant="secondary"
                          size="sm"
                          disabled={create.isPending}
                          aria-label={`Add chore: ${title}`}
                          onClick={() => void add(starterBody(title, f))}
                        >
                          Add
                        </Button>
                      </li>
                    ))}
                </ul>
              </div>
            ))}
          </details>
        </>
      )}
    </Card>
  );
}
