import { useState, type FormEvent } from "react";
import { incubationDays } from "@flockkeeper/shared/domain/incubation";
import { addDaysIso, todayIso } from "@flockkeeper/shared/domain/dates";
import {
  INCUBATION_METHOD_LABELS,
  createHatchRecordBody,
  incubationMethod,
  type IncubationMethod,
} from "@flockkeeper/shared/schemas/hatch-record";
import {
  POULTRY_SPECIES,
  SPECIES_LABELS,
  type PoultrySpecies,
} from "@flockkeeper/shared/schemas/species";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FieldError, Input, Label, Select, Textarea } from "@/components/ui/input";
import { toast } from "@/lib/toast";
import { temperatureTextToFahrenheit, useUnits } from "@/lib/units";
import { useCreateHatch } from "../api/hatch-records";
import { useIncubationProfiles } from "../api/incubation-profiles";

type Values = {
  eggSource: string;
  species: PoultrySpecies;
  breed: string;
  incubationStartDate: string;
  incubationMethod: IncubationMethod;
  temperature: string;
  humidity: string;
  eggsSet: string;
  turnedDaily: boolean;
  notes: string;
  profileId: string;
  incubatorName: string;
};

const localToday = () => todayIso(new Date(), new Date().getTimezoneOffset());

/** Start tracking an incubation (defaults: chicken, incubator, turned daily). */
export function HatchFormDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Start New Hatch"
      description="Track an incubation from the day the eggs are set."
    >
      {open && <HatchForm onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function HatchForm({ onDone }: { onDone: () => void }) {
  const today = localToday();
  const [v, setV] = useState<Values>({
    eggSource: "",
    species: "chicken",
    breed: "",
    incubationStartDate: today,
    incubationMethod: "incubator",
    temperature: "",
    humidity: "",
    eggsSet: "",
    turnedDaily: true,
    notes: "",
    profileId: "",
    incubatorName: "",
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const create = useCreateHatch();
  const { temperatureUnit } = useUnits();
  const set = <K extends keyof Values>(k: K, value: Values[K]) =>
    setV((x) => ({ ...x, [k]: value }));
  const profiles = useIncubationProfiles();
  const speciesProfiles = (profiles.data ?? []).filter((p) => p.species === v.species);
  const profile = speciesProfiles.find((p) => p.id === v.profileId);
  const days = profile?.incubationDays ?? incubationDays(v.species);
  const expected = /^\d{4}-\d{2}-\d{2}$/.test(v.incubationStartDate)
    ? addDaysIso(v.incubationStartDate, days)
    : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = {
      ...v,
      temperature: temperatureTextToFahrenheit(v.temperature, temperatureUnit),
      expectedHatchDate: expected ?? undefined,
    };
    const parsed = createHatchRecordBody.safeParse(body);
    const next: typeof errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        next[issue.path[0] as keyof Values] ??= issue.message;
    }
    if (!next.incubationStartDate && v.incubationStartDate > today)
      next.incubationStartDate = "Date cannot be in the future";
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await create.mutateAsync(body);
      toast({
        title: "Hatch record created",
        description: "Your egg incubation tracking has been started!",
        variant: "success",
      });
      onDone();
    } catch {
      toast({
        title: "Error",
        description: "Failed to create hatch record. Please try again.",
        variant: "destructive",
      });
    }
  };

  const field = (k: keyof Values) =>
    errors[k] ? { "aria-invalid": true, "aria-describedby": `hatch-${k}-error` } : {};

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div>
        <Label htmlFor="hatch-eggSource">Egg Source</Label>
        <Input
          id="hatch-eggSource"
          placeholder="e.g. my own flock, a local breeder"
          value={v.eggSource}
          onChange={(e) => set("eggSource", e.target.value)}
          {...field("eggSource")}
        />
        <FieldError id="hatch-eggSource-error" message={errors.eggSource} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="hatch-species">Species</Label>
          <Select
            id="hatch-species"
            value={v.species}
            onChange={(e) =>
              setV((x) => ({ ...x, species: e.target.value as PoultrySpecies, profileId: "" }))
            }
            {...field("species")}
          >
            {POULTRY_SPECIES.map((s) => (
              <option key={s} value={s}>
                {SPECIES_LABELS[s]} ({incubationDays(s)} days)
              </option>
            ))}
          </Select>
          <FieldError id="hatch-species-error" message={errors.species} />
        </div>
        <div>
          <Label htmlFor="hatch-profile">Incubation profile</Label>
          <Select
            id="hatch-profile"
            value={v.profileId}
            onChange={(e) => set("profileId", e.target.value)}
            {...field("profileId")}
          >
            <option value="">Species default ({incubationDays(v.species)} days)</option>
            {speciesProfiles.map((p) => (
              <option key={p.id} value={p.id}>
                {p.variant} ({p.incubationDays} days)
              </option>
            ))}
          </Select>
          <FieldError id="hatch-profileId-error" message={errors.profileId} />
          {profile && (
            <p className="mt-1 text-sm text-stone-700" data-testid="profile-facts">
              Forced-air {profile.forcedAir.temperatureF} °F, humidity{" "}
              {profile.forcedAir.setHumidityPct.min}-{profile.forcedAir.setHumidityPct.max}%
              (still-air {profile.stillAir.temperatureF} °F at the top of the eggs). Lockdown on day{" "}
              {profile.lockdownDay}: stop turning, humidity{" "}
              {profile.forcedAir.lockdownHumidityPct.min}-
              {profile.forcedAir.lockdownHumidityPct.max}%. Candle on days{" "}
              {profile.candlingDays.join(", ")}.
              {profile.uncertain && " Some figures are approximate."}
            </p>
          )}
        </div>
        <div>
          <Label htmlFor="hatch-breed">Breed (Optional)</Label>
          <Input
            id="hatch-breed"
            value={v.breed}
            onChange={(e) => set("breed", e.target.value)}
            {...field("breed")}
          />
          <FieldError id="hatch-breed-error" message={errors.breed} />
        </div>
        <div>
          <Label htmlFor="hatch-incubationStartDate">Incubation Start Date</Label>
          <Input
            id="hatch-incubationStartDate"
            type="date"
            max={today}
            value={v.incubationStartDate}
            onChange={(e) => set("incubationStartDate", e.target.value)}
            {...field("incubationStartDate")}
          />
          <FieldError id="hatch-incubationStartDate-error" message={errors.incubationStartDate} />
          {expected && !errors.incubationStartDate && (
            <p className="mt-1 text-sm text-stone-700" data-testid="expected-hatch">
              Expected hatch: {expected}
            </p>
          )}
        </div>
        <div>
          <Label htmlFor="hatch-method">Method</Label>
          <Select
            id="hatch-method"
            value={v.incubationMethod}
            onChange={(e) => set("incubationMethod", e.target.value as IncubationMethod)}
          >
            {incubationMethod.options.map((m) => (
              <option key={m} value={m}>
                {INCUBATION_METHOD_LABELS[m]}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="hatch-temperature">Temperature (°{temperatureUnit})</Label>
          <Input
            id="hatch-temperature"
            type="number"
            step={0.1}
            placeholder={temperatureUnit === "C" ? "37.5" : "99.5"}
            value={v.temperature}
            onChange={(e) => set("temperature", e.target.value)}
            {...field("temperature")}
          />
          <FieldError id="hatch-temperature-error" message={errors.temperature} />
        </div>
        <div>
          <Label htmlFor="hatch-humidity">Humidity (%)</Label>
          <Input
            id="hatch-humidity"
            type="number"
            step={1}
            placeholder="55"
            value={v.humidity}
            onChange={(e) => set("humidity", e.target.value)}
            {...field("humidity")}
          />
          <FieldError id="hatch-humidity-error" message={errors.humidity} />
        </div>
        <div>
          <Label htmlFor="hatch-eggsSet">Eggs set (optional)</Label>
          <Input
            id="hatch-eggsSet"
            type="number"
            inputMode="numeric"
            min={1}
            value={v.eggsSet}
            onChange={(e) => set("eggsSet", e.target.value)}
            {...field("eggsSet")}
          />
          <FieldError id="hatch-eggsSet-error" message={errors.eggsSet} />
        </div>
        <div>
          <Label htmlFor="hatch-incubatorName">Incubator (optional)</Label>
          <Input
            id="hatch-incubatorName"
            placeholder="e.g. Brinsea left"
            value={v.incubatorName}
            onChange={(e) => set("incubatorName", e.target.value)}
            {...field("incubatorName")}
          />
          <FieldError id="hatch-incubatorName-error" message={errors.incubatorName} />
        </div>
        <label className="flex min-h-11 items-center gap-2 self-end font-semibold text-stone-800">
          <input
            type="checkbox"
            checked={v.turnedDaily}
            onChange={(e) => set("turnedDaily", e.target.checked)}
            className="h-5 w-5 accent-amber-700"
          />
          Eggs turned daily
        </label>
      </div>
      <div>
        <Label htmlFor="hatch-notes">Notes</Label>
        <Textarea
          id="hatch-notes"
          value={v.notes}
          onChange={(e) => set("notes", e.target.value)}
          {...field("notes")}
        />
        <FieldError id="hatch-notes-error" message={errors.notes} />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending} data-track="Start Hatch">
          {create.isPending ? "Starting..." : "Start Tracking"}
        </Button>
      </div>
    </form>
  );
}
