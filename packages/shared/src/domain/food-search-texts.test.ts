import { describe, expect, it } from "vitest";
import * as foodSearch from "../schemas/food-search";
import * as recentSearch from "../schemas/recent-search";
import * as species from "../schemas/species";
import { BULK_SEARCH_MAX, FOOD_NAME_MAX, RECENT_SEARCH_LIMIT } from "./food-search-texts";
import { SPECIES_LABELS, speciesLabel } from "./species-labels";

describe("zod-free texts and labels", () => {
  it("are the values the schemas re-export and validate with", () => {
    expect(foodSearch.FOOD_NAME_MAX).toBe(FOOD_NAME_MAX);
    expect(foodSearch.BULK_SEARCH_MAX).toBe(BULK_SEARCH_MAX);
    expect(recentSearch.RECENT_SEARCH_LIMIT).toBe(RECENT_SEARCH_LIMIT);
    expect(species.SPECIES_LABELS).toBe(SPECIES_LABELS);
  });

  it("label every species the schema knows", () => {
    for (const s of species.POULTRY_SPECIES) expect(SPECIES_LABELS[s]).toBeTruthy();
    expect(speciesLabel("goose", 2)).toBe("Geese");
  });
});
