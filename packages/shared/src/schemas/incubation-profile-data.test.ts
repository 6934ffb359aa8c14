import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { INCUBATION_DAYS } from "../domain/incubation";
import { incubationProfileDataset, type IncubationProfile } from "./incubation-profile";
import { POULTRY_SPECIES } from "./species";

const raw: unknown = JSON.parse(
  readFileSync(new URL("../../../../data/incubation-profiles.json", import.meta.url), "utf8"),
);
const parsed = incubationProfileDataset.safeParse(raw);
const profiles: IncubationProfile[] = parsed.success ? parsed.data : [];
const byId = (id: string) => profiles.find((p) => p.id === id);

describe("data/incubation-profiles.json", () => {
  it("matches its schema", () => {
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it("has a profile for every species", () => {
    for (const species of POULTRY_SPECIES) {
      expect(
        profiles.some((p) => p.species === species),
        species,
      ).toBe(true);
    }
  });

  it.each([
    ["chicken-standard", 21, 21, 21],
    ["chicken-bantam", 20, 20, 21],
    ["duck-standard", 28, 27, 28],
    ["duck-muscovy", 35, 33, 37],
    ["goose-standard", 30, 28, 35],
    ["goose-chinese", 29, 28, 30],
    ["goose-heavy", 31, 30, 32],
    ["turkey-standard", 28, 28, 28],
    ["guinea-fowl-standard", 27, 26, 28],
    ["quail-coturnix", 17, 16, 18],
    ["quail-bobwhite", 23, 23, 24],
    ["quail-button", 16, 16, 17],
  ])("%s hatches in %i days (range %i-%i)", (id, days, min, max) => {
    const p = byId(id);
    expect(p?.incubationDays).toBe(days);
    expect(p?.incubationDaysRange).toEqual({ min, max });
  });

  it("candles a chicken on days 7, 14 and 18 and stops turning on day 18", () => {
    expect(byId("chicken-standard")).toMatchObject({ candlingDays: [7, 14, 18], lockdownDay: 18 });
    expect(byId("duck-muscovy")?.lockdownDay).toBe(32);
  });

  it("keeps each species' spec duration within the range of its general profile", () => {
    for (const species of POULTRY_SPECIES) {
      const general =
        profiles.find((p) => p.species === species && p.breeds.length === 0) ??
        profiles.find((p) => p.species === species);
      const days = INCUBATION_DAYS[species];
      expect(general!.incubationDaysRange.min, species).toBeLessThanOrEqual(days);
      expect(general!.incubationDaysRange.max, species).toBeGreaterThanOrEqual(days);
    }
  });

  it("gives forced-air and still-air conditions with more humidity at lockdown", () => {
    for (const p of profiles) {
      for (const c of [p.forcedAir, p.stillAir]) {
        expect(c.lockdownHumidityPct.min, p.id).toBeGreaterThan(c.setHumidityPct.min);
      }
      expect(p.stillAir.temperatureF, p.id).toBeGreaterThan(p.forcedAir.temperatureF);
    }
  });

  it("names a source on every record, and flags the weaker ones", () => {
    for (const p of profiles) expect(p.sources.length, p.id).toBeGreaterThan(0);
    expect(byId("quail-button")?.uncertain).toBe(true);
    expect(byId("chicken-standard")?.uncertain).toBe(false);
  });
});
