import { useId } from "react";
import { useFormState, useWatch } from "react-hook-form";
import type { AgeBand } from "@flockkeeper/shared/domain/age-band";
import {
  POULTRY_SPECIES,
  SPECIES_LABELS,
  type PoultrySpecies,
} from "@flockkeeper/shared/schemas/species";
import { AlertOctagon, Check, Pill, Stethoscope } from "lucide-react";
import { Link } from "react-router";
import { diagnoseBody, type HealthCondition } from "@flockkeeper/shared/schemas/condition";
import { SYMPTOMS_MAX } from "@flockkeeper/shared/domain/symptom-limits";
import { parseSymptomInput } from "@flockkeeper/shared/domain/symptom-match";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field, Form, useZodForm } from "@/components/ui/form";
import { Input, Select } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { useDiagnose, type DiagnoseInput } from "../api/diagnose";

/** The spec's eight common symptoms, offered as toggles. */
export const COMMON_SYMPTOMS = [
  "Not eating",
  "Lethargy",
  "Watery droppings",
  "Coughing",
  "Limping",
  "Sneezing",
  "Pale comb",
  "Weight loss",
] as const;

const FAILURE = "Failed to analyze symptoms. Please try again or consult a veterinarian.";

const SEVERITY_TONE: Record<HealthCondition["severity"], BadgeTone> = {
  mild: "green",
  moderate: "yellow",
  severe: "red",
};

/** The Flock Manager's treatment form, filled in with this condition (issue 20 item 4). */
function treatmentLink(condition: HealthCondition): string {
  const q = new URLSearchParams({
    treat: "1",
    reason: condition.name,
    conditionId: condition.id,
    conditionName: condition.name,
  });
  return `/chicken-tracker?${q.toString()}`;
}

function ConditionCard({ condition }: { condition: HealthCondition }) {
  return (
    <article
      data-testid="condition-result"
      className={cn(
        "rounded-xl border bg-white p-4 shadow-sm",
        condition.reportable ? "border-2 border-red-700" : "border-stone-200",
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="mr-auto text-lg font-bold text-stone-900">{condition.name}</h3>
        <Badge tone={SEVERITY_TONE[condition.severity]}>Severity: {condition.severity}</Badge>
        {condition.vetRequired === 1 && (
          <Badge tone="purple">
            <Stethoscope className="size-3.5" aria-hidden="true" />
            Vet recommended
          </Badge>
        )}
        {condition.reportable && (
          <Badge tone="red">
            <AlertOctagon className="size-3.5" aria-hidden="true" />
            Notifiable disease
          </Badge>
        )}
      </div>
      {condition.reportable && condition.reportingAdvice && (
        <Alert tone="danger" className="mt-3 font-semibold">
          {condition.reportingAdvice}
        </Alert>
      )}
      <p className="mt-2 text-sm text-stone-700">Matches: {condition.matchedSymptoms.join(", ")}</p>
      {condition.species && (
        <p className="text-sm text-stone-700">
          Affects: {condition.species.map((s) => SPECIES_LABELS[s]).join(", ")}
        </p>
      )}
      <p className="mt-2 text-stone-800">{condition.description}</p>
      <h4 className="mt-3 font-bold text-stone-900">What you can do</h4>
      <ul className="list-disc pl-5 text-stone-800">
        {condition.remedies.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      {condition.sources && condition.sources.length > 0 && (
        <p className="mt-2 text-xs break-words text-stone-700">
          Source: {condition.sources.join("; ")}
        </p>
      )}
      <p className="mt-3">
        <Link
          to={treatmentLink(condition)}
          className="inline-flex min-h-11 items-center gap-2 rounded-control border border-stone-300 px-3 font-semibold text-stone-900 hover:bg-stone-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          data-track="Record a treatment from a symptom result"
        >
          <Pill className="size-4" aria-hidden="true" />
          Record a treatment
        </Link>
        <span className="mt-1 block text-xs text-stone-700">
          Keeps a record with its egg and meat withdrawal in the Flock Manager. Not dosing advice:
          ask a vet what to give.
        </span>
      </p>
    </article>
  );
}

const AGE_LABELS: Record<AgeBand, string> = {
  chick: "Chick (in the brooder)",
  young: "Young (growing)",
  adult: "Adult (laying or breeding age)",
};

/** Where the checker was opened from: a bird's card presets its species and age. */
export interface SymptomCheckerProps {
  initialSpecies?: PoultrySpecies;
  /** The bird's age in whole weeks, when known. */
  initialAgeWeeks?: number;
  birdName?: string;
}

/**
 * Symptom Checker: species and age, the eight common symptoms as toggles plus free text (comma
 * separated), ranked against the conditions knowledge base. Self-contained (the Flock Health
 * Center renders it).
 */
type Values = {
  species: PoultrySpecies;
  // "weeks" = the bird's known age in weeks (from its card); "" = not sure.
  age: AgeBand | "weeks" | "";
  selected: string[];
  freeText: string;
};

export function SymptomChecker({ initialSpecies, initialAgeWeeks, birdName }: SymptomCheckerProps) {
  const id = useId();
  const diagnose = useDiagnose();
  const toBody = (v: Values): DiagnoseInput => ({
    symptoms: parseSymptomInput(v.selected, v.freeText).slice(0, SYMPTOMS_MAX),
    species: v.species,
    ...(v.age === "weeks"
      ? initialAgeWeeks !== undefined
        ? { ageWeeks: initialAgeWeeks }
        : {}
      : v.age
        ? { age: v.age }
        : {}),
  });
  const form = useZodForm({
    schema: diagnoseBody,
    defaultValues: {
      species: initialSpecies ?? "chicken",
      age: initialAgeWeeks !== undefined ? "weeks" : "",
      selected: [],
      freeText: "",
    },
    toBody,
    // The symptoms list is the chosen toggles plus the typed text split at commas: its messages
    // (each symptom at most 200 characters) belong to the text box, shown as it is typed so the
    // keeper hears of the limit before sending, not after.
    errorsAt: { symptoms: "freeText" },
    validate: "onChange",
  });
  const [selected, freeText] = useWatch({ control: form.control, name: ["selected", "freeText"] });
  const { errors } = useFormState({ control: form.control });
  // Spec: sends only when at least one symptom is chosen or typed.
  const none = parseSymptomInput(selected, freeText).length === 0;

  const toggle = (s: string) =>
    form.setValue(
      "selected",
      selected.includes(s) ? selected.filter((x) => x !== s) : [...selected, s],
    );

  return (
    <div className="space-y-4">
      <Form
        form={form}
        className="space-y-4"
        onSubmit={(_body, values) =>
          diagnose.mutate(toBody(values), {
            onError: () => toast({ title: "Error", description: FAILURE, variant: "destructive" }),
          })
        }
      >
        {birdName && (
          <p className="text-sm text-stone-800">
            Checking <strong>{birdName}</strong>
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <Field name="species" id={`${id}-species`} label="Species">
            {(props) => (
              <Select {...props}>
                {POULTRY_SPECIES.map((s) => (
                  <option key={s} value={s}>
                    {SPECIES_LABELS[s]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field name="age" id={`${id}-age`} label="Age">
            {(props) => (
              <Select {...props}>
                <option value="">Not sure</option>
                {initialAgeWeeks !== undefined && (
                  <option value="weeks">
                    {initialAgeWeeks} {initialAgeWeeks === 1 ? "week" : "weeks"} old
                  </option>
                )}
                {(Object.keys(AGE_LABELS) as AgeBand[]).map((a) => (
                  <option key={a} value={a}>
                    {AGE_LABELS[a]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-stone-800">Common symptoms</legend>
          <div className="flex flex-wrap gap-2">
            {COMMON_SYMPTOMS.map((s) => {
              const on = selected.includes(s);
              return (
                <button
                  key={s}
                  type="button"
                  aria-pressed={on}
                  onClick={() => toggle(s)}
                  className={cn(
                    "inline-flex min-h-11 items-center gap-1 rounded-full border px-4 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-blue-700",
                    on
                      ? "border-amber-800 bg-amber-700 text-white"
                      : "border-stone-400 bg-white text-stone-800 hover:bg-stone-100",
                  )}
                >
                  {on && <Check className="size-4" aria-hidden="true" />}
                  {s}
                </button>
              );
            })}
          </div>
        </fieldset>
        <Field name="freeText" id={`${id}-other`} label="Other symptoms (separate with commas)">
          {(props) => (
            <Input
              {...props}
              maxLength={2000}
              placeholder="e.g. runny poop, swollen face, bubbles in eye"
            />
          )}
        </Field>
        <Button
          type="submit"
          disabled={none || Boolean(errors.freeText) || diagnose.isPending}
          data-track="Analyze Symptoms"
        >
          <Stethoscope className="size-4" aria-hidden="true" />
          {diagnose.isPending ? "Analyzing..." : "Analyze Symptoms"}
        </Button>
      </Form>

      <div aria-live="polite" className="space-y-3">
        {diagnose.isError && <Alert tone="danger">{FAILURE}</Alert>}
        {diagnose.data && diagnose.data.notUnderstood.length > 0 && (
          <Alert tone="warning" data-testid="not-understood">
            <p>
              <span className="font-bold">Not understood:</span>{" "}
              {diagnose.data.notUnderstood.join("; ")}
            </p>
            <p className="text-sm">Try other words for these, or one symptom per comma.</p>
          </Alert>
        )}
        {diagnose.data && diagnose.data.conditions.length === 0 && (
          <Alert tone="info">
            <p className="font-bold">No matching conditions found</p>
            {diagnose.data.notUnderstood.length === 0 ? (
              <p data-testid="too-general">
                Every sign was understood, but on their own they fit too many conditions to name
                any. Add what else you see (droppings, breathing, eyes, legs, comb), or ask a
                veterinarian who treats poultry.
              </p>
            ) : (
              <p>
                Try describing what you see in other words, or ask a veterinarian who treats
                poultry.
              </p>
            )}
          </Alert>
        )}
        {diagnose.data && diagnose.data.conditions.length > 0 && (
          <section aria-label="Possible conditions" className="space-y-3">
            {diagnose.data.conditions.some((c) => c.reportable) && (
              <Alert tone="danger" className="font-semibold" data-testid="reporting-advice">
                <p>
                  Possible notifiable disease:{" "}
                  {diagnose.data.conditions
                    .filter((c) => c.reportable)
                    .map((c) => c.name)
                    .join(", ")}
                  .
                </p>
                <p>{diagnose.data.conditions.find((c) => c.reportingAdvice)?.reportingAdvice}</p>
              </Alert>
            )}
            <h2 className="text-lg font-bold text-stone-900">
              Possible conditions, best match first
            </h2>
            {diagnose.data.conditions.map((c) => (
              <ConditionCard key={c.id} condition={c} />
            ))}
            <p className="text-sm text-stone-700">
              These are possibilities to discuss with a vet, not a diagnosis. A sick bird should be
              separated from the flock while you find out more.
            </p>
          </section>
        )}
      </div>
    </div>
  );
}
