import { useId, useMemo, useState } from "react";
import { Search } from "lucide-react";
import {
  filterAndSortBreeds,
  levelCounts,
  type BreedFilter,
} from "@flockkeeper/shared/domain/rarity";
import { RARITY_LEVELS } from "@flockkeeper/shared/domain/rarity-levels";
import type { RarityDatasetSpecies, RarityLevel } from "@flockkeeper/shared/schemas/breed";
import type { BreedSummary } from "@flockkeeper/shared/schemas/breeds-api";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { Input, Label, Select } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { errorMessage } from "@/lib/api-client";
import { useBreeds } from "../api/get-breeds";
import { LevelBadge, LevelIcon } from "./level-icon";

const SPECIES_OPTIONS: { value: RarityDatasetSpecies; label: string }[] = [
  { value: "chicken", label: "Chickens" },
  { value: "duck", label: "Ducks" },
  { value: "goose", label: "Geese" },
  { value: "turkey", label: "Turkeys" },
  { value: "guinea_fowl", label: "Guinea fowl" },
  { value: "quail", label: "Quail" },
  { value: "peacock", label: "Peafowl" },
  { value: "emu", label: "Emus" },
  { value: "ostrich", label: "Ostriches" },
];
const SPECIES_LABEL = Object.fromEntries(SPECIES_OPTIONS.map((o) => [o.value, o.label]));

const BODY_NAMES: Record<string, string> = {
  TLC: "The Livestock Conservancy",
  RBST: "Rare Breeds Survival Trust",
  FAO: "FAO",
};

const NO_BREEDS: readonly BreedSummary[] = [];

/** Rarity Explorer: search and filter every breed by species and level, rarest first. */
export function RarityExplorer() {
  const id = useId();
  const breeds = useBreeds();
  const [query, setQuery] = useState("");
  const [species, setSpecies] = useState<BreedFilter["species"]>("all");
  const [level, setLevel] = useState<BreedFilter["level"]>("all");

  const all = breeds.data ?? NO_BREEDS;
  // Counters show how many breeds of each level match the search and species.
  const counts = useMemo(
    () => levelCounts(filterAndSortBreeds(all, { query, species })),
    [all, query, species],
  );
  const shown = useMemo(
    () => filterAndSortBreeds(all, { query, species, level }),
    [all, query, species, level],
  );

  if (breeds.isError) return <Alert tone="danger">{errorMessage(breeds.error)}</Alert>;

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <Label htmlFor={`${id}-q`}>Search breeds</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-3 left-3 size-5 text-stone-500"
              aria-hidden="true"
            />
            <Input
              id={`${id}-q`}
              type="search"
              className="pl-10"
              value={query}
              maxLength={100}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="e.g. Silkie, Pekin, Sebastopol"
            />
          </div>
        </div>
        <div>
          <Label htmlFor={`${id}-species`}>Species</Label>
          <Select
            id={`${id}-species`}
            value={species}
            onChange={(e) => setSpecies(e.target.value as BreedFilter["species"])}
          >
            <option value="all">All species</option>
            {SPECIES_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor={`${id}-level`}>Rarity level</Label>
          <Select
            id={`${id}-level`}
            value={level}
            onChange={(e) => setLevel(e.target.value as BreedFilter["level"])}
          >
            <option value="all">All levels</option>
            {RARITY_LEVELS.map((l) => (
              <option key={l.name} value={l.name}>
                {l.name}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <ul
        aria-label="Breeds per rarity level"
        className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6"
      >
        {RARITY_LEVELS.map((l) => (
          <li key={l.name}>
            <button
              type="button"
              aria-pressed={level === l.name}
              onClick={() => setLevel(level === l.name ? "all" : (l.name as RarityLevel))}
              className={cn(
                "flex w-full flex-col items-center rounded-xl border bg-white p-3 text-center focus-visible:outline-3 focus-visible:outline-blue-700",
                level === l.name ? "border-2" : "border-stone-200",
              )}
              style={level === l.name ? { borderColor: l.colour } : undefined}
            >
              <LevelIcon level={l.name} className="size-5" />
              <span
                className="text-2xl font-extrabold text-stone-900"
                data-testid={`count-${l.name}`}
              >
                {counts[l.name]}
              </span>
              <span className="text-xs font-semibold text-stone-700">{l.name}</span>
            </button>
          </li>
        ))}
      </ul>

      {breeds.isPending ? (
        <p className="text-stone-700">Loading breeds…</p>
      ) : shown.length === 0 ? (
        <Card className="text-center" role="status">
          <p className="font-bold text-stone-900">No breeds found matching your search criteria.</p>
          <p className="mt-1 text-stone-700">Try adjusting your filters or search terms.</p>
        </Card>
      ) : (
        <>
          <p className="text-sm text-stone-700" aria-live="polite">
            {shown.length} {shown.length === 1 ? "breed" : "breeds"}, rarest first
          </p>
          <ul className="grid gap-3 md:grid-cols-2">
            {shown.map((b) => (
              <li key={b.id}>
                <Card className="h-full" data-testid="breed-card">
                  <div className="flex items-start justify-between gap-2">
                    <div>
                      <h2 className="text-lg font-bold text-stone-900">{b.name}</h2>
                      <p className="text-sm text-stone-700">{SPECIES_LABEL[b.species]}</p>
                    </div>
                    <div className="text-right">
                      <p className="text-xs text-stone-600">How hard to find</p>
                      <p className="text-2xl font-extrabold text-stone-900">
                        {b.score}
                        <span className="text-sm font-semibold text-stone-600">/100</span>
                      </p>
                      <LevelBadge level={b.level} />
                    </div>
                  </div>
                  <p className="mt-2 text-stone-800">{b.description}</p>
                  {/* Conservation status is a listing with its year, kept apart from the score,
                      which says how hard the breed is to find. */}
                  <p className="mt-2 text-xs text-stone-600">
                    Conservation status: {b.conservation.status}
                    {b.conservation.body !== "none" &&
                      ` (${BODY_NAMES[b.conservation.body] ?? b.conservation.body}${
                        b.conservation.year === undefined ? "" : `, ${b.conservation.year} list`
                      })`}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
