import type { FoodItem } from "@flockkeeper/shared/schemas/food-search";
import type { PoultrySpecies } from "@flockkeeper/shared/schemas/species";
import { SPECIES_LABELS } from "@flockkeeper/shared/domain/species-labels";
import { cn } from "@/lib/cn";
import { SafetyBadge, SAFETY_STYLES } from "./safety-level";

/** The part as the keeper wrote it ("pits" in "cherry pits"), else the matched word. */
function searchPartLabel(searchTerm: string, part: string): string {
  const words = searchTerm.toLowerCase().split(/[^a-z]+/);
  return words.find((w) => w.startsWith(part.slice(0, 3))) ?? part;
}

/** One food's answer: safety level (colour, icon, words), what it is, and how to feed it. */
export function FoodResult({ item, searchTerm }: { item: FoodItem; searchTerm: string }) {
  const style = SAFETY_STYLES[item.safetyLevel];
  const notes = Object.entries(item.speciesNotes ?? {}) as [PoultrySpecies, string][];
  return (
    <article
      aria-label={`${item.name}: ${style.label}`}
      data-testid="food-result"
      data-safety={item.safetyLevel}
      className={cn("rounded-xl border-2 p-4", style.panel)}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold text-stone-900">{item.name}</h2>
        <SafetyBadge level={item.safetyLevel} />
      </div>
      <p className="mt-1 font-semibold text-stone-800">{style.summary}</p>
      {item.matchType !== "exact" && item.matchType !== "part" && (
        <p className="mt-1 text-sm text-stone-700">
          {item.matchType === "fuzzy"
            ? `Read "${searchTerm}" as ${item.name} (a spelling slip). Check this is what you meant.`
            : `Matched "${item.matchedText}".`}
        </p>
      )}
      {item.matchType === "part" && item.part && (
        <div className="mt-2 rounded-lg border border-stone-300 bg-white/70 p-2 text-sm text-stone-900">
          {item.partGuidance ? (
            <>
              <p className="font-semibold">
                You asked about the {searchPartLabel(searchTerm, item.part)}. There is no separate
                entry for them: the level above is for {item.name} as a whole. What it says about
                that part:
              </p>
              <p data-testid="part-guidance">{item.partGuidance}</p>
            </>
          ) : (
            <p className="font-semibold">
              You asked about the {searchPartLabel(searchTerm, item.part)}: this entry covers them.
            </p>
          )}
        </div>
      )}
      <p className="mt-3 text-stone-800">{item.description}</p>
      <h3 className="mt-3 font-bold text-stone-900">Feeding guidelines</h3>
      <p className="text-stone-800">{item.guidelines}</p>
      {item.notes && item.notes.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm text-stone-800" aria-label="General rules">
          {item.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      {notes.length > 0 && (
        <>
          <h3 className="mt-3 font-bold text-stone-900">Other species</h3>
          <ul className="list-disc pl-5 text-stone-800">
            {notes.map(([species, note]) => (
              <li key={species}>
                <span className="font-semibold">{SPECIES_LABELS[species]}:</span> {note}
              </li>
            ))}
          </ul>
        </>
      )}
      {item.uncertain && (
        <p className="mt-3 text-sm text-stone-700">
          The evidence for poultry is thin or sources disagree here, so treat this level as our best
          judgement and lean to caution.
        </p>
      )}
      <details className="mt-3 text-sm text-stone-700">
        <summary className="cursor-pointer font-semibold">Sources</summary>
        <ul className="mt-1 list-disc pl-5">
          {item.sources.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
        {item.generalRule && (
          <p className="mt-1" data-testid="general-rule">
            {item.generalRule}
          </p>
        )}
      </details>
    </article>
  );
}
