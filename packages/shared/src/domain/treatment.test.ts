import { describe, expect, it } from "vitest";
import {
  coversDate,
  eggGuardText,
  isEggWithheld,
  meatWarningText,
  shortDate,
  spansOfBird,
  spansOfFlock,
  withdrawalEnds,
  withheldDays,
  withheldUntil,
  type WithdrawalSpan,
} from "./treatment";

const span = (over: Partial<WithdrawalSpan>): WithdrawalSpan => ({
  chickenId: null,
  flockId: "coop-a",
  startDate: "2026-11-20",
  eggWithdrawalEnds: "2026-12-03",
  meatWithdrawalEnds: "2026-12-10",
  ...over,
});

describe("withdrawal date math", () => {
  it("ends on the last treatment day plus the withdrawal days", () => {
    expect(withdrawalEnds("2026-11-26", 7)).toBe("2026-12-03");
    expect(withdrawalEnds("2026-11-26", 0)).toBe("2026-11-26");
    expect(withdrawalEnds("2026-12-30", 14)).toBe("2027-01-13");
    expect(withdrawalEnds("2028-02-28", 1)).toBe("2028-02-29");
  });

  it("covers the days from the first treatment day to the end, inclusive", () => {
    const s = span({});
    expect(coversDate(s, "2026-11-19", "egg")).toBe(false);
    expect(coversDate(s, "2026-11-20", "egg")).toBe(true);
    expect(coversDate(s, "2026-12-03", "egg")).toBe(true);
    expect(coversDate(s, "2026-12-04", "egg")).toBe(false);
    expect(coversDate(s, "2026-12-10", "meat")).toBe(true);
    expect(coversDate(s, "2026-12-11", "meat")).toBe(false);
  });

  it("gives the latest end among the treatments covering a day, or null", () => {
    const spans = [span({}), span({ startDate: "2026-11-25", eggWithdrawalEnds: "2026-12-08" })];
    expect(withheldUntil(spans, "2026-11-22", "egg")).toBe("2026-12-03");
    expect(withheldUntil(spans, "2026-11-26", "egg")).toBe("2026-12-08");
    expect(withheldUntil(spans, "2026-12-05", "egg")).toBe("2026-12-08");
    expect(withheldUntil(spans, "2026-12-09", "egg")).toBeNull();
    expect(withheldUntil([], "2026-12-01", "meat")).toBeNull();
    expect(isEggWithheld(spans, "2026-12-08")).toBe(true);
    expect(isEggWithheld(spans, "2026-11-19")).toBe(false);
  });

  it("a flock is concerned by its own and its birds' treatments; a bird by its own and its flock's", () => {
    const flockT = span({ flockId: "coop-a" });
    const birdT = span({ flockId: null, chickenId: "dot" });
    const otherT = span({ flockId: "coop-b" });
    const all = [flockT, birdT, otherT];
    expect(spansOfFlock(all, "coop-a", new Set(["dot"]))).toEqual([flockT, birdT]);
    expect(spansOfFlock(all, "coop-a", new Set())).toEqual([flockT]);
    expect(spansOfBird(all, "dot", "coop-a")).toEqual([flockT, birdT]);
    expect(spansOfBird(all, "dot", null)).toEqual([birdT]);
  });

  it("lists the withheld days of a period once each", () => {
    const spans = [
      span({ startDate: "2026-11-28", eggWithdrawalEnds: "2026-12-02" }),
      span({ startDate: "2026-12-01", eggWithdrawalEnds: "2026-12-04" }),
    ];
    expect(withheldDays(spans, "2026-11-30", "2026-12-03")).toEqual([
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
    ]);
    expect(withheldDays(spans, "2026-12-05", "2026-12-31")).toEqual([]);
  });

  it("says it the way the issue does", () => {
    expect(shortDate("2026-12-03")).toBe("3 Dec");
    expect(shortDate("2027-01-13", "2026-12-30")).toBe("13 Jan 2027");
    expect(eggGuardText("Coop A", "2026-12-03", "2026-11-26")).toBe(
      "Eggs from Coop A not for eating until 3 Dec",
    );
    expect(meatWarningText("2026-12-10", "2026-11-26")).toMatch(/^Meat withdrawal ends 10 Dec/);
  });
});
