import { describe, expect, it } from "vitest";
import {
  EGG_LIST_DEFAULT_DAYS,
  MAX_EGGS_PER_RECORD,
  ageInWeeks,
  eggListStartDate,
  eggStats,
  formatAgeWeeks,
  layRate,
} from "./flock";

describe("ageInWeeks", () => {
  it("counts whole weeks", () => {
    expect(ageInWeeks("2024-01-01", "2024-01-01")).toBe(0);
    expect(ageInWeeks("2024-01-01", "2024-01-07")).toBe(0);
    expect(ageInWeeks("2024-01-01", "2024-01-08")).toBe(1);
    expect(ageInWeeks("2024-01-01", "2024-03-25")).toBe(12);
  });

  it("uses the absolute difference for future hatch dates", () => {
    expect(ageInWeeks("2024-01-15", "2024-01-01")).toBe(2);
  });

  it("accepts an instant plus time-zone offset", () => {
    expect(ageInWeeks("2024-01-01", new Date("2024-01-08T03:00:00Z"))).toBe(1);
    expect(ageInWeeks("2024-01-01", new Date("2024-01-08T03:00:00Z"), 300)).toBe(0);
  });

  it("is null without a valid hatch date", () => {
    expect(ageInWeeks("", "2024-01-01")).toBeNull();
    expect(ageInWeeks(null, "2024-01-01")).toBeNull();
    expect(ageInWeeks("2024-02-31", "2024-01-01")).toBeNull();
  });

  it("formats", () => {
    expect(formatAgeWeeks(1)).toBe("1 week");
    expect(formatAgeWeeks(0)).toBe("0 weeks");
    expect(formatAgeWeeks(12)).toBe("12 weeks");
    expect(formatAgeWeeks(null)).toBe("");
  });
});

describe("layRate", () => {
  it("is eggs per bird-day as a percentage", () => {
    expect(layRate(49, 10, 7)).toBe(70);
    expect(layRate(5, 6, 1)).toBe(83.3);
    expect(layRate(210, 10, 30)).toBe(70);
  });

  it("is 0 for no birds, no days or invalid input", () => {
    expect(layRate(10, 0, 7)).toBe(0);
    expect(layRate(10, 5, 0)).toBe(0);
    expect(layRate(Number.NaN, 5, 7)).toBe(0);
    expect(layRate(-3, 5, 7)).toBe(0);
  });
});

describe("eggStats", () => {
  const today = "2024-06-30";
  const records = [
    { date: "2024-06-30", eggsLaid: 4 },
    { date: "2024-06-30", eggsLaid: 2 }, // second bird, same day
    { date: "2024-06-24", eggsLaid: 5 }, // 6 days ago: inside the week
    { date: "2024-06-23", eggsLaid: 3 }, // 7 days ago: outside the week
    { date: "2024-06-01", eggsLaid: 7 }, // 29 days ago: inside 30 days
    { date: "2024-05-31", eggsLaid: 9 }, // 30 days ago: outside
    { date: "2024-07-01", eggsLaid: 8 }, // future: ignored
    { date: "not-a-date", eggsLaid: 8 },
    { date: "2024-06-29", eggsLaid: Number.NaN },
  ];

  it("totals today, last 7 days and last 30 days including today", () => {
    const stats = eggStats(records, 2, today);
    expect(stats.today).toBe(6);
    expect(stats.thisWeek).toBe(11);
    expect(stats.last30).toBe(21);
    expect(stats.layRate).toBe(35); // 21 / (2 x 30)
    expect(stats.weekLayRate).toBe(78.6); // 11 / (2 x 7)
  });

  it("accepts an instant", () => {
    expect(eggStats(records, 2, new Date("2024-06-30T20:00:00Z")).today).toBe(6);
  });

  it("returns zeros for no records or no birds", () => {
    expect(eggStats([], 5, today)).toEqual({
      today: 0,
      thisWeek: 0,
      last30: 0,
      layRate: 0,
      weekLayRate: 0,
    });
    expect(eggStats(records, 0, today).layRate).toBe(0);
  });

  it("exposes the spec constants", () => {
    expect(MAX_EGGS_PER_RECORD).toBe(10);
    expect(EGG_LIST_DEFAULT_DAYS).toBe(30);
    expect(eggListStartDate(today)).toBe("2024-06-01");
  });
});
