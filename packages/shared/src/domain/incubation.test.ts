import { describe, expect, it } from "vitest";
import { addDaysIso, todayIso as todayIsoFromOffset } from "./dates";
import {
  DEFAULT_INCUBATION_DAYS,
  INCUBATION_DAYS,
  countdownLabel,
  daysLeft,
  eggsDeveloping,
  fertilityPct,
  hatchOfSetPct,
  hatchTask,
  hatchabilityPct,
  incubationDay,
  incubationPlan,
  localDateIn,
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

describe("the keeper's countdown (days left = expected hatch - today, local date)", () => {
  const today = "2026-11-24";
  it.each([
    ["chicken", 21],
    ["duck", 28],
    ["quail", 17],
  ])("eggs of a %s set today: %i days left", (species, days) => {
    expect(daysLeft(expectedHatchDate(today, species), today)).toBe(days);
  });

  it("a Muscovy profile set today hatches in 35 days, bobwhite in 23", () => {
    const muscovy = incubationPlan("duck", {
      incubationDays: 35,
      incubationDaysRange: { min: 33, max: 37 },
      lockdownDay: 32,
      candlingDays: [10, 20, 32],
    });
    expect(daysLeft(addDaysIso(today, muscovy.incubationDays), today)).toBe(35);
    const bobwhite = incubationPlan("quail", {
      incubationDays: 23,
      incubationDaysRange: { min: 23, max: 24 },
      lockdownDay: 20,
      candlingDays: [7, 14, 20],
    });
    expect(daysLeft(addDaysIso(today, bobwhite.incubationDays), today)).toBe(23);
  });

  it("reads 'N days', '1 day', 'Hatch day', 'N days overdue'", () => {
    expect(countdownLabel(21)).toBe("21 days");
    expect(countdownLabel(2)).toBe("2 days");
    expect(countdownLabel(1)).toBe("1 day");
    expect(countdownLabel(0)).toBe("Hatch day");
    expect(countdownLabel(-1)).toBe("1 day overdue");
    expect(countdownLabel(-3)).toBe("3 days overdue");
  });

  it("a hatch two days away is '2 days' at any hour (the old countdown said '1 day')", () => {
    for (const hour of ["00:00", "08:00", "12:00", "23:59"]) {
      const now = new Date(`2026-11-24T${hour}:00Z`);
      expect(countdownLabel(daysLeft("2026-11-26", localDateIn(now, "UTC")))).toBe("2 days");
    }
  });

  it("counts across month ends, year ends and leap days", () => {
    expect(daysLeft("2024-03-01", "2024-02-28")).toBe(2); // leap year: Feb 29 in between
    expect(daysLeft("2023-03-01", "2023-02-28")).toBe(1);
    expect(expectedHatchDate("2024-02-08", "chicken")).toBe("2024-02-29");
    expect(expectedHatchDate("2023-02-08", "chicken")).toBe("2023-03-01");
    expect(expectedHatchDate("2025-12-15", "duck")).toBe("2026-01-12");
    expect(daysLeft("2026-01-12", "2025-12-31")).toBe(12);
    expect(addDaysIso("2024-01-30", 35)).toBe("2024-03-05");
    expect(daysLeft("2024-01-31", "2024-01-30")).toBe(1);
  });

  it("uses the keeper's local date, not UTC: UTC-8 at 20:00 sees what it saw at 08:00", () => {
    // 2026-11-24 08:00 and 20:00 in Los Angeles (UTC-8 in November); 20:00 there is 04:00 UTC the 25th.
    const morning = new Date("2026-11-24T16:00:00Z");
    const evening = new Date("2026-11-25T04:00:00Z");
    const zone = "America/Los_Angeles";
    expect(localDateIn(morning, zone)).toBe("2026-11-24");
    expect(localDateIn(evening, zone)).toBe("2026-11-24");
    expect(daysLeft("2026-12-15", localDateIn(evening, zone))).toBe(
      daysLeft("2026-12-15", localDateIn(morning, zone)),
    );
    // The UTC date has moved on, so a UTC countdown would be a day short.
    expect(daysLeft("2026-12-15", localDateIn(evening, "UTC"))).toBe(20);
    expect(daysLeft("2026-12-15", localDateIn(evening, zone))).toBe(21);
  });

  it("follows daylight saving and zones east of UTC", () => {
    // 23:30 on 2024-03-30 in Berlin is still the 30th (UTC+1), after the switch 00:30 is the 31st.
    expect(localDateIn(new Date("2024-03-30T22:30:00Z"), "Europe/Berlin")).toBe("2024-03-30");
    expect(localDateIn(new Date("2024-03-30T23:30:00Z"), "Europe/Berlin")).toBe("2024-03-31");
    // Auckland (UTC+13 in summer) is already on the next day.
    expect(localDateIn(new Date("2026-11-24T12:00:00Z"), "Pacific/Auckland")).toBe("2026-11-25");
    // A leap day seen from UTC-10.
    expect(localDateIn(new Date("2024-03-01T05:00:00Z"), "Pacific/Honolulu")).toBe("2024-02-29");
  });

  it("agrees with the offset form the browser gives (getTimezoneOffset)", () => {
    const evening = new Date("2026-11-25T04:00:00Z");
    expect(todayIsoFromOffset(evening, 480)).toBe("2026-11-24");
  });
});

describe("incubation plan and today's task", () => {
  const chicken = incubationPlan("chicken");
  it("falls back to the spec durations: chicken candles on days 7, 14 and 18, lockdown 18", () => {
    expect(chicken).toEqual({
      incubationDays: 21,
      latestHatchDay: 21,
      lockdownDay: 18,
      candlingDays: [7, 14, 18],
    });
    expect(incubationPlan("quail").candlingDays).toEqual([6, 11, 14]);
    expect(incubationPlan("duck").lockdownDay).toBe(25);
  });

  const start = "2026-01-28";
  const on = (day: number) => hatchTask(chicken, start, addDaysIso(start, day));
  it("turns before lockdown, candles on candling days", () => {
    expect(on(0)).toMatchObject({ day: 0, phase: "turning", turn: true, candle: false });
    expect(on(7)).toMatchObject({
      phase: "turning",
      turn: true,
      candle: true,
      nextCandlingDay: 14,
    });
    expect(on(-1).phase).toBe("not-started");
  });

  it("starts lockdown on its day, then the hatch day, then overdue", () => {
    expect(on(18)).toMatchObject({
      phase: "lockdown",
      turn: false,
      candle: true,
      lockdownStarts: true,
      nextCandlingDay: null,
    });
    expect(on(20)).toMatchObject({ phase: "lockdown", lockdownStarts: false });
    expect(on(21).phase).toBe("hatch-day");
    expect(on(22).phase).toBe("overdue");
    expect(incubationDay(start, "2026-03-01")).toBe(32); // across the end of February
  });

  it("keeps a profile's hatch window open until its latest day (Muscovy 33-37)", () => {
    const muscovy = incubationPlan("duck", {
      incubationDays: 35,
      incubationDaysRange: { min: 33, max: 37 },
      lockdownDay: 32,
      candlingDays: [10, 20, 32],
    });
    const day = (n: number) => hatchTask(muscovy, start, addDaysIso(start, n));
    expect(day(10)).toMatchObject({ phase: "turning", candle: true });
    expect(day(32)).toMatchObject({ phase: "lockdown", lockdownStarts: true, turn: false });
    expect(day(35).phase).toBe("hatch-day");
    expect(day(37).phase).toBe("hatch-window");
    expect(day(38).phase).toBe("overdue");
  });
});

describe("fertility and hatchability", () => {
  it("24 set, 20 fertile, 17 hatched", () => {
    expect(fertilityPct(20, 24)).toBe(83.3);
    expect(hatchabilityPct(17, 20)).toBe(85);
    expect(hatchOfSetPct(17, 24)).toBe(70.8);
  });

  it("is null when the denominator is unknown or zero", () => {
    expect(fertilityPct(3, null)).toBeNull();
    expect(hatchabilityPct(3, 0)).toBeNull();
    expect(hatchOfSetPct(null, 10)).toBeNull();
  });

  it("eggs still developing = set - clears - quitters", () => {
    expect(eggsDeveloping(24, { clear: 4, quitters: 0 })).toBe(20);
    expect(eggsDeveloping(24, { clear: 4, quitters: 3 })).toBe(17);
    expect(eggsDeveloping(2, { clear: 4, quitters: 3 })).toBe(0);
  });
});
