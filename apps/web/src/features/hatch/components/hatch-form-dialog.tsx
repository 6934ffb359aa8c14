import { incubationDays } from "@flockkeeper/shared/domain/incubation";
import { addDaysIso, todayIso } from "@flockkeeper/shared/domain/dates";
import { FUTURE_DATE_MESSAGE } from "@flockkeeper/shared/schemas/common";
import {
  INCUBATION_METHOD_LABELS,
  createHatchRecordBody,
  type HatchRecord,
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
import { Field, Form, useFormField, useZodForm } from "@/components/ui/form";
import { Input, Select, Textarea } from "@/components/ui/input";
import { isFemaleSex } from "@flockkeeper/shared/schemas/chicken";
import { useChickens } from "@/lib/chickens";
import { useFlocks } from "@/lib/flocks";
import { toast } from "@/lib/toast";
import { temperatureFieldText, temperatureTextToFahrenheit, useUnits } from "@/lib/units";
import { useCreateHatch, useUpdateHatch } from "../api/hatch-records";
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
  sireId: string;
  damId: string;
  breedingFlockId: string;
};

const localToday = () => todayIso(new Date(), new Date().getTimezoneOffset());

/**
 * Start tracking an incubation (defaults: chicken, incubator, turned daily), or correct `record`
 * (the same form prefilled, saved with PATCH).
 */
export function HatchFormDialog({
  open,
  onOpenChange,
  record,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  record?: HatchRecord | null;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={record ? "Edit Hatch" : "Start New Hatch"}
      description={
        record
          ? "Correct this incubation's details."
          : "Track an incubation from the day the eggs are set."
      }
    >
      {open && <HatchForm record={record ?? null} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function HatchForm({ record, onDone }: { record: HatchRecord | null; onDone: () => void }) {
  const today = localToday();
  const create = useCreateHatch();
  const update = useUpdateHatch();
  const { temperatureUnit } = useUnits();
  const profiles = useIncubationProfiles();
  const expectedFor = (v: Values) => {
    const profile = (profiles.data ?? []).find(
      (p) => p.species === v.species && p.id === v.profileId,
    );
    const days = profile?.incubationDays ?? incubationDays(v.species);
    return /^\d{4}-\d{2}-\d{2}$/.test(v.incubationStartDate)
      ? addDaysIso(v.incubationStartDate, days)
      : null;
  };
  const toBody = (v: Values) => ({
    ...v,
    temperature: temperatureTextToFahrenheit(v.temperature, temperatureUnit),
    expectedHatchDate: expectedFor(v) ?? undefined,
  });
  const form = useZodForm({
    schema: createHatchRecordBody,
    defaultValues: record
      ? {
          eggSource: record.eggSource,
          species: record.species,
          breed: record.breed ?? "",
          incubationStartDate: record.incubationStartDate,
          incubationMethod: record.incubationMethod,
          temperature: temperatureFieldText(record.temperature, temperatureUnit),
          humidity: record.humidity === null ? "" : String(record.humidity),
          eggsSet: record.eggsSet === null ? "" : String(record.eggsSet),
          turnedDaily: record.turnedDaily,
          notes: record.notes ?? "",
          profileId: record.profileId ?? "",
          incubatorName: record.incubatorName ?? "",
          sireId: record.sireId ?? "",
          damId: record.damId ?? "",
          breedingFlockId: record.breedingFlockId ?? "",
        }
      : {
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
          sireId: "",
          damId: "",
          breedingFlockId: "",
        },
    toBody,
    check: (v) => ({
      incubationStartDate: v.incubationStartDate > today && FUTURE_DATE_MESSAGE,
    }),
  });
  const v = form.watch();
  const speciesProfiles = (profiles.data ?? []).filter((p) => p.species === v.species);
  const profile = speciesProfiles.find((p) => p.id === v.profileId);
  const expected = expectedFor(v);
  const startDateError = form.formState.errors.incubationStartDate;

  return (
    <Form
      form={form}
      className="space-y-4"
      onSubmit={async (_body, values) => {
        try {
          if (record) {
            await update.mutateAsync({ id: record.id, body: toBody(values) });
            toast({ title: "Hatch record updated", variant: "success" });
            onDone();
            return;
          }
          await create.mutateAsync(toBody(values));
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
      }}
    >
      <Field name="eggSource" id="hatch-eggSource" label="Egg Source">
        {(props) => <Input placeholder="e.g. my own flock, a local breeder" {...props} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="species" id="hatch-species" label="Species">
          {(props) => (
            <Select
              {...props}
              onChange={(e) => {
                props.onChange(e);
                // A profile and the breeders belong to one species.
                form.setValue("profileId", "");
                form.setValue("sireId", "");
                form.setValue("damId", "");
                form.setValue("breedingFlockId", "");
              }}
            >
              {POULTRY_SPECIES.map((s) => (
                <option key={s} value={s}>
                  {SPECIES_LABELS[s]} ({incubationDays(s)} days)
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          name="profileId"
          id="hatch-profile"
          label="Incubation profile"
          after={
            profile && (
              <p className="mt-1 text-sm text-stone-700" data-testid="profile-facts">
                Forced-air {profile.forcedAir.temperatureF} °F, humidity{" "}
                {profile.forcedAir.setHumidityPct.min}-{profile.forcedAir.setHumidityPct.max}%
                (still-air {profile.stillAir.temperatureF} °F at the top of the eggs). Lockdown on
                day {profile.lockdownDay}: stop turning, humidity{" "}
                {profile.forcedAir.lockdownHumidityPct.min}-
                {profile.forcedAir.lockdownHumidityPct.max}%. Candle on days{" "}
                {profile.candlingDays.join(", ")}.
                {profile.uncertain && " Some figures are approximate."}
              </p>
            )
          }
        >
          {(props) => (
            <Select {...props}>
              <option value="">Species default ({incubationDays(v.species)} days)</option>
              {speciesProfiles.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.variant} ({p.incubationDays} days)
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field name="breed" id="hatch-breed" label="Breed (Optional)">
          {(props) => <Input {...props} />}
        </Field>
        <div>
          <Field
            name="incubationStartDate"
            id="hatch-incubationStartDate"
            label="Incubation Start Date"
          >
            {(props) => <Input type="date" max={today} {...props} />}
          </Field>
          {expected && !startDateError && (
            <p className="mt-1 text-sm text-stone-700" data-testid="expected-hatch">
              Expected hatch: {expected}
            </p>
          )}
        </div>
        <Field name="incubationMethod" id="hatch-method" label="Method">
          {(props) => (
            <Select {...props}>
              {incubationMethod.options.map((m) => (
                <option key={m} value={m}>
                  {INCUBATION_METHOD_LABELS[m]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          name="temperature"
          id="hatch-temperature"
          label={`Temperature (°${temperatureUnit})`}
        >
          {(props) => (
            <Input
              type="number"
              step={0.1}
              placeholder={temperatureUnit === "C" ? "37.5" : "99.5"}
              {...props}
            />
          )}
        </Field>
        <Field name="humidity" id="hatch-humidity" label="Humidity (%)">
          {(props) => <Input type="number" step={1} placeholder="55" {...props} />}
        </Field>
        <Field name="eggsSet" id="hatch-eggsSet" label="Eggs set (optional)">
          {(props) => <Input type="number" inputMode="numeric" min={1} {...props} />}
        </Field>
        <Field name="incubatorName" id="hatch-incubatorName" label="Incubator (optional)">
          {(props) => <Input placeholder="e.g. Brinsea left" {...props} />}
        </Field>
        <TurnedDaily />
      </div>
      <Breeders species={v.species} record={record} />
      <Field name="notes" id="hatch-notes" label="Notes">
        {(props) => <Textarea {...props} />}
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={create.isPending || update.isPending}
          data-track={record ? "Edit Hatch" : "Start Hatch"}
        >
          {record
            ? update.isPending
              ? "Saving..."
              : "Save Changes"
            : create.isPending
              ? "Starting..."
              : "Start Tracking"}
        </Button>
      </div>
    </Form>
  );
}

function TurnedDaily() {
  const { field } = useFormField("turnedDaily");
  return (
    <label className="flex min-h-11 items-center gap-2 self-end font-semibold text-stone-800">
      <input
        type="checkbox"
        name={field.name}
        ref={field.ref}
        checked={Boolean(field.value)}
        onChange={(e) => field.onChange(e.target.checked)}
        onBlur={field.onBlur}
        className="h-5 w-5 accent-amber-700"
      />
      Eggs turned daily
    </label>
  );
}

/**
 * The breeders the eggs came from (optional): a sire and dam of the farm, or a breeding flock, of
 * the eggs' species. They give the hatch history per breeder pair. Birds that left are not offered,
 * unless the record already names them.
 */
function Breeders({ species, record }: { species: PoultrySpecies; record: HatchRecord | null }) {
  const birds = useChickens();
  const flocks = useFlocks();
  const kept = (id: string, outcome: string | null) =>
    !outcome || id === record?.sireId || id === record?.damId;
  const sameSpecies = (birds.data ?? []).filter(
    (b) => b.species === species && kept(b.id, b.outcome),
  );
  const sires = sameSpecies.filter((b) => !isFemaleSex(b.sex));
  const dams = sameSpecies.filter((b) => isFemaleSex(b.sex));
  const pens = (flocks.data ?? []).filter((f) => f.species === species);
  const name = (b: { name: string; bandId: string | null }) =>
    b.bandId ? `${b.name} (${b.bandId})` : b.name;
  return (
    <fieldset className="grid gap-4 sm:grid-cols-3">
      <legend className="mb-1 font-semibold text-stone-800">Breeders (optional)</legend>
      <Field name="sireId" id="hatch-sireId" label="Sire">
        {(props) => (
          <Select {...props}>
            <option value="">Not recorded</option>
            {sires.map((b) => (
              <option key={b.id} value={b.id}>
                {name(b)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field name="damId" id="hatch-damId" label="Dam">
        {(props) => (
          <Select {...props}>
            <option value="">Not recorded</option>
            {dams.map((b) => (
              <option key={b.id} value={b.id}>
                {name(b)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field name="breedingFlockId" id="hatch-breedingFlockId" label="Breeding flock">
        {(props) => (
          <Select {...props}>
            <option value="">Not recorded</option>
            {pens.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </fieldset>
  );
}
