import { useState } from "react";
import { useWatch } from "react-hook-form";
import { z } from "zod";
import {
  createChickenBody,
  isFemaleSex,
  type Chicken,
  type CreateChickenBody,
} from "@flockkeeper/shared/schemas/chicken";
import {
  createEggCollectionBody,
  createFlockBody,
  FLOCK_PURPOSE_LABELS,
  flockPurpose,
  type CreateFlockBody,
} from "@flockkeeper/shared/schemas/flock";
import type { HatchRecord } from "@flockkeeper/shared/schemas/hatch-record";
import { SPECIES_LABELS } from "@flockkeeper/shared/schemas/species";
import { Button } from "@/components/ui/button";
import { Field, Form, FormError, useFormField, useZodForm } from "@/components/ui/form";
import { FieldError, Input, Label, Select } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useChickens } from "@/lib/chickens";
import { formatDay } from "@/lib/dates";
import { useFlocks } from "@/lib/flocks";
import { toast } from "@/lib/toast";
import { chickAsBird, chicksAsNewFlock, chicksIntoFlock, useChicksMutation } from "../api/chicks";

/** More chicks than this are better kept as a flock than as profiles typed one by one. */
export const MAX_CHICK_PROFILES = 30;

type Mode = "new" | "existing" | "birds";
type Row = { name: string; bandId: string };
type Values = {
  mode: Mode;
  name: string;
  purpose: string;
  flockId: string;
  sireId: string;
  damId: string;
  rows: Row[];
};

/*
 * One schema per way of adding, each the server's own: the new flock's body, the chosen flock
 * (the same "Please choose a flock" as a basket's), and one bird body per chick row.
 */
const intoFlockBody = z.object({ flockId: createEggCollectionBody.shape.flockId });
const asBirdsBody = z.object({ rows: z.array(createChickenBody) });
type Body =
  z.output<typeof createFlockBody> | z.output<typeof intoFlockBody> | z.output<typeof asBirdsBody>;

/** The field a refusal names (`field`, or the last part of an issue's path). */
const refusedField = (err: unknown): string | null => {
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== "object") return null;
  const body = err.body as { field?: unknown; issues?: { path?: unknown }[] };
  if (typeof body.field === "string") return body.field;
  const path = body.issues?.[0]?.path;
  return typeof path === "string" ? (path.split(".").pop() ?? null) : null;
};

/**
 * Chicks into the flock (issue 21 item 5): after a hatch result, the chicks join a new flock (a
 * brooder batch with a `hatched` event), a flock the farm has of the species, or become birds of
 * their own with the hatch date, band ids and the breeding pair as parents.
 */
export function AddChicks({ hatch, onDone }: { hatch: HatchRecord; onDone: () => void }) {
  const count = hatch.hatched ?? 0;
  const date = hatch.resultDate ?? hatch.today;
  const species = hatch.species;
  const flocks = useFlocks();
  const birds = useChickens();
  const sameSpecies = (flocks.data ?? []).filter((f) => f.species === species);
  const label = hatch.breed ?? SPECIES_LABELS[species];
  const [added, setAdded] = useState(0);
  const form = useZodForm<Values, Body>({
    schema: (v) =>
      v.mode === "new" ? createFlockBody : v.mode === "existing" ? intoFlockBody : asBirdsBody,
    defaultValues: {
      mode: "new",
      name: `Hatch ${formatDay(date, "axis")}`,
      purpose: "mixed",
      flockId: "",
      // The hatch's own breeders are the chicks' parents unless the keeper picks others.
      sireId: hatch.sireId ?? "",
      damId: hatch.damId ?? "",
      rows: Array.from({ length: Math.min(count, MAX_CHICK_PROFILES) }, (_, i) => ({
        name: `${label} chick ${i + 1}`,
        bandId: "",
      })),
    },
    toBody: (v) =>
      v.mode === "new"
        ? ({ name: v.name, species, purpose: v.purpose, startDate: date } satisfies CreateFlockBody)
        : v.mode === "existing"
          ? { flockId: v.flockId }
          : { rows: v.rows.map((r) => chickBody(r, v)) },
    // A band id given twice in this hatch is named before the first chick is sent (rows already
    // added are done and not checked again).
    check: (v) => {
      if (v.mode !== "birds") return undefined;
      const seen = new Set<string>();
      const twice: Record<string, string> = {};
      v.rows.forEach((r, i) => {
        const band = r.bandId.trim();
        if (i >= added && band && seen.has(band))
          twice[`rows.${i}.bandId`] = `Band ${band} is given twice`;
        if (band) seen.add(band);
      });
      return twice;
    },
  });
  const mode = useWatch({ control: form.control, name: "mode" });
  const rowCount = form.getValues("rows").length;

  /** One chick's `POST /api/chickens` body. */
  function chickBody(row: Row, v: Values): CreateChickenBody {
    return {
      name: row.name,
      breed: hatch.breed ?? "Unknown",
      species,
      hatchDate: date,
      bandId: row.bandId,
      sireId: v.sireId,
      damId: v.damId,
    };
  }
  const parents = (birds.data ?? []).filter((b) => b.species === species && !b.outcome);
  const sires = parents.filter((b) => !isFemaleSex(b.sex));
  const dams = parents.filter((b) => isFemaleSex(b.sex));

  const run = useChicksMutation(async (v: Values): Promise<string> => {
    if (v.mode === "new") {
      const flock = await chicksAsNewFlock(
        { name: v.name.trim(), species, purpose: v.purpose as CreateFlockBody["purpose"] },
        date,
        count,
      );
      return `${count} chicks are in the new flock ${flock.name}`;
    }
    if (v.mode === "existing") {
      await chicksIntoFlock(v.flockId, date, count);
      const flock = sameSpecies.find((f) => f.id === v.flockId);
      return `${count} chicks joined ${flock?.name ?? "the flock"}`;
    }
    // One by one, so a refused band id names its row; rows already added are not sent again.
    for (let i = added; i < v.rows.length; i++) {
      try {
        await chickAsBird(chickBody(v.rows[i]!, v));
      } catch (err) {
        setAdded(i);
        throw Object.assign(err as object, { row: i });
      }
    }
    setAdded(v.rows.length);
    return `${v.rows.length} chicks added as birds`;
  });

  const submit = async (_body: Body, values: Values) => {
    try {
      const done = await run.mutateAsync(values);
      toast({ title: done, variant: "success" });
      onDone();
    } catch (err) {
      const field = refusedField(err);
      const row = (err as { row?: number }).row;
      const message = errorMessage(err);
      const at =
        row !== undefined && field === "bandId"
          ? (`rows.${row}.bandId` as const)
          : row !== undefined && field === "name"
            ? (`rows.${row}.name` as const)
            : field === "name" || field === "flockId"
              ? field
              : "root";
      form.setError(at, { type: "server", message });
    }
  };

  const option = (value: Mode, text: string, disabled = false) => (
    <label className="flex min-h-11 items-center gap-2 text-stone-900">
      <input
        type="radio"
        value={value}
        disabled={disabled}
        {...form.register("mode")}
        className="h-5 w-5 accent-amber-700"
      />
      {text}
    </label>
  );
  const birdOption = (b: Chicken) => (
    <option key={b.id} value={b.id}>
      {b.name}
      {b.bandId ? ` (${b.bandId})` : ""}
    </option>
  );

  return (
    <Form form={form} onSubmit={submit} className="space-y-4">
      <p className="text-stone-800">
        {count} {count === 1 ? "chick" : "chicks"} hatched on {formatDay(date)}. Add them to your
        flock?
      </p>
      <fieldset>
        <legend className="mb-1 text-sm font-semibold text-stone-800">Add the chicks</legend>
        {option("new", "As a new flock (brooder batch)")}
        {option(
          "existing",
          sameSpecies.length
            ? "Into a flock I have"
            : `Into a flock I have (no flock of ${SPECIES_LABELS[species].toLowerCase()} yet)`,
          sameSpecies.length === 0,
        )}
        {option("birds", "As birds of their own, with band ids and parents", count === 0)}
      </fieldset>

      {mode === "new" && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="name" id="chicks-flock-name" label="Flock name">
            {(props) => <Input {...props} />}
          </Field>
          <Field name="purpose" id="chicks-purpose" label="Purpose">
            {(props) => (
              <Select {...props}>
                {flockPurpose.options.map((p) => (
                  <option key={p} value={p}>
                    {FLOCK_PURPOSE_LABELS[p]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
      )}

      {mode === "existing" && (
        <Field name="flockId" id="chicks-flock" label="Flock">
          {(props) => (
            <Select {...props}>
              <option value="">Choose a flock</option>
              {sameSpecies.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name} ({f.headcount})
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}

      {mode === "birds" && (
        <div className="space-y-3">
          {count > MAX_CHICK_PROFILES && (
            <p className="text-sm text-stone-700">
              The first {MAX_CHICK_PROFILES} get profiles here; keep a larger hatch as a flock.
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field name="sireId" id="chicks-sire" label="Sire (optional)">
              {(props) => (
                <Select {...props}>
                  <option value="">Unknown</option>
                  {sires.map(birdOption)}
                </Select>
              )}
            </Field>
            <Field name="damId" id="chicks-dam" label="Dam (optional)">
              {(props) => (
                <Select {...props}>
                  <option value="">Unknown</option>
                  {dams.map(birdOption)}
                </Select>
              )}
            </Field>
          </div>
          <ol className="space-y-2">
            {Array.from({ length: rowCount }, (_, i) => (
              <li key={i} className="grid grid-cols-[1fr_8rem] gap-2">
                <RowField
                  name={`rows.${i}.name`}
                  id={`chick-name-${i}`}
                  label={`Name of chick ${i + 1}`}
                  disabled={i < added}
                />
                <RowField
                  name={`rows.${i}.bandId`}
                  id={`chick-band-${i}`}
                  label={`Band id of chick ${i + 1}`}
                  disabled={i < added}
                  placeholder="Band id"
                />
              </li>
            ))}
          </ol>
          {added > 0 && (
            <p className="text-sm text-stone-700">
              {added} added; fix the one named and add the rest.
            </p>
          )}
        </div>
      )}

      <FormError />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Not now
        </Button>
        <Button type="submit" disabled={run.isPending || count === 0} data-track="Add Chicks">
          {run.isPending ? "Adding..." : "Add the chicks"}
        </Button>
      </div>
    </Form>
  );
}

/** A chick row's box: its label is for screen readers only (the row shows which chick it is). */
function RowField({
  name,
  id,
  label,
  disabled,
  placeholder,
}: {
  name: string;
  id: string;
  label: string;
  disabled: boolean;
  placeholder?: string;
}) {
  const { props, error, errorId } = useFormField(name, id);
  return (
    <div>
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Input {...props} disabled={disabled} placeholder={placeholder} autoComplete="off" />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
