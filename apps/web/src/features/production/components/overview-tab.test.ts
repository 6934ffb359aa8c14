import { describe, expect, it } from "vitest";
import { daysWithRecords } from "./overview-tab";

describe("daysWithRecords", () => {
  it("counts the days with eggs, feed or a weigh-in", () => {
    const day = (eggs: number, feedLbs: number, avgWeight: number | null) => ({
      eggs,
      feedLbs,
      avgWeight,
    });
    expect(daysWithRecords([])).toBe(0);
    expect(
      daysWithRecords([day(0, 0, null), day(3, 0, null), day(0, 1.5, null), day(0, 0, 4.2)]),
    ).toBe(3);
    expect(daysWithRecords(Array.from({ length: 7 }, () => day(0, 0, null)))).toBe(0);
  });
});
