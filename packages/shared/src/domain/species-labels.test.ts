import { describe, expect, it } from "vitest";
import { poultrySpecies } from "../schemas/species";
import { isPoultrySpecies, POULTRY_SPECIES, SPECIES_LABELS } from "./species-labels";

describe("species without zod", () => {
  it("lists the same six species as the schema, in display order", () => {
    expect(POULTRY_SPECIES).toEqual(poultrySpecies.options);
    expect(Object.keys(SPECIES_LABELS)).toEqual([...POULTRY_SPECIES]);
  });

  it("accepts exactly what the schema accepts", () => {
    for (const value of [...POULTRY_SPECIES, "Chicken", "emu", "", null, undefined, 3]) {
      expect(isPoultrySpecies(value)).toBe(poultrySpecies.safeParse(value).success);
    }
  });
});
