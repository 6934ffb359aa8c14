import { useId, useState, type FormEvent } from "react";
import { ListChecks } from "lucide-react";
import {
  BULK_NOT_FOUND_MESSAGE,
  BULK_SEARCH_MAX,
} from "@flockkeeper/shared/domain/food-search-texts";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label, Textarea } from "@/components/ui/input";
import { toast } from "@/lib/toast";
import { useBulkFoodSearch } from "../api/bulk-search";
import { parsePlantList } from "../lib/plant-list";
import { SafetyBadge } from "./safety-level";

const FAILURE_TITLE = "Search Error";
const FAILURE_TEXT = "Failed to search plant list. Please try again.";

/** Plant List Check: paste a list of plants from the garden, see each one's safety level. */
export function PlantListCheck() {
  const id = useId();
  const [text, setText] = useState("");
  const bulk = useBulkFoodSearch();
  const names = parsePlantList(text);
  const tooMany = names.length > BULK_SEARCH_MAX;

  // Not on the form kit (components/ui/form.tsx): one text box whose limit is shown live as it is
  // typed (the count of names under it; the button is disabled with none or too many), so there
  // is no message to show on submit.
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (names.length === 0 || tooMany) return;
    bulk.mutate(names, {
      onError: () =>
        toast({ title: FAILURE_TITLE, description: FAILURE_TEXT, variant: "destructive" }),
    });
  };

  const results = bulk.data;
  const counts = results && {
    toxic: results.filter((r) => r.item?.safetyLevel === "toxic").length,
    caution: results.filter((r) => r.item?.safetyLevel === "caution").length,
    safe: results.filter((r) => r.item?.safetyLevel === "safe").length,
    missing: results.filter((r) => !r.found).length,
  };

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} className="space-y-2">
        <Label htmlFor={`${id}-list`}>Plants or foods, one per line or separated by commas</Label>
        <Textarea
          id={`${id}-list`}
          rows={6}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={"Foxglove\nDandelion\nRhubarb, yew, lavender"}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="text-sm text-stone-700">
          {tooMany
            ? `Please check no more than ${BULK_SEARCH_MAX} names at a time (you have ${names.length}).`
            : `${names.length} ${names.length === 1 ? "name" : "names"} to check (up to ${BULK_SEARCH_MAX}).`}
        </p>
        <Button
          type="submit"
          disabled={names.length === 0 || tooMany || bulk.isPending}
          data-track="Check Plant List"
        >
          <ListChecks className="size-4" aria-hidden="true" />
          {bulk.isPending ? "Checking..." : "Check Plant List"}
        </Button>
      </form>

      <div aria-live="polite">
        {bulk.isError && (
          <Alert tone="danger">
            <p className="font-bold">{FAILURE_TITLE}</p>
            <p>{FAILURE_TEXT}</p>
          </Alert>
        )}
        {results && counts && (
          <section aria-label="Plant list results" className="space-y-3">
            <p className="text-sm font-semibold text-stone-800">
              {counts.toxic} toxic, {counts.caution} caution, {counts.safe} safe, {counts.missing}{" "}
              not found
            </p>
            <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
              {results.map((r, i) => (
                <li
                  key={`${i}-${r.searchTerm}`}
                  className="flex flex-col gap-1 p-3 sm:flex-row sm:items-start sm:justify-between"
                  data-testid="plant-result"
                  data-safety={r.item?.safetyLevel ?? "unknown"}
                >
                  <div>
                    <p className="font-semibold text-stone-900">
                      {r.searchTerm}
                      {r.item && r.item.name.toLowerCase() !== r.searchTerm.toLowerCase() && (
                        <span className="font-normal text-stone-700"> ({r.item.name})</span>
                      )}
                    </p>
                    <p className="text-sm text-stone-700">
                      {r.item ? (r.item.partGuidance ?? r.item.guidelines) : BULK_NOT_FOUND_MESSAGE}
                    </p>
                    {!r.item && r.suggestions && r.suggestions.length > 0 && (
                      <p className="text-sm text-stone-700">
                        Did you mean: {r.suggestions.map((s) => s.name).join(", ")}?
                      </p>
                    )}
                  </div>
                  {r.item ? (
                    <SafetyBadge level={r.item.safetyLevel} className="shrink-0 self-start" />
                  ) : (
                    <span className="shrink-0 self-start rounded-full border border-stone-400 px-2.5 py-0.5 text-sm font-bold text-stone-800">
                      Unknown
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
