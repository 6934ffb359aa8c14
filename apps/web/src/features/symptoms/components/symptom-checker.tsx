import { useId, useState, type FormEvent } from "react";
import { AlertOctagon, Check, Stethoscope } from "lucide-react";
import type { HealthCondition } from "@flockkeeper/shared/schemas/condition";
import { SYMPTOMS_MAX, SYMPTOM_TEXT_MAX } from "@flockkeeper/shared/domain/symptom-limits";
import { parseSymptomInput } from "@flockkeeper/shared/domain/symptom-match";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input, Label } from "@/components/ui/input";
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
      <p className="mt-2 text-stone-800">{condition.description}</p>
      <h4 className="mt-3 font-bold text-stone-900">What you can do</h4>
      <ul className="list-disc pl-5 text-stone-800">
        {condition.remedies.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </article>
  );
}

/**
 * Symptom Checker: the eight common symptoms as toggles plus free text (comma separated), ranked
 * against the conditions knowledge base. Self-contained (the Flock Health Center renders it).
 */
export function SymptomChecker() {
  const id = useId();
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
    diagnose.mutate(symptoms.slice(0, SYMPTOMS_MAX), {
      onError: () => toast({ title: "Error", description: FAILURE, variant: "destructive" }),
    });
  };

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} className="space-y-4">
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
        {diagnose.data && diagnose.data.length === 0 && (
          <Alert tone="info">
            <p className="font-bold">No matching conditions found</p>
            <p>
              Try describing what you see in other words, or ask a veterinarian who treats poultry.
            </p>
          </Alert>
        )}
        {diagnose.data && diagnose.data.length > 0 && (
          <section aria-label="Possible conditions" className="space-y-3">
            <h2 className="text-lg font-bold text-stone-900">
              Possible conditions, best match first
            </h2>
            {diagnose.data.map((c) => (
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
