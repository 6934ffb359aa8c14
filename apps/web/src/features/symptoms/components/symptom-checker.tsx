import { useId, useState, type FormEvent } from "react";
import type { AgeBand } from "@flockkeeper/shared/domain/age-band";
import {
  POULTRY_SPECIES,
  SPECIES_LABELS,
  type PoultrySpecies,
} from "@flockkeeper/shared/schemas/species";
import { AlertOctagon, Check, Pill, Stethoscope } from "lucide-react";
import { Link } from "react-router";
import type { HealthCondition } from "@flockkeeper/shared/schemas/condition";
import { SYMPTOMS_MAX, SYMPTOM_TEXT_MAX } from "@flockkeeper/shared/domain/symptom-limits";
import { parseSymptomInput } from "@flockkeeper/shared/domain/symptom-match";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input, Label, Select } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { useDiagnose } from "../api/diagnose";

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
export function SymptomChecker({ initialSpecies, initialAgeWeeks, birdName }: SymptomCheckerProps) {
  const id = useId();
  const [species, setSpecies] = useState<PoultrySpecies>(initialSpecies ?? "chicken");
  // "weeks" = the bird's known age in weeks (from its card); "" = not sure.
  const [age, setAge] = useState<AgeBand | "weeks" | "">(
    initialAgeWeeks !== undefined ? "weeks" : "",
  );
  const [selected, setSelected] = useState<string[]>([]);
  const [freeText, setFreeText] = useState("");
  const diagnose = useDiagnose();
  const symptoms = parseSymptomInput(selected, freeText);
  // The server takes symptoms of up to 200 characters each: say so before sending, not after.
  const tooLong = symptoms.some((s) => s.length > SYMPTOM_TEXT_MAX);

  const toggle = (s: string) =>
    setSelected((list) => (list.includes(s) ? list.filter((x) => x !== s) : [...list, s]));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // Spec: sends only when at least one symptom is chosen or typed.
    if (symptoms.length === 0 || tooLong) return;
    diagnose.mutate(
      {
        symptoms: symptoms.slice(0, SYMPTOMS_MAX),
        species,
        ...(age === "weeks"
          ? initialAgeWeeks !== undefined
            ? { ageWeeks: initialAgeWeeks }
            : {}
          : age
            ? { age }
            : {}),
      },
      {
        onError: () => toast({ title: "Error", description: FAILURE, variant: "destructive" }),
      },
    );
  };

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} className="space-y-4">
        {birdName && (
          <p className="text-sm text-stone-800">
            Checking <strong>{birdName}</strong>
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <Label htmlFor={`${id}-species`}>Species</Label>
            <Select
              id={`${id}-species`}
              value={species}
              onChange={(e) => setSpecies(e.target.value as PoultrySpecies)}
            >
              {POULTRY_SPECIES.map((s) => (
                <option key={s} value={s}>
                  {SPECIES_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={`${id}-age`}>Age</Label>
            <Select
              id={`${id}-age`}
              value={age}
              onChange={(e) => setAge(e.target.value as AgeBand | "weeks" | "")}
            >
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
          </div>
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
        <div>
          <Label htmlFor={`${id}-other`}>Other symptoms (separate with commas)</Label>
          <Input
            id={`${id}-other`}
            value={freeText}
            maxLength={2000}
            onChange={(e) => setFreeText(e.target.value)}
            placeholder="e.g. runny poop, swollen face, bubbles in eye"
            aria-invalid={tooLong || undefined}
            aria-describedby={tooLong ? `${id}-other-error` : undefined}
          />
          {tooLong && (
            <p id={`${id}-other-error`} className="mt-1 text-sm font-semibold text-red-800">
              Each symptom must be {SYMPTOM_TEXT_MAX} characters or fewer. Separate symptoms with
              commas.
            </p>
          )}
        </div>
        <Button
          type="submit"
          disabled={symptoms.length === 0 || tooLong || diagnose.isPending}
          data-track="Analyze Symptoms"
        >
          <Stethoscope className="size-4" aria-hidden="true" />
          {diagnose.isPending ? "Analyzing..." : "Analyze Symptoms"}
        </Button>
      </form>

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
