import { useState, type FormEvent } from "react";
import { isFemaleSex, type Chicken } from "@flockkeeper/shared/schemas/chicken";
import {
  FLOCK_PURPOSE_LABELS,
  flockPurpose,
  type FlockPurpose,
} from "@flockkeeper/shared/schemas/flock";
import type { HatchRecord } from "@flockkeeper/shared/schemas/hatch-record";
import { SPECIES_LABELS } from "@flockkeeper/shared/schemas/species";
import { Button } from "@/components/ui/button";
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
  const [mode, setMode] = useState<Mode>("new");
  const [name, setName] = useState(`Hatch ${formatDay(date, "axis")}`);
  const [purpose, setPurpose] = useState<FlockPurpose>("mixed");
  const [flockId, setFlockId] = useState("");
  // The hatch's own breeders are the chicks' parents unless the keeper picks others.
  const [sireId, setSireId] = useState(hatch.sireId ?? "");
  const [damId, setDamId] = useState(hatch.damId ?? "");
  const label = hatch.breed ?? SPECIES_LABELS[species];
  const [rows, setRows] = useState<Row[]>(() =>
    Array.from({ length: Math.min(count, MAX_CHICK_PROFILES) }, (_, i) => ({
      name: `${label} chick ${i + 1}`,
      bandId: "",
    })),
  );
  const [added, setAdded] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const parents = (birds.data ?? []).filter((b) => b.species === species && !b.outcome);
  const sires = parents.filter((b) => !isFemaleSex(b.sex));
  const dams = parents.filter((b) => isFemaleSex(b.sex));

  const run = useChicksMutation(async (): Promise<string> => {
    if (mode === "new") {
      const flock = await chicksAsNewFlock({ name, species, purpose }, date, count);
      return `${count} chicks are in the new flock ${flock.name}`;
    }
    if (mode === "existing") {
      await chicksIntoFlock(flockId, date, count);
      const flock = sameSpecies.find((f) => f.id === flockId);
      return `${count} chicks joined ${flock?.name ?? "the flock"}`;
    }
    // One by one, so a refused band id names its row; rows already added are not sent again.
    for (let i = added; i < rows.length; i++) {
      const row = rows[i]!;
      try {
        await chickAsBird({
          name: row.name,
          breed: hatch.breed ?? "Unknown",
          species,
          hatchDate: date,
          bandId: row.bandId,
          sireId,
          damId,
        });
      } catch (err) {
        setAdded(i);
        throw Object.assign(err as object, { row: i });
      }
    }
    setAdded(rows.length);
    return `${rows.length} chicks added as birds`;
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (mode === "new" && !name.trim()) next.name = "Name is required";
    if (mode === "existing" && !flockId) next.flockId = "Please choose a flock";
    if (mode === "birds") {
      const seen = new Set<string>();
      rows.forEach((r, i) => {
        if (i < added) return;
        if (!r.name.trim()) next[`name-${i}`] = "Name is required";
        const band = r.bandId.trim();
        if (band && seen.has(band)) next[`band-${i}`] = `Band ${band} is given twice`;
        if (band) seen.add(band);
      });
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      const done = await run.mutateAsync(undefined);
      toast({ title: done, variant: "success" });
      onDone();
    } catch (err) {
      const field = refusedField(err);
      const row = (err as { row?: number }).row;
      const message = errorMessage(err);
      if (row !== undefined && field === "bandId") setErrors({ [`band-${row}`]: message });
      else if (row !== undefined && field === "name") setErrors({ [`name-${row}`]: message });
      else if (field && ["name", "flockId"].includes(field)) setErrors({ [field]: message });
      else setErrors({ form: message });
    }
  };

  const option = (value: Mode, text: string, disabled = false) => (
    <label className="flex min-h-11 items-center gap-2 text-stone-900">
      <input
        type="radio"
        name="chicks-mode"
        value={value}
        checked={mode === value}
        disabled={disabled}
        onChange={() => setMode(value)}
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
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
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
          <div>
            <Label htmlFor="chicks-flock-name">Flock name</Label>
            <Input
              id="chicks-flock-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? "chicks-flock-name-error" : undefined}
            />
            <FieldError id="chicks-flock-name-error" message={errors.name} />
          </div>
          <div>
            <Label htmlFor="chicks-purpose">Purpose</Label>
            <Select
              id="chicks-purpose"
              value={purpose}
              onChange={(e) => setPurpose(e.target.value as FlockPurpose)}
            >
              {flockPurpose.options.map((p) => (
                <option key={p} value={p}>
                  {FLOCK_PURPOSE_LABELS[p]}
                </option>
              ))}
            </Select>
          </div>
        </div>
      )}

      {mode === "existing" && (
        <div>
          <Label htmlFor="chicks-flock">Flock</Label>
          <Select
            id="chicks-flock"
            value={flockId}
            onChange={(e) => setFlockId(e.target.value)}
            aria-invalid={errors.flockId ? true : undefined}
            aria-describedby={errors.flockId ? "chicks-flock-error" : undefined}
          >
            <option value="">Choose a flock</option>
            {sameSpecies.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name} ({f.headcount})
              </option>
            ))}
          </Select>
          <FieldError id="chicks-flock-error" message={errors.flockId} />
        </div>
      )}

      {mode === "birds" && (
        <div className="space-y-3">
          {count > MAX_CHICK_PROFILES && (
            <p className="text-sm text-stone-700">
              The first {MAX_CHICK_PROFILES} get profiles here; keep a larger hatch as a flock.
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <Label htmlFor="chicks-sire">Sire (optional)</Label>
              <Select id="chicks-sire" value={sireId} onChange={(e) => setSireId(e.target.value)}>
                <option value="">Unknown</option>
                {sires.map(birdOption)}
              </Select>
            </div>
            <div>
              <Label htmlFor="chicks-dam">Dam (optional)</Label>
              <Select id="chicks-dam" value={damId} onChange={(e) => setDamId(e.target.value)}>
                <option value="">Unknown</option>
                {dams.map(birdOption)}
              </Select>
            </div>
          </div>
          <ol className="space-y-2">
            {rows.map((r, i) => (
              <li key={i} className="grid grid-cols-[1fr_8rem] gap-2">
                <div>
                  <Label htmlFor={`chick-name-${i}`} className="sr-only">
                    Name of chick {i + 1}
                  </Label>
                  <Input
                    id={`chick-name-${i}`}
                    value={r.name}
                    disabled={i < added}
                    onChange={(e) =>
                      setRows(rows.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))
                    }
                    aria-invalid={errors[`name-${i}`] ? true : undefined}
                  />
                  <FieldError message={errors[`name-${i}`]} />
                </div>
                <div>
                  <Label htmlFor={`chick-band-${i}`} className="sr-only">
                    Band id of chick {i + 1}
                  </Label>
                  <Input
                    id={`chick-band-${i}`}
                    placeholder="Band id"
                    autoComplete="off"
                    value={r.bandId}
                    disabled={i < added}
                    onChange={(e) =>
                      setRows(rows.map((x, j) => (j === i ? { ...x, bandId: e.target.value } : x)))
                    }
                    aria-invalid={errors[`band-${i}`] ? true : undefined}
                  />
                  <FieldError message={errors[`band-${i}`]} />
                </div>
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

      <FieldError message={errors.form} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Not now
        </Button>
        <Button type="submit" disabled={run.isPending || count === 0} data-track="Add Chicks">
          {run.isPending ? "Adding..." : "Add the chicks"}
        </Button>
      </div>
    </form>
  );
}
