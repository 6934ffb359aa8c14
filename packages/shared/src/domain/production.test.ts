import { describe, expect, it } from "vitest";
import {
  henDayLayingChange,
  buildAlerts,
  efficiencyPoint,
  environmentIssues,
  layingChange,
  layingDropSeverity,
  periodRange,
  productionSummary,
  splitFeed,
  weightLoss,
  weightLossSeverity,
  type AlertInput,
} from "./production";

describe("productionSummary", () => {
  it("computes the figures from hand-checked totals", () => {
    // 70 eggs from 5 hens on 20 lbs of feed costing $12.50, eggs at $0.30.
    const s = productionSummary({
      period: 7,
      startDate: "2024-05-01",
      endDate: "2024-05-07",
      totalEggs: 70,
      layingBirds: 5,
      totalFeedLbs: 20,
      totalFeedCost: 12.5,
      avgBirdWeight: 5.456,
      eggPrice: 0.3,
    });
    expect(s.avgEggsPerBird).toBe(14);
    expect(s.feedEfficiency).toBe(3.5);
    expect(s.totalFeedCost).toBe(12.5);
    expect(s.eggValue).toBe(21);
    expect(s.profitability).toBe(8.5);
    expect(s.costPerDozen).toBe(2.14); // 12.5 / 70 * 12 = 2.142...
    expect(s.avgBirdWeight).toBe(5.46);
  });

  it("gives zeros, not NaN, without birds, feed or eggs", () => {
    const s = productionSummary({
      period: 7,
      startDate: "2024-05-01",
      endDate: "2024-05-07",
      totalEggs: 0,
      layingBirds: 0,
      totalFeedLbs: 0,
      totalFeedCost: 4,
      avgBirdWeight: null,
      eggPrice: 0.3,
    });
    expect(s).toMatchObject({
      avgEggsPerBird: 0,
      feedEfficiency: 0,
      profitability: -4,
      costPerDozen: null,
      avgBirdWeight: null,
    });
  });
});

describe("productionSummary weights", () => {
  const totals = {
    period: 7,
    startDate: "2024-05-01",
    endDate: "2024-05-07",
    totalEggs: 0,
    layingBirds: 0,
    totalFeedLbs: 0,
    totalFeedCost: 0,
    avgBirdWeight: null,
    eggPrice: 0.3,
  };

  it("never averages a hen with a turkey: one species has a mean, several only their own", () => {
    const one = productionSummary({
      ...totals,
      weightBySpecies: [{ species: "chicken", avgWeight: 5.456, birds: 3 }],
    });
    expect(one.avgBirdWeight).toBe(5.46);
    const mixed = productionSummary({
      ...totals,
      weightBySpecies: [
        { species: "turkey", avgWeight: 22, birds: 1 },
        { species: "chicken", avgWeight: 5.5, birds: 4 },
      ],
    });
    expect(mixed.avgBirdWeight).toBeNull();
    // In display order (chickens first), each species its own mean.
    expect(mixed.avgWeightBySpecies).toEqual([
      { species: "chicken", avgWeight: 5.5, birds: 4 },
      { species: "turkey", avgWeight: 22, birds: 1 },
    ]);
    expect(productionSummary({ ...totals, weightBySpecies: [] }).avgBirdWeight).toBeNull();
  });
});

describe("periodRange and efficiencyPoint", () => {
  it("includes today in the period", () => {
    expect(periodRange("2024-03-07", 7)).toEqual({
      startDate: "2024-03-01",
      endDate: "2024-03-07",
    });
    expect(periodRange("2024-03-01", 14).startDate).toBe("2024-02-17");
  });
  it("computes eggs per lb and cost per dozen for a day", () => {
    expect(efficiencyPoint(6, 2, 1.2)).toEqual({ feedEfficiency: 3, costPerDozen: 2.4 });
    expect(efficiencyPoint(0, 0, 0)).toEqual({ feedEfficiency: null, costPerDozen: null });
  });
});

describe("splitFeed", () => {
  it("splits evenly and keeps the totals exact", () => {
    const parts = splitFeed(10, 5, 3);
    expect(parts.map((p) => p.feedAmount)).toEqual([3.333, 3.333, 3.334]);
    expect(parts.map((p) => p.feedCost)).toEqual([1.66, 1.66, 1.68]);
    expect(splitFeed(2, null, 2)).toEqual([
      { feedAmount: 1, feedCost: null },
      { feedAmount: 1, feedCost: null },
    ]);
    expect(splitFeed(2, 1, 0)).toEqual([]);
  });
});

describe("laying baseline", () => {
  it("compares eggs per logged day", () => {
    // Baseline 21 eggs over 28 logged days = 0.75/day; recent 2 eggs over 7 days = 0.29/day.
    const c = layingChange({ baselineEggs: 21, baselineDays: 28, recentEggs: 2, recentDays: 7 });
    expect(c).toEqual({ baselineRate: 0.75, recentRate: 0.29, drop: 0.619 });
    expect(layingDropSeverity(c!.drop)).toBe("high");
    expect(layingDropSeverity(0.35)).toBe("medium");
    expect(layingDropSeverity(0.1)).toBeNull();
    expect(layingDropSeverity(0.3, true)).toBe("medium");
  });
  it("refuses to judge with too little data or a non-layer", () => {
    expect(
      layingChange({ baselineEggs: 5, baselineDays: 6, recentEggs: 0, recentDays: 7 }),
    ).toBeNull();
    expect(
      layingChange({ baselineEggs: 20, baselineDays: 28, recentEggs: 0, recentDays: 2 }),
    ).toBeNull();
    expect(
      layingChange({ baselineEggs: 2, baselineDays: 28, recentEggs: 0, recentDays: 7 }),
    ).toBeNull();
  });
});

describe("weight loss", () => {
  it("is measured from the heaviest earlier weigh-in", () => {
    expect(weightLoss(6, 5.1)).toBe(0.15);
    expect(weightLossSeverity(0.15)).toBe("high");
    expect(weightLossSeverity(0.1)).toBeNull(); // exactly 10% is not over 10%
    expect(weightLossSeverity(0.21)).toBe("urgent");
    expect(weightLossSeverity(0.3)).toBe("critical");
    expect(weightLoss(null, 5)).toBeNull();
  });
});

describe("environmentIssues", () => {
  it("uses the spec's weather thresholds and keeps the most extreme reading", () => {
    const issues = environmentIssues([
      { date: "2024-07-01", temperature: 88, humidity: 80 },
      { date: "2024-07-02", temperature: 97, humidity: 81 },
      { date: "2024-07-03", temperature: 85, humidity: 50 },
    ]);
    const byId = Object.fromEntries(issues.map((i) => [i.id, i]));
    expect(Object.keys(byId).sort()).toEqual(["heat", "humidity"]);
    expect(byId.heat).toMatchObject({ severity: "high", date: "2024-07-02" });
    expect(byId.humidity!.severity).toBe("medium");
  });
  it("flags freezing below 32 (high below 25) and nothing at exactly 32", () => {
    expect(environmentIssues([{ date: "d", temperature: 32, humidity: 50 }])).toEqual([]);
    expect(environmentIssues([{ date: "d", temperature: 30, humidity: null }])[0]).toMatchObject({
      id: "freezing",
      severity: "medium",
    });
    expect(environmentIssues([{ date: "d", temperature: 20, humidity: null }])[0]!.severity).toBe(
      "high",
    );
  });
  it("flags weather recorded as stormy (the spec's storm alert), latest reading first", () => {
    const calm = ["sunny", "rainy", "cloudy", "windy", null].map((weather) => ({
      date: "2024-07-01",
      temperature: 60,
      humidity: 50,
      weather,
    }));
    expect(environmentIssues(calm)).toEqual([]);
    const issues = environmentIssues([
      { date: "2024-07-01", temperature: null, humidity: null, weather: "stormy" },
      { date: "2024-07-03", temperature: 60, humidity: 50, weather: "stormy" },
      { date: "2024-07-02", temperature: 60, humidity: 50, weather: "sunny" },
    ]);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({
      id: "storm",
      severity: "medium",
      title: "Stormy weather recorded",
      date: "2024-07-03",
    });
  });
});

describe("buildAlerts", () => {
  const steady = { baselineEggs: 0, baselineDays: 0, recentEggs: 0, recentDays: 0 };
  const base: AlertInput = {
    today: "2024-06-30",
    birds: [],
    flockLaying: steady,
    environment: [],
    urgentAnalyses: [],
  };

  it("raises nothing for a quiet flock", () => {
    expect(
      buildAlerts({
        ...base,
        birds: [
          {
            id: "b1",
            name: "Hen",
            healthStatus: "healthy",
            laying: { baselineEggs: 24, baselineDays: 28, recentEggs: 6, recentDays: 7 },
            latestWeight: { date: "2024-06-29", weight: 5.8 },
            earlierMaxWeight: 6,
          },
        ],
      }),
    ).toEqual([]);
  });

  it("orders critical first and covers every kind", () => {
    const alerts = buildAlerts({
      ...base,
      birds: [
        {
          id: "b1",
          name: "Clover",
          healthStatus: "sick",
          laying: { baselineEggs: 24, baselineDays: 28, recentEggs: 1, recentDays: 7 },
          latestWeight: { date: "2024-06-29", weight: 4 },
          earlierMaxWeight: 6,
        },
      ],
      flockLaying: { baselineEggs: 24, baselineDays: 28, recentEggs: 1, recentDays: 7 },
      environment: [{ date: "2024-06-28", temperature: 90, humidity: 50 }],
      urgentAnalyses: [
        { id: "a1", kind: "droppings", birdId: "b1", createdAt: "2024-06-29T10:00:00.000Z" },
      ],
    });
    expect(alerts.map((a) => [a.kind, a.severity])).toEqual([
      ["weight-loss", "critical"],
      ["analysis", "urgent"],
      ["flock-laying-drop", "high"],
      ["laying-drop", "high"],
      ["sick", "high"],
      ["environment", "medium"],
    ]);
    expect(alerts[0]!.title).toBe("Clover lost 33% of body weight");
  });
});

describe("henDayLayingChange", () => {
  it("compares eggs per hen-day, so a flock that grew is not read as laying more", () => {
    // Baseline: 20 hens, 14 logged days, 224 eggs = 0.8 per hen-day. Recent: 30 hens, 5 days,
    // 120 eggs = 0.8: no drop, though the flock lays 24 a day instead of 16.
    const same = henDayLayingChange({
      baselineEggs: 224,
      baselineDays: 14,
      baselineHenDays: 280,
      recentEggs: 120,
      recentDays: 5,
      recentHenDays: 150,
    });
    expect(same).toEqual({ baselineRate: 0.8, recentRate: 0.8, drop: 0 });
    // Recent 60 eggs over 150 hen-days = 0.4: half.
    expect(
      henDayLayingChange({
        baselineEggs: 224,
        baselineDays: 14,
        baselineHenDays: 280,
        recentEggs: 60,
        recentDays: 5,
        recentHenDays: 150,
      })?.drop,
    ).toBe(0.5);
  });

  it("does not judge on too few logged days or no laying hens", () => {
    const w = {
      baselineEggs: 50,
      baselineDays: 6,
      baselineHenDays: 60,
      recentEggs: 10,
      recentDays: 3,
      recentHenDays: 30,
    };
    expect(henDayLayingChange(w)).toBeNull();
    expect(henDayLayingChange({ ...w, baselineDays: 7, recentDays: 2 })).toBeNull();
    expect(henDayLayingChange({ ...w, baselineDays: 7, recentHenDays: 0 })).toBeNull();
    // 0.1 egg per hen-day is below the 0.2 a baseline needs.
    expect(henDayLayingChange({ ...w, baselineDays: 7, baselineEggs: 6 })).toBeNull();
  });
});
