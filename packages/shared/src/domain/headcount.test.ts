import { describe, expect, it } from "vitest";
import {
  dailyCounts,
  firstShortfall,
  flockDayEggs,
  headcountOn,
  layRatePct,
  type HeadcountEvent,
} from "./headcount";

const ev = (
  type: string,
  date: string,
  count: number,
  extra: Partial<HeadcountEvent> = {},
): HeadcountEvent => ({ type, date, count, females: null, males: null, ...extra });

describe("headcount", () => {
  it("sums events up to a date, with the sex split only when every event gives it", () => {
    const events = [
      ev("acquired", "2026-01-01", 25, { females: 24, males: 1 }),
      ev("predator", "2026-01-05", 1, { females: 1 }),
      ev("sold", "2026-01-10", 2),
    ];
    expect(headcountOn(events, "2025-12-31")).toEqual({ headcount: 0, females: 0, males: 0 });
    expect(headcountOn(events, "2026-01-05")).toEqual({ headcount: 24, females: 23, males: 1 });
    expect(headcountOn(events, "2026-01-10")).toEqual({
      headcount: 22,
      females: null,
      males: null,
    });
  });

  it("finds the first loss that takes more birds than the flock has, gains first on a day", () => {
    expect(
      firstShortfall([ev("sold", "2026-01-01", 2), ev("acquired", "2026-01-01", 10)]),
    ).toBeNull();
    expect(firstShortfall([ev("acquired", "2026-01-01", 3), ev("died", "2026-01-02", 4)])).toEqual({
      date: "2026-01-02",
      available: 3,
      count: 4,
    });
  });

  it("counts laying-age females per day: hatched at point of lay, pullets by their age", () => {
    const days = dailyCounts(
      [
        ev("acquired", "2026-01-01", 10, { females: 8, males: 2 }),
        // 18-week pullets: laying from 2 weeks after arrival.
        ev("acquired", "2026-01-01", 5, { ageWeeks: 18 }),
        ev("died", "2026-01-03", 1, { females: 1 }),
      ],
      "chicken",
      "2026-01-01",
      "2026-01-15",
    );
    expect(days[0]).toEqual({ date: "2026-01-01", headcount: 15, layingHens: 8 });
    expect(days[2]).toEqual({ date: "2026-01-03", headcount: 14, layingHens: 7 });
    expect(days[14]).toEqual({ date: "2026-01-15", headcount: 14, layingHens: 12 });
    const quail = dailyCounts(
      [ev("hatched", "2026-01-01", 6)],
      "quail",
      "2026-02-18",
      "2026-02-19",
    );
    // Coturnix lay at 7 weeks: 49 days after 1 January is 19 February.
    expect(quail.map((d) => d.layingHens)).toEqual([0, 6]);
  });

  it("never adds the birds' own records on top of the basket", () => {
    expect(flockDayEggs(19, 3)).toBe(19);
    expect(flockDayEggs(null, 3)).toBe(3);
    expect(flockDayEggs(2, 3)).toBe(3);
    expect(flockDayEggs(null, null)).toBeNull();
    expect(layRatePct(19, 24)).toBe(79.2);
    expect(layRatePct(1, 0)).toBeNull();
  });
});
