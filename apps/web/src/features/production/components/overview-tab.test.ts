import { describe, expect, it } from "vitest";
import { daysWithRecords, weightChart } from "./overview-tab";

describe("daysWithRecords", () => {
  it("counts the days with eggs, feed or a weigh-in", () => {
    const day = (eggs: number, feedLbs: number, avgWeight: number | null) => ({
      eggs,
      feedLbs,
      weightBySpecies: avgWeight === null ? [] : [{ species: "chicken", avgWeight }],
    });
    expect(daysWithRecords([])).toBe(0);
    expect(
      daysWithRecords([day(0, 0, null), day(3, 0, null), day(0, 1.5, null), day(0, 0, 4.2)]),
    ).toBe(3);
    expect(daysWithRecords(Array.from({ length: 7 }, () => day(0, 0, null)))).toBe(0);
  });
});

describe("weightChart", () => {
  const trends = {
    weightSpecies: ["chicken", "turkey"] as const,
    daily: [
      { date: "2024-06-28", weightBySpecies: [{ species: "chicken" as const, avgWeight: 6 }] },
      {
        date: "2024-06-29",
        weightBySpecies: [
          { species: "chicken" as const, avgWeight: 4.5 },
          { species: "turkey" as const, avgWeight: 22 },
        ],
      },
      { date: "2024-06-30", weightBySpecies: [] },
    ],
  };
  const asTrends = trends as unknown as Parameters<typeof weightChart>[0];

  it("draws one line per species, never a mean of a hen and a turkey", () => {
    const { points, series } = weightChart(asTrends, "lbs");
    expect(series).toEqual([
      { key: "weight_chicken", label: "Chickens" },
      { key: "weight_turkey", label: "Turkeys" },
    ]);
    expect(points).toEqual([
      { date: "2024-06-28", weight_chicken: 6, weight_turkey: null },
      { date: "2024-06-29", weight_chicken: 4.5, weight_turkey: 22 },
      { date: "2024-06-30", weight_chicken: null, weight_turkey: null },
    ]);
  });

  it("gives each species' mean in the keeper's unit", () => {
    const { points } = weightChart(asTrends, "kg");
    // 4.5 lbs = 2.04 kg; 22 lbs = 9.98 kg.
    expect(points[1]).toEqual({ date: "2024-06-29", weight_chicken: 2.04, weight_turkey: 9.98 });
  });
});
