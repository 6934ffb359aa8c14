import { Minus, Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import {
  createEggCollectionBody,
  type EggCollection,
  type Flock,
} from "@flockkeeper/shared/schemas/flock";
import { FUTURE_DATE_MESSAGE } from "@flockkeeper/shared/schemas/common";
import { EggGuard } from "@/components/egg-guard";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Input, Label } from "@/components/ui/input";
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

/**
 * The quick daily basket: every active flock on one screen with a big −/number/+ stepper, cracked
 * and dirty when wanted, and one "Save baskets". The day's saved baskets show in the steppers and
 * are corrected with PATCH; new ones are sent with POST.
 */
export function DailyBaskets() {
  const today = keeperToday();
  const [date, setDate] = useState(today);
  const [edits, setEdits] = useState<Record<string, Edit>>({});
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [quality, setQuality] = useState(false);
  const flocks = useFlocks();
  const active = flocks.data ?? [];
  const baskets = useEggCollections(date, date, active.length > 0);
  const save = useSaveBaskets();
  const invalidate = useInvalidateFlocks();
  const deletions = useDeferredDelete();
  const byFlock = new Map<string, EggCollection>();
  for (const b of baskets.data ?? []) if (!deletions.hidden.has(b.id)) byFlock.set(b.flockId, b);

  if (active.length === 0) return null;

  const edit = (id: string, patch: Edit) =>
    setEdits((e) => ({ ...e, [id]: { ...e[id], ...patch } }));
  const step = (f: Flock, delta: number) => {
    const current = asNumber(shown(edits[f.id]?.eggs, byFlock.get(f.id)?.eggs));
    edit(f.id, { eggs: String(Math.max(0, current + delta)) });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (date > today) {
      toast({ title: FUTURE_DATE_MESSAGE, variant: "destructive" });
      return;
    }
    const errors: Record<string, string> = {};
    const items: {
      flock: Flock;
      existing?: EggCollection;
      body: { flockId: string; date: string; eggs: number; cracked?: number; dirty?: number };
    }[] = [];
    for (const f of active) {
      const ed = edits[f.id];
      if (!ed) continue;
      const saved = byFlock.get(f.id);
      const eggs = shown(ed.eggs, saved?.eggs);
      if (eggs === "") continue;
      const parsed = createEggCollectionBody.safeParse({
        flockId: f.id,
        date,
        eggs,
        cracked: shown(ed.cracked, saved?.cracked) || undefined,
        dirty: shown(ed.dirty, saved?.dirty) || undefined,
      });
      if (!parsed.success) {
        errors[f.id] = parsed.error.issues[0]?.message ?? "Check this basket";
        continue;
      }
      const body = parsed.data;
      if (
        saved &&
        saved.eggs === body.eggs &&
        (saved.cracked ?? undefined) === body.cracked &&
        (saved.dirty ?? undefined) === body.dirty
      )
        continue;
      items.push({
        flock: f,
        existing: saved,
        body: { flockId: f.id, date, eggs: body.eggs, cracked: body.cracked, dirty: body.dirty },
      });
    }
    setRowErrors(errors);
    if (Object.keys(errors).length > 0) return;
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
    setEdits((e) => {
      const next = { ...e };
      for (const id of okIds) delete next[id];
      return next;
    });
    setRowErrors(failed);
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

  return (
    <Card className="mb-6">
      <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="baskets-title">
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
                setDate(e.target.value || today);
                setEdits({});
                setRowErrors({});
              }}
              className="w-auto"
            />
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
            const err = rowErrors[f.id];
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
      </form>
    </Card>
  );
}
