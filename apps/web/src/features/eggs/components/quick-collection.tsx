import { Minus, Plus } from "lucide-react";
import { useMemo } from "react";
import { useWatch } from "react-hook-form";
import { isFemaleSex, type Chicken } from "@flockkeeper/shared/schemas/chicken";
import {
  createEggRecordBatchBody,
  type CreateEggRecordBatchBody,
} from "@flockkeeper/shared/schemas/egg-record";
import { shortDate } from "@flockkeeper/shared/domain/treatment";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Form, useZodForm } from "@/components/ui/form";
import { FieldError, Input, Label } from "@/components/ui/input";
import { SpeciesArt } from "@/components/ui/species-art";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { isQueued } from "@/lib/outbox";
import { toastSaved } from "@/lib/saved-toast";
import { localToday, useCreateEggRecordBatch, useEggRecords } from "../api/egg-records";
import { toEggCount } from "./egg-record-dialog";

const clamp = (n: number) => Math.min(10, Math.max(0, n));

/** The day and the typed count per bird (blank = not recorded). */
type Values = { date: string; counts: Record<string, string> };
type Body = z.output<typeof createEggRecordBatchBody>;

/**
 * Quick daily collection: one screen to enter a day's count for every laying bird at once, with
 * large +/- buttons for one-handed use. Birds left blank are not recorded.
 */
export function QuickCollection({ chickens }: { chickens: Chicken[] }) {
  const today = localToday();
  const save = useCreateEggRecordBatch();
  const layers = useMemo(() => chickens.filter((c) => isFemaleSex(c.sex)), [chickens]);
  // The server's batch schema: "Enter at least one count" and "Date cannot be in the future" are
  // its messages, shown here before anything is sent.
  const form = useZodForm<Values, Body>({
    schema: createEggRecordBatchBody,
    defaultValues: { date: today, counts: {} },
    toBody: (v) =>
      ({
        date: v.date,
        records: layers
          .filter((c) => (v.counts[c.id] ?? "").trim() !== "")
          .map((c) => ({ chickenId: c.id, eggsLaid: clamp(toEggCount(v.counts[c.id]!)) })),
      }) satisfies CreateEggRecordBatchBody,
  });
  const date = useWatch({ control: form.control, name: "date" });
  const counts = useWatch({ control: form.control, name: "counts" });
  const dayRecords = useEggRecords({ startDate: date, endDate: date }, layers.length > 0);
  const already = useMemo(() => {
    const m = new Map<string, number>();
    for (const r of dayRecords.data ?? [])
      m.set(r.chickenId, (m.get(r.chickenId) ?? 0) + r.eggsLaid);
    return m;
  }, [dayRecords.data]);

  if (layers.length === 0) return null;

  const setCount = (id: string, value: string) =>
    form.setValue("counts", { ...form.getValues("counts"), [id]: value });
  const step = (id: string, delta: number) =>
    setCount(id, String(clamp(toEggCount(form.getValues("counts")[id] ?? "") + delta)));

  const entered = layers.filter((c) => (counts[c.id] ?? "").trim() !== "");
  const dateError = form.formState.errors.date?.message;
  // The list's own message ("Enter at least one count") is at the body's `records`, which has no
  // control of that name: shown above the save button.
  const countsError = (form.formState.errors as { records?: { message?: string } }).records
    ?.message;

  const submit = async (body: Body) => {
    try {
      const saved = await save.mutateAsync(body);
      toastSaved(
        saved,
        "Egg record added successfully!",
        isQueued(saved)
          ? undefined
          : `Saved ${saved.length} ${saved.length === 1 ? "bird" : "birds"} for ${body.date}.`,
      );
      form.setValue("counts", {});
    } catch (err) {
      toast({ title: `Failed to add egg record: ${errorMessage(err)}`, variant: "destructive" });
    }
  };

  return (
    <Card>
      <Form form={form} onSubmit={submit} aria-labelledby="quick-collection-title">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <CardTitle id="quick-collection-title">Quick daily collection</CardTitle>
          <div>
            <Label htmlFor="quick-date" className="sr-only">
              Collection date
            </Label>
            <Input
              id="quick-date"
              type="date"
              max={today}
              value={date}
              onChange={(e) => form.setValue("date", e.target.value || today)}
              className="w-auto"
              aria-invalid={dateError ? true : undefined}
              aria-describedby={dateError ? "quick-date-error" : undefined}
            />
            <FieldError id="quick-date-error" message={dateError} />
          </div>
        </div>
        <p className="mt-1 text-sm text-stone-700">
          Tap + for each egg (or − for none) on each laying bird, then save once. Birds left blank
          are not recorded.
        </p>
        <ul className="mt-3 divide-y divide-stone-200">
          {layers.map((c) => {
            const inputId = `quick-${c.id}`;
            const done = already.get(c.id);
            return (
              <li
                key={c.id}
                className="flex items-center gap-2 py-2"
                data-testid="quick-row"
                aria-label={c.name}
              >
                {/* Whose eggs: the bird's photo, or its species drawing, and its name on every
                    row at phone width; the three controls keep their 44 px. */}
                {c.imageUrl ? (
                  <img
                    src={c.imageUrl}
                    alt=""
                    width={40}
                    height={40}
                    loading="lazy"
                    className="size-10 shrink-0 rounded-full object-cover"
                  />
                ) : (
                  <SpeciesArt species={c.species} size={40} />
                )}
                <label htmlFor={inputId} className="min-w-16 flex-1" title={c.name}>
                  <span className="block truncate font-semibold text-stone-900">{c.name}</span>
                  {done !== undefined && (
                    <span className="block text-xs text-stone-600">Already recorded: {done}</span>
                  )}
                  {date === today && c.eggsWithheldUntil && (
                    <span
                      className="block text-xs font-semibold text-amber-900"
                      data-testid="egg-guard"
                    >
                      Not for eating until {shortDate(c.eggsWithheldUntil, today)}
                    </span>
                  )}
                </label>
                <div className="flex shrink-0 items-center gap-1">
                  <Button
                    variant="secondary"
                    size="icon"
                    className="shrink-0"
                    aria-label={`One egg fewer for ${c.name}`}
                    onClick={() => step(c.id, -1)}
                  >
                    <Minus aria-hidden />
                  </Button>
                  <Input
                    id={inputId}
                    inputMode="numeric"
                    pattern="[0-9]*"
                    placeholder="–"
                    className="w-12 max-w-12 shrink-0 px-1 text-center text-lg"
                    value={counts[c.id] ?? ""}
                    onChange={(e) =>
                      setCount(c.id, e.target.value.replace(/[^0-9]/g, "").slice(0, 2))
                    }
                    aria-label={`Eggs from ${c.name}`}
                  />
                  <Button
                    variant="secondary"
                    size="icon"
                    className="shrink-0"
                    aria-label={`One egg more for ${c.name}`}
                    onClick={() => step(c.id, 1)}
                  >
                    <Plus aria-hidden />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
        <FieldError message={countsError} />
        <Button
          type="submit"
          size="lg"
          className="mt-3 w-full"
          disabled={save.isPending}
          data-track="Quick Collection Save"
        >
          {save.isPending
            ? "Saving..."
            : `Save ${entered.length > 0 ? entered.length : ""} ${entered.length === 1 ? "count" : "counts"}`.replace(
                "  ",
                " ",
              )}
        </Button>
      </Form>
    </Card>
  );
}
