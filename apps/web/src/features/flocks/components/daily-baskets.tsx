import { Minus, Plus } from "lucide-react";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { z } from "zod";
import {
  createEggCollectionBody,
  type EggCollection,
  type Flock,
} from "@flockkeeper/shared/schemas/flock";
import { FUTURE_DATE_MESSAGE } from "@flockkeeper/shared/schemas/common";
import { EggGuard } from "@/components/egg-guard";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Form, useZodForm } from "@/components/ui/form";
import { FieldError, Input, Label } from "@/components/ui/input";
import { SpeciesArt } from "@/components/ui/species-art";
import { errorMessage } from "@/lib/api-client";
import { useDeferredDelete } from "@/lib/deferred-delete";
import { useFlocks } from "@/lib/flocks";
import { toast } from "@/lib/toast";
import { isQueued } from "@/lib/outbox";
import { keeperToday, useEggCollections, useInvalidateFlocks, useSaveBaskets } from "../api/flocks";
import { headcountText } from "../lib/headcount-text";

type Edit = { eggs?: string; cracked?: string; dirty?: string };
const digits = (s: string) => s.replace(/[^0-9]/g, "").slice(0, 7);
const asNumber = (s: string | undefined) => (s && s.trim() !== "" ? Number(s) : 0);
const shown = (edit: string | undefined, saved: number | null | undefined) =>
  edit ?? (saved === null || saved === undefined ? "" : String(saved));

/** The form holds the day and only what the keeper changed, per flock; the rest is the saved basket. */
type Values = { date: string; baskets: Record<string, Edit> };
/**
 * Each changed basket is checked by the server's own `POST /api/egg-collections` body, keyed by
 * its flock, so a message lands on that flock's row.
 */
const basketsBody = z.object({
  baskets: z.record(z.string(), createEggCollectionBody),
});
type Body = z.output<typeof basketsBody>;

/** The first message anywhere under a row's errors (eggs, cracked, dirty or the basket as a whole). */
function firstMessage(node: unknown): string | undefined {
  if (!node || typeof node !== "object") return undefined;
  const { message } = node as { message?: unknown };
  if (typeof message === "string") return message;
  for (const [key, child] of Object.entries(node)) {
    if (key === "ref") continue;
    const found = firstMessage(child);
    if (found) return found;
  }
  return undefined;
}

/**
 * The quick daily basket: every active flock on one screen with a big −/number/+ stepper, cracked
 * and dirty when wanted, and one "Save baskets". The day's saved baskets show in the steppers and
 * are corrected with PATCH; new ones are sent with POST.
 */
export function DailyBaskets() {
  const today = keeperToday();
  const [quality, setQuality] = useState(false);
  const flocks = useFlocks();
  const active = flocks.data ?? [];
  const form = useZodForm<Values, Body>({
    schema: basketsBody,
    defaultValues: { date: today, baskets: {} },
    // A future day is named at the date before any basket is checked (as the server would).
    toBody: (v) => ({ baskets: v.date > today ? {} : changedBaskets(v) }),
    check: (v) => ({ date: v.date > today && FUTURE_DATE_MESSAGE }),
  });
  const date = useWatch({ control: form.control, name: "date" });
  const edits = useWatch({ control: form.control, name: "baskets" });
  const baskets = useEggCollections(date, date, active.length > 0);
  const save = useSaveBaskets();
  const invalidate = useInvalidateFlocks();
  const deletions = useDeferredDelete();
  const byFlock = new Map<string, EggCollection>();
  for (const b of baskets.data ?? []) if (!deletions.hidden.has(b.id)) byFlock.set(b.flockId, b);

  /** The changed rows with eggs, as request bodies keyed by flock (empty rows are not recorded). */
  function changedBaskets(v: Values): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const f of active) {
      const ed = v.baskets[f.id];
      if (!ed) continue;
      const saved = byFlock.get(f.id);
      const eggs = shown(ed.eggs, saved?.eggs);
      if (eggs === "") continue;
      out[f.id] = {
        flockId: f.id,
        date: v.date,
        eggs,
        cracked: shown(ed.cracked, saved?.cracked) || undefined,
        dirty: shown(ed.dirty, saved?.dirty) || undefined,
      };
    }
    return out;
  }

  if (active.length === 0) return null;

  const edit = (id: string, patch: Edit) =>
    form.setValue(`baskets.${id}`, { ...form.getValues(`baskets.${id}`), ...patch });
  const step = (f: Flock, delta: number) => {
    const current = asNumber(shown(edits[f.id]?.eggs, byFlock.get(f.id)?.eggs));
    edit(f.id, { eggs: String(Math.max(0, current + delta)) });
  };
  const rowError = (id: string) => firstMessage(form.formState.errors.baskets?.[id]);

  const submit = async (body: Body) => {
    const items: {
      flock: Flock;
      existing?: EggCollection;
      body: { flockId: string; date: string; eggs: number; cracked?: number; dirty?: number };
    }[] = [];
    for (const f of active) {
      const b = body.baskets[f.id];
      if (!b) continue;
      const saved = byFlock.get(f.id);
      // A basket typed back to what is saved is not sent again.
      if (
        saved &&
        saved.eggs === b.eggs &&
        (saved.cracked ?? undefined) === b.cracked &&
        (saved.dirty ?? undefined) === b.dirty
      )
        continue;
      items.push({
        flock: f,
        existing: saved,
        body: { flockId: f.id, date, eggs: b.eggs, cracked: b.cracked, dirty: b.dirty },
      });
    }
    if (items.length === 0) {
      toast({ title: "Enter at least one basket", variant: "destructive" });
      return;
    }
    // Each basket is its own request: the ones that were accepted stay saved when another is refused.
    const results = await Promise.allSettled(
      items.map((item) =>
        save.mutateAsync([
          { existing: item.existing, flockName: item.flock.name, body: item.body },
        ]),
      ),
    );
    const failed: Record<string, string> = {};
    let kept = 0;
    results.forEach((r, i) => {
      if (r.status === "rejected") failed[items[i]!.flock.id] = errorMessage(r.reason);
      else if (r.value.some(isQueued)) kept += 1;
    });
    const okIds = items.filter((it) => !failed[it.flock.id]).map((it) => it.flock.id);
    const next = { ...form.getValues("baskets") };
    for (const id of okIds) delete next[id];
    form.setValue("baskets", next);
    // A refusal stays on its flock's row until the next save.
    for (const [id, message] of Object.entries(failed)) {
      form.setError(`baskets.${id}`, { type: "server", message });
    }
    if (kept > 0) {
      toast({
        title: "Kept on this phone",
        description: `${kept} ${kept === 1 ? "basket" : "baskets"} for ${date}: sent when you are back online.`,
        variant: "success",
      });
    } else if (okIds.length > 0) {
      toast({
        title: "Baskets saved",
        description: `${okIds.length} ${okIds.length === 1 ? "flock" : "flocks"} for ${date}.`,
        variant: "success",
      });
    }
  };

  const dateError = form.formState.errors.date?.message;
  return (
    <Card className="mb-6">
      <Form form={form} onSubmit={submit} aria-labelledby="baskets-title">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <CardTitle id="baskets-title">Today&apos;s baskets</CardTitle>
          <div>
            <Label htmlFor="baskets-date" className="sr-only">
              Collection date
            </Label>
            <Input
              id="baskets-date"
              type="date"
              max={today}
              value={date}
              onChange={(e) => {
                form.setValue("date", e.target.value || today);
                form.setValue("baskets", {});
                form.clearErrors();
              }}
              className="w-auto"
              aria-invalid={dateError ? true : undefined}
              aria-describedby={dateError ? "baskets-date-error" : undefined}
            />
            <FieldError id="baskets-date-error" message={dateError} />
          </div>
        </div>
        <p className="mt-1 text-sm text-stone-700">
          Eggs collected from each flock. Flocks left blank are not recorded.
        </p>
        <label className="mt-2 inline-flex min-h-11 items-center gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            className="size-5"
            checked={quality}
            onChange={(e) => setQuality(e.target.checked)}
          />
          Count cracked and dirty eggs
        </label>
        <ul className="mt-2 divide-y divide-stone-200" aria-label="Baskets by flock">
          {active.map((f) => {
            const saved = byFlock.get(f.id);
            const inputId = `basket-${f.id}`;
            const err = rowError(f.id);
            return (
              <li key={f.id} className="py-2" data-testid="basket-row" aria-label={f.name}>
                <div className="flex items-center gap-2">
                  <SpeciesArt species={f.species} size={36} className="hidden sm:block" />
                  <div className="min-w-0 flex-1">
                    <label
                      htmlFor={inputId}
                      className="block truncate font-semibold text-stone-900"
                      title={f.name}
                    >
                      {f.name}
                    </label>
                    <span className="block truncate text-xs text-stone-600">
                      {saved
                        ? `Saved: ${saved.eggs}${saved.withheld ? " · withheld" : ""}`
                        : headcountText(f)}
                    </span>
                  </div>
                  <div className="flex shrink-0 items-center gap-1">
                    <Button
                      variant="secondary"
                      size="icon"
                      aria-label={`One egg fewer for ${f.name}`}
                      onClick={() => step(f, -1)}
                    >
                      <Minus aria-hidden />
                    </Button>
                    <Input
                      id={inputId}
                      inputMode="numeric"
                      pattern="[0-9]*"
                      placeholder="–"
                      className="w-14 max-w-14 px-1 text-center text-lg"
                      value={shown(edits[f.id]?.eggs, saved?.eggs)}
                      onChange={(e) => edit(f.id, { eggs: digits(e.target.value) })}
                      aria-label={`Eggs from ${f.name}`}
                      aria-invalid={err ? true : undefined}
                      aria-describedby={err ? `${inputId}-error` : undefined}
                    />
                    <Button
                      variant="secondary"
                      size="icon"
                      aria-label={`One egg more for ${f.name}`}
                      onClick={() => step(f, 1)}
                    >
                      <Plus aria-hidden />
                    </Button>
                  </div>
                </div>
                {date === today && f.eggsWithheldUntil ? (
                  <EggGuard
                    name={f.name}
                    until={f.eggsWithheldUntil}
                    today={today}
                    className="mt-1"
                  />
                ) : (
                  saved?.withheld && (
                    <p className="mt-1 text-sm font-semibold text-amber-900">
                      Withheld: laid during a treatment&apos;s egg withdrawal (counted as laid, not
                      for eating or sale)
                    </p>
                  )
                )}
                {quality && (
                  <div className="mt-2 flex flex-wrap items-center justify-end gap-3">
                    <label
                      htmlFor={`${inputId}-cracked`}
                      className="flex items-center gap-1 text-sm text-stone-800"
                    >
                      Cracked
                      <Input
                        id={`${inputId}-cracked`}
                        inputMode="numeric"
                        className="w-20 max-w-20"
                        value={shown(edits[f.id]?.cracked, saved?.cracked)}
                        onChange={(e) => edit(f.id, { cracked: digits(e.target.value) })}
                        aria-label={`Cracked eggs from ${f.name}`}
                      />
                    </label>
                    <label
                      htmlFor={`${inputId}-dirty`}
                      className="flex items-center gap-1 text-sm text-stone-800"
                    >
                      Dirty
                      <Input
                        id={`${inputId}-dirty`}
                        inputMode="numeric"
                        className="w-20 max-w-20"
                        value={shown(edits[f.id]?.dirty, saved?.dirty)}
                        onChange={(e) => edit(f.id, { dirty: digits(e.target.value) })}
                        aria-label={`Dirty eggs from ${f.name}`}
                      />
                    </label>
                  </div>
                )}
                {saved && (
                  <div className="mt-1 flex justify-end">
                    <Button
                      variant="ghost"
                      size="sm"
                      className="h-11 text-red-800"
                      onClick={() =>
                        deletions.remove({
                          id: saved.id,
                          url: `/api/egg-collections/${saved.id}`,
                          title: `${f.name}'s basket deleted`,
                          onDeleted: invalidate,
                        })
                      }
                      aria-label={`Delete ${f.name}'s basket for ${date}`}
                    >
                      Delete basket
                    </Button>
                  </div>
                )}
                {err && (
                  <p
                    id={`${inputId}-error`}
                    role="alert"
                    className="mt-1 text-sm font-medium text-danger"
                  >
                    {err}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        <Button type="submit" size="lg" className="mt-3 w-full" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save baskets"}
        </Button>
      </Form>
    </Card>
  );
}
