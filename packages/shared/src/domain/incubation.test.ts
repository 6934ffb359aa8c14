import { describe, expect, it } from "vitest";
import {
  DEFAULT_INCUBATION_DAYS,
  INCUBATION_DAYS,
  countdownText,
  daysToHatch,
  expectedHatchDate,
  hatchBadge,
  hatchRate,
  incubationDays,
  incubationProgress,
  lockdownDate,
} from "./incubation";

describe("incubation durations", () => {
  it("matches the spec table exactly", () => {
    expect(INCUBATION_DAYS).toEqual({
      chicken: 21,
      duck: 28,
      goose: 30,
      turkey: 28,
      guinea_fowl: 26,
      quail: 17,
    });
    expect(DEFAULT_INCUBATION_DAYS).toBe(21);
  });

  it("falls back to 21 days for unknown species", () => {
    expect(incubationDays("emu")).toBe(21);
    expect(incubationDays(undefined)).toBe(21);
    expect(incubationDays("toString")).toBe(21);
  });
});

describe("expectedHatchDate", () => {
  it.each([
    ["chicken", "2024-03-01", "2024-03-22"],
    ["duck", "2024-03-01", "2024-03-29"],
    ["goose", "2024-03-01", "2024-03-31"],
    ["turkey", "2024-03-01", "2024-03-29"],
    ["guinea_fowl", "2024-03-01", "2024-03-27"],
    ["quail", "2024-03-01", "2024-03-18"],
  ])("%s started %s hatches %s", (species, start, expected) => {
    expect(expectedHatchDate(start, species)).toBe(expected);
  });

  it("crosses leap days and year ends", () => {
    expect(expectedHatchDate("2024-02-10", "chicken")).toBe("2024-03-02");
    expect(expectedHatchDate("2023-12-20", "chicken")).toBe("2024-01-10");
  });

  it("rejects invalid start dates", () => {
    expect(() => expectedHatchDate("2024-02-30", "chicken")).toThrow(RangeError);
  });
});

describe("lockdownDate", () => {
  it("is three days before hatch (chicken day 18, duck day 25)", () => {
    expect(lockdownDate("2024-03-01", "chicken")).toBe("2024-03-19");
    expect(lockdownDate("2024-03-01", "duck")).toBe("2024-03-26");
  });
});

describe("daysToHatch and hatchBadge", () => {
  it("counts calendar days regardless of the time of day", () => {
    expect(daysToHatch("2024-03-22", new Date("2024-03-17T23:59:00Z"))).toBe(5);
    expect(daysToHatch("2024-03-22", new Date("2024-03-22T18:00:00Z"))).toBe(0);
    expect(daysToHatch("2024-03-22", "2024-03-24")).toBe(-2);
  });

  it("uses the keeper's time zone when given", () => {
    // 02:00 UTC on the 22nd is still the 21st in UTC-5.
    expect(daysToHatch("2024-03-22", new Date("2024-03-22T02:00:00Z"), 300)).toBe(1);
  });

  it.each([
    [-1, "Overdue"],
    [-10, "Overdue"],
    [0, "Due Today"],
    [1, "Due Soon"],
    [2, "Due Soon"],
    [3, "Incubating"],
    [21, "Incubating"],
  ] as const)("%i days -> %s", (days, badge) => {
    expect(hatchBadge(days)).toBe(badge);
  });
});

describe("countdownText", () => {
  const expected = "2024-03-22";
  it("shows whole days first", () => {
    expect(countdownText(expected, new Date("2024-03-17T00:00:00Z"))).toBe("5 days");
    expect(countdownText(expected, new Date("2024-03-16T12:00:00Z"))).toBe("5 days");
    expect(countdownText(expected, new Date("2024-03-21T00:00:00Z"))).toBe("1 day");
  });

  it("then hours, then minutes", () => {
    expect(countdownText(expected, new Date("2024-03-21T17:00:00Z"))).toBe("7 hours");
    expect(countdownText(expected, new Date("2024-03-21T23:00:00Z"))).toBe("1 hour");
    expect(countdownText(expected, new Date("2024-03-21T23:18:00Z"))).toBe("42 minutes");
    expect(countdownText(expected, new Date("2024-03-21T23:59:00Z"))).toBe("1 minute");
  });

  it("then 'Time to hatch!'", () => {
    expect(countdownText(expected, new Date("2024-03-21T23:59:30Z"))).toBe("Time to hatch!");
    expect(countdownText(expected, new Date("2024-03-22T00:00:00Z"))).toBe("Time to hatch!");
    expect(countdownText(expected, new Date("2024-03-25T00:00:00Z"))).toBe("Time to hatch!");
  });

  it("counts to local midnight with a time-zone offset", () => {
    // Local midnight in UTC-5 is 05:00 UTC.
    expect(countdownText(expected, new Date("2024-03-21T22:00:00Z"), 300)).toBe("7 hours");
  });
});

describe("incubationProgress", () => {
  const start = "2024-03-01";
  const expected = "2024-03-22"; // 21 days
  it("is the elapsed share of the period", () => {
    expect(incubationProgress(start, expected, new Date("2024-03-01T00:00:00Z"))).toBe(0);
    expect(incubationProgress(start, expected, new Date("2024-03-08T00:00:00Z"))).toBeCloseTo(
      33.333,
      2,
    );
    expect(incubationProgress(start, expected, new Date("2024-03-11T12:00:00Z"))).toBeCloseTo(
      50,
      5,
    );
  });

  it("is clamped to 0-100", () => {
    expect(incubationProgress(start, expected, new Date("2024-02-20T00:00:00Z"))).toBe(0);
    expect(incubationProgress(start, expected, new Date("2024-04-20T00:00:00Z"))).toBe(100);
  });

  it("handles a zero-length period", () => {
    expect(incubationProgress(start, start, new Date("2024-02-01T00:00:00Z"))).toBe(0);
    expect(incubationProgress(start, start, new Date("2024-03-02T00:00:00Z"))).toBe(100);
  });
});

describe("hatchRate", () => {
  it("is hatched over set as a percentage with one decimal", () => {
    expect(hatchRate(9, 12)).toBe(75);
    expect(hatchRate(2, 3)).toBe(66.7);
    expect(hatchRate(12, 12)).toBe(100);
  });

  it("is 0 for nothing set or invalid input and never above 100", () => {
    expect(hatchRate(0, 0)).toBe(0);
    expect(hatchRate(5, 0)).toBe(0);
    expect(hatchRate(Number.NaN, 10)).toBe(0);
    expect(hatchRate(15, 10)).toBe(100);
  });
});
