import { queryOptions, useQuery } from "@tanstack/react-query";
import type { BreedSummary } from "@flockkeeper/shared/schemas/breeds-api";
import type { PoultrySpecies } from "@flockkeeper/shared/schemas/species";
import { apiGet } from "@/lib/api-client";

/** `GET /api/breeds?species=&forms=1`: the breeds offered in the flock forms, A to Z. */
export async function fetchFormBreeds(species: PoultrySpecies): Promise<string[]> {
  const breeds = await apiGet<BreedSummary[]>(`/api/breeds?species=${species}&forms=1`);
  return [...new Set(breeds.map((b) => b.name))].sort((a, b) => a.localeCompare(b));
}

export const formBreedsQueryOptions = (species: PoultrySpecies) =>
  queryOptions({
    queryKey: ["breeds", "forms", species],
    queryFn: () => fetchFormBreeds(species),
    staleTime: 60 * 60_000,
  });

/** Breed names for a species' combobox (empty while loading or if the list cannot be fetched). */
export function useFormBreeds(species: PoultrySpecies) {
  return useQuery(formBreedsQueryOptions(species));
}
