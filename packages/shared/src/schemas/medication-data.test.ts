import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  MEDICATION_KINDS,
  NO_ESTABLISHED_WITHDRAWAL,
  medication,
  medicationDataset,
  type Medication,
} from "./medication";

const raw: unknown = JSON.parse(
  readFileSync(new URL("../../../../data/medications.json", import.meta.url), "utf8"),
);
const parsed = medicationDataset.safeParse(raw);
const meds: Medication[] = parsed.success ? parsed.data : [];
const byId = (id: string) => meds.find((m) => m.id === id);

describe("data/medications.json", () => {
  it("matches its schema", () => {
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it("validates every record on its own and names at least one source", () => {
    for (const m of raw as unknown[]) {
      const one = medication.safeParse(m);
      expect(one.error?.issues ?? [], JSON.stringify(m).slice(0, 60)).toEqual([]);
    }
    for (const m of meds) {
      expect(m.sources.length, m.id).toBeGreaterThan(0);
      for (const s of m.sources) expect(s.length, m.id).toBeGreaterThan(10);
    }
  });

  it.each([
    "amprolium",
    "toltrazuril",
    "fenbendazole",
    "flubendazole",
    "ivermectin",
    "levamisole",
    "oxytetracycline",
    "tylosin",
    "enrofloxacin",
    "permethrin",
    "spinosad",
    "piperazine",
    "mareks-vaccine",
    "newcastle-ib-vaccine",
    "fowl-pox-vaccine",
    "coccidiosis-vaccine",
    "vitamins-electrolytes",
    "probiotics",
    "apple-cider-vinegar",
    "diatomaceous-earth",
  ])("lists %s", (id) => {
    expect(byId(id)).toBeDefined();
  });

  it("says no withdrawal is established wherever there is no egg figure", () => {
    for (const m of meds.filter((m) => m.eggWithdrawalDays === null)) {
      expect(m.withdrawal, m.id).toContain(NO_ESTABLISHED_WITHDRAWAL);
    }
  });

  it("only gives zero withdrawal to supplements or with a labelled figure in the text", () => {
    for (const m of meds) {
      if (m.kind !== "supplement" && m.eggWithdrawalDays === 0) {
        expect(m.withdrawal.toLowerCase(), m.id).toMatch(/zero days/);
      }
    }
  });

  it("keeps the sourced label figures", () => {
    expect(byId("flubendazole")).toMatchObject({ eggWithdrawalDays: 0, meatWithdrawalDays: 7 });
    expect(byId("fenbendazole")).toMatchObject({ eggWithdrawalDays: 0, meatWithdrawalDays: 0 });
    expect(byId("toltrazuril")).toMatchObject({ eggWithdrawalDays: null, meatWithdrawalDays: 16 });
    expect(byId("tylosin")).toMatchObject({ eggWithdrawalDays: null, meatWithdrawalDays: 1 });
    expect(byId("piperazine")).toMatchObject({ eggWithdrawalDays: null, meatWithdrawalDays: 14 });
    expect(byId("ivermectin")).toMatchObject({ eggWithdrawalDays: null, meatWithdrawalDays: null });
  });

  it("records the US ban of enrofloxacin in poultry and the UK licence of Flubenvet for layers", () => {
    const us = byId("enrofloxacin")?.regionNotes.find((n) => n.region === "US");
    expect(us?.note).toMatch(/2005/);
    expect(us?.note).toMatch(/prohibited/);
    const uk = byId("flubendazole")?.regionNotes.find((n) => n.region === "UK");
    expect(uk?.note).toMatch(/laying hens/);
  });

  it("covers every kind", () => {
    const kinds = new Set(meds.map((m) => m.kind));
    expect(kinds).toEqual(new Set(MEDICATION_KINDS));
  });
});
