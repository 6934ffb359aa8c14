import { describe, expect, it } from "vitest";
import { fillDailySeries, layRateTrend, summariseHatches } from "./egg-analytics";

describe("fillDailySeries", () => {
  it("fills missing days with 0 and merges duplicates", () => {
    expect(
      fillDailySeries(
        [
          { date: "2024-05-02", eggs: 3 },
          { date: "2024-05-02", eggs: 1 },
        ],
        "2024-05-01",
        "2024-05-03",
      ),
    ).toEqual([
      { date: "2024-05-01", eggs: 0 },
      { date: "2024-05-02", eggs: 4 },
      { date: "2024-05-03", eggs: 0 },
    ]);
  });

  it("crosses month ends and leap days", () => {
    const s = fillDailySeries([], "2024-02-28", "2024-03-01");
    expect(s.map((d) => d.date)).toEqual(["2024-02-28", "2024-02-29", "2024-03-01"]);
  });
});

describe("layRateTrend", () => {
  it("buckets by week; 10 hens laying 7 eggs a day is 70%", () => {
    const daily = Array.from({ length: 14 }, (_, i) => ({
      date: `2024-05-${String(i + 1).padStart(2, "0")}`,
      eggs: 7,
    }));
    const trend = layRateTrend(daily, 10, "2024-05-01", "2024-05-14");
    expect(trend).toEqual([
      { start: "2024-05-01", days: 7, eggs: 49, rate: 70 },
      { start: "2024-05-08", days: 7, eggs: 49, rate: 70 },
    ]);
  });

  it("keeps a shorter last period and gives 0 without laying birds", () => {
    const trend = layRateTrend([{ date: "2024-05-08", eggs: 2 }], 2, "2024-05-01", "2024-05-09");
    expect(trend.map((p) => [p.days, p.rate])).toEqual([
      [7, 0],
      [2, 50],
    ]);
    expect(
      layRateTrend([{ date: "2024-05-01", eggs: 2 }], 0, "2024-05-01", "2024-05-01")[0]!.rate,
    ).toBe(0);
  });
});

describe("summariseHatches", () => {
  it("counts outcomes and the egg hatch rate", () => {
    const s = summariseHatches([
      { success: true, eggsSet: 12, eggsHatched: 9 },
      { success: false, eggsSet: 6, eggsHatched: null },
      { success: true, eggsSet: null, eggsHatched: null },
      { success: null, eggsSet: 10, eggsHatched: null },
    ]);
    expect(s).toEqual({
      finished: 3,
      successful: 2,
      failed: 1,
      active: 1,
      successRate: 66.7,
      eggsSet: 18,
      eggsHatched: 9,
      eggHatchRate: 50,
    });
  });

  it("is all zero with no records", () => {
    expect(summariseHatches([])).toMatchObject({ finished: 0, successRate: 0, eggHatchRate: 0 });
  });
});
