import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { Clock, Search, X } from "lucide-react";
import {
  FOOD_NAME_MAX,
  FOOD_NOT_FOUND_GUIDANCE,
  FOOD_NOT_FOUND_MESSAGE,
  RECENT_SEARCH_LIMIT,
} from "@flockkeeper/shared/domain/food-search-texts";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input, Label } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { WhenHydrated } from "@/lib/hydration";
import { useAuth } from "@/lib/auth";
import { useFoodSearch } from "../api/search-food";
import { useFoodSuggestions } from "../api/get-suggestions";
import {
  useAddRecentSearch,
  useDeleteRecentSearch,
  useRecentSearches,
} from "../api/recent-searches";
import { pushRecent } from "../lib/plant-list";
import { FoodResult } from "./food-result";
import { SafetyBadge } from "./safety-level";

/** Waits until the keeper pauses typing before asking for suggestions. */
function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Single Search: one food or plant, with suggestions as the keeper types and recent searches. */
export function SingleSearch() {
  const id = useId();
  const listId = `${id}-suggestions`;
  const [text, setText] = useState("");
  const [submitted, setSubmitted] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [localRecent, setLocalRecent] = useState<string[]>([]);
  const { isAuthenticated } = useAuth();
  const recent = useRecentSearches(isAuthenticated);
  const addRecent = useAddRecentSearch();
  const deleteRecent = useDeleteRecentSearch();
  const search = useFoodSearch(submitted);
  const typed = useDebounced(text.trim(), 200);
  const suggestions = useFoodSuggestions(typed);
  const options = open && typed.length >= 2 ? (suggestions.data ?? []) : [];

  const run = (raw: string) => {
    const term = raw.trim();
    setOpen(false);
    setActive(-1);
    // Spec: an empty or whitespace-only search does nothing.
    if (!term) return;
    setText(term);
    setSubmitted(term);
    if (isAuthenticated) addRecent.mutate(term);
    else setLocalRecent((list) => pushRecent(list, term, RECENT_SEARCH_LIMIT));
  };

  // Not on the form kit (components/ui/form.tsx): a combobox search box with no message to show
  // (the spec: an empty search does nothing; the length is capped by maxLength), whose state is
  // the listbox's open and active option rather than a request body to check.
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const chosen = active >= 0 ? options[active] : undefined;
    run(chosen ? chosen.name : text);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" && options.length > 0) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % options.length);
    } else if (e.key === "ArrowUp" && options.length > 0) {
      e.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (e.key === "Escape") {
      setOpen(false);
      setActive(-1);
    }
  };

  const recentTerms: { key: string; term: string; id?: string }[] = isAuthenticated
    ? (recent.data ?? []).map((r) => ({ key: r.id, term: r.term, id: r.id }))
    : localRecent.map((term) => ({ key: term, term }));

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} role="search" className="relative">
        <Label htmlFor={`${id}-input`}>Food or plant name</Label>
        <div className="flex gap-2">
          <div className="relative flex-1">
            {/* Prerendered: read-only until React has hydrated it, so no typing is lost (only the
                field re-renders then, not the whole search). */}
            <WhenHydrated>
              {(hydrated) => (
                <Input
                  id={`${id}-input`}
                  role="combobox"
                  aria-expanded={options.length > 0}
                  aria-controls={listId}
                  aria-autocomplete="list"
                  aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
                  autoComplete="off"
                  maxLength={FOOD_NAME_MAX}
                  placeholder="e.g. avocado, tomato leaves, foxglove"
                  value={text}
                  readOnly={!hydrated}
                  onChange={(e) => {
                    setText(e.target.value);
                    setOpen(true);
                    setActive(-1);
                  }}
                  onKeyDown={onKeyDown}
                  onBlur={() => setTimeout(() => setOpen(false), 150)}
                />
              )}
            </WhenHydrated>
            {options.length > 0 && (
              <ul
                id={listId}
                role="listbox"
                aria-label="Suggestions"
                className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-lg border border-stone-300 bg-white shadow-lg"
              >
                {options.map((s, i) => (
                  // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- a combobox option: the keyboard works on the input (aria-activedescendant)
                  <li
                    key={s.id}
                    id={`${listId}-${i}`}
                    role="option"
                    aria-selected={i === active}
                    className={`flex cursor-pointer items-center justify-between gap-2 px-3 py-2 ${i === active ? "bg-amber-100" : "hover:bg-stone-100"}`}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => run(s.name)}
                  >
                    <span>
                      {s.name}
                      {s.matchedText.toLowerCase() !== s.name.toLowerCase() && (
                        <span className="text-sm text-stone-600"> ({s.matchedText})</span>
                      )}
                    </span>
                    <SafetyBadge level={s.safetyLevel} className="text-xs" />
                  </li>
                ))}
              </ul>
            )}
          </div>
          <Button type="submit" data-track="Food Search">
            <Search className="size-4" aria-hidden="true" />
            Search
          </Button>
        </div>
      </form>

      {recentTerms.length > 0 && (
        <section aria-labelledby={`${id}-recent`}>
          <h2 id={`${id}-recent`} className="mb-2 text-sm font-semibold text-stone-700">
            Recent searches
          </h2>
          <ul className="flex flex-wrap gap-2">
            {recentTerms.map((r) => (
              <li
                key={r.key}
                className="flex items-center rounded-full border border-stone-300 bg-white"
              >
                <button
                  type="button"
                  className="inline-flex min-h-9 items-center gap-1 rounded-l-full px-3 text-sm text-stone-800 hover:bg-stone-100"
                  onClick={() => run(r.term)}
                >
                  <Clock className="size-3.5" aria-hidden="true" />
                  {r.term}
                </button>
                <button
                  type="button"
                  aria-label={`Remove ${r.term} from recent searches`}
                  className="inline-flex min-h-9 items-center rounded-r-full px-2 text-stone-600 hover:bg-stone-100"
                  onClick={() =>
                    r.id
                      ? deleteRecent.mutate(r.id)
                      : setLocalRecent((list) => list.filter((t) => t !== r.term))
                  }
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div aria-live="polite">
        {search.isFetching && !search.data && <p className="text-stone-700">Searching…</p>}
        {search.isError && (
          <Alert tone="danger">
            <p className="font-bold">Search Error</p>
            <p>{errorMessage(search.error)}</p>
          </Alert>
        )}
        {search.isSuccess && search.data.item === null && (
          <Alert tone="warning" data-testid="food-not-found">
            <p className="font-bold">{FOOD_NOT_FOUND_MESSAGE}</p>
            <p>
              &ldquo;{submitted}&rdquo;: {FOOD_NOT_FOUND_GUIDANCE}
            </p>
            {search.data.suggestions.length > 0 && (
              <div className="mt-2">
                <p className="font-semibold">Did you mean…?</p>
                <ul className="mt-1 flex flex-wrap gap-2" aria-label="Did you mean">
                  {search.data.suggestions.map((s) => (
                    <li key={s.id}>
                      <button
                        type="button"
                        className="inline-flex min-h-9 items-center gap-2 rounded-full border border-stone-400 bg-white px-3 text-sm text-stone-900 hover:bg-stone-100 focus-visible:outline-3 focus-visible:outline-blue-700"
                        onClick={() => {
                          setText(s.name);
                          run(s.name);
                        }}
                      >
                        {s.name}
                        <SafetyBadge level={s.safetyLevel} />
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </Alert>
        )}
        {search.isSuccess && search.data.item && (
          <FoodResult item={search.data.item} searchTerm={submitted} />
        )}
      </div>
    </div>
  );
}
