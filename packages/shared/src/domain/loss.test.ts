import { describe, expect, it } from "vitest";
import {
  LOSS_CAUSES,
  LOSS_CAUSE_LABELS,
  LOSS_REPORTING_ADVICE,
  NECROPSY_GUIDANCE,
  lossAdvice,
  type LossCause,
} from "./loss";
import { REPORTING_ADVICE } from "./symptom-match";
import { chickenOutcomeBody } from "../schemas/chicken";
import { createFlockEventBody, updateFlockEventBody } from "../schemas/flock";

const notifiable = { name: "Newcastle disease (virulent)", reportable: true };
const ordinary = { name: "Coccidiosis", reportable: false };

describe("lossAdvice", () => {
  it.each<[LossCause | null, number, typeof ordinary | null, string[]]>([
    ["unknown", 1, null, ["unknown"]],
    [null, 1, null, ["no-cause"]],
    ["disease", 1, null, ["disease-unnamed"]],
    ["disease", 1, ordinary, []],
    ["disease", 3, ordinary, ["several"]],
    ["unknown", 4, null, ["unknown", "several"]],
    ["other", 2, null, ["several"]],
    ["other", 1, null, []],
    ["predator", 6, null, []],
    ["heat_cold", 5, null, []],
    ["egg_bound", 1, null, []],
    ["old_age", 1, null, []],
    ["injury", 2, null, []],
  ])("cause %s, %i bird(s), condition %o: necropsy %o", (lossCause, count, condition, reasons) => {
    expect(lossAdvice({ type: "died", count, lossCause, condition }).necropsy).toEqual(reasons);
  });

  it("applies to culled birds as to died ones, and to nothing else", () => {
    expect(lossAdvice({ type: "culled", count: 1, lossCause: "unknown", condition: null })).toEqual(
      {
        necropsy: ["unknown"],
        report: false,
      },
    );
    for (const type of ["sold", "predator", "slaughtered", "acquired"]) {
      expect(lossAdvice({ type, count: 5, lossCause: null, condition: null })).toEqual({
        necropsy: [],
        report: false,
      });
    }
  });

  it("asks for a report when the condition is notifiable, with the conditions base's advice", () => {
    const advice = lossAdvice({
      type: "died",
      count: 1,
      lossCause: "disease",
      condition: notifiable,
    });
    expect(advice).toEqual({ necropsy: [], report: true });
    expect(LOSS_REPORTING_ADVICE.startsWith(REPORTING_ADVICE)).toBe(true);
  });

  it("labels every cause and sources the guidance with what to do with the body", () => {
    for (const c of LOSS_CAUSES) expect(LOSS_CAUSE_LABELS[c].length).toBeGreaterThan(2);
    const body = NECROPSY_GUIDANCE.body.join(" ");
    expect(body).toMatch(/Do not freeze/);
    expect(body).toMatch(/bag/);
    expect(NECROPSY_GUIDANCE.labs.map((l) => l.text).join(" ")).toMatch(/NAHLN[\s\S]*APHA/);
    expect(NECROPSY_GUIDANCE.sources.length).toBeGreaterThanOrEqual(3);
  });
});

describe("loss fields in the bodies", () => {
  it("accepts a cause and condition on died and culled events only", () => {
    const ok = createFlockEventBody.safeParse({
      type: "culled",
      date: "2024-01-01",
      count: 1,
      lossCause: "egg_bound",
      conditionId: "egg-binding",
    });
    expect(ok.success).toBe(true);
    const sold = createFlockEventBody.safeParse({
      type: "sold",
      date: "2024-01-01",
      count: 1,
      lossCause: "predator",
    });
    expect(sold.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["lossCause", "lossCause is only for a died or culled event"],
    ]);
    const blank = createFlockEventBody.parse({
      type: "sold",
      date: "2024-01-01",
      count: 1,
      lossCause: "",
      conditionId: " ",
    });
    expect(blank.lossCause).toBeUndefined();
    expect(updateFlockEventBody.parse({ lossCause: "", conditionId: null })).toMatchObject({
      lossCause: null,
      conditionId: null,
    });
    expect(updateFlockEventBody.safeParse({ lossCause: "fox" }).error?.issues[0]?.message).toMatch(
      /Loss cause must be/,
    );
  });

  it("accepts a cause on a bird's died or culled outcome only", () => {
    expect(chickenOutcomeBody.safeParse({ outcome: "died", lossCause: "unknown" }).success).toBe(
      true,
    );
    const sold = chickenOutcomeBody.safeParse({ outcome: "sold", conditionId: "coccidiosis" });
    expect(sold.error?.issues[0]?.path).toEqual(["conditionId"]);
  });
});
