import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as common from "../schemas/common";
import {
  addDaysIso,
  daysBetweenIso,
  formatIsoDate,
  isoDatesBetween,
  isValidIsoDate,
  parseIsoDate,
  todayIso,
} from "./dates";

describe("dates", () => {
  it("parses only real calendar dates", () => {
    expect(parseIsoDate("2024-02-29")?.toISOString()).toBe("2024-02-29T00:00:00.000Z");
    expect(isValidIsoDate("2023-02-29")).toBe(false);
    expect(isValidIsoDate("2024-13-01")).toBe(false);
  });

  it("does calendar arithmetic in UTC", () => {
    expect(addDaysIso("2024-12-31", 1)).toBe("2025-01-01");
    expect(daysBetweenIso("2024-01-01", "2024-03-01")).toBe(60);
    expect(todayIso(new Date("2026-11-21T02:00:00Z"), 300)).toBe("2026-11-20");
  });

  it("lists a range's dates as stepping with addDaysIso does, again on the next call", () => {
    const stepped = (from: string, to: string) => {
      const out: string[] = [];
      for (let d = from; d <= to; d = addDaysIso(d, 1)) out.push(d);
      return out;
    };
    for (const [from, to] of [
      ["2024-02-20", "2024-03-02"],
      ["2024-12-25", "2025-01-05"],
      ["2026-11-26", "2026-11-26"],
      ["2026-11-27", "2026-11-26"],
      ["2026-08-29", "2026-11-26"],
    ] as const) {
      expect(isoDatesBetween(from, to)).toEqual(stepped(from, to));
      expect(isoDatesBetween(from, to)).toEqual(stepped(from, to));
    }
    expect(() => isoDatesBetween("2023-02-29", "2023-03-01")).toThrow(RangeError);
    // The day after 9999-12-31 is written "+010000-01-01", which sorts before it as text.
    expect(isoDatesBetween("9999-12-30", "9999-12-31")).toEqual(["9999-12-30", "9999-12-31"]);
    expect(isoDatesBetween("2024-01-02", "2024-01-01")).toEqual([]);
  });

  // The helpers read and write dates digit by digit and step days in integer arithmetic; these
  // are the Date-based versions they replaced, which they must agree with everywhere.
  const referenceParse = (value: string): Date | null => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return null;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    date.setUTCFullYear(year);
    const real =
      date.getUTCFullYear() === year &&
      date.getUTCMonth() === month - 1 &&
      date.getUTCDate() === day;
    return real ? date : null;
  };
  const referenceAdd = (value: string, days: number) => {
    const date = referenceParse(value);
    if (!date) throw new RangeError(value);
    return new Date(date.getTime() + Math.trunc(days) * 86_400_000).toISOString().slice(0, 10);
  };
  const outcome = (f: () => unknown) => {
    try {
      return { value: f() };
    } catch (err) {
      return { threw: (err as Error).constructor.name };
    }
  };
  const isoDay = fc
    .date({
      min: new Date("0000-01-01T00:00:00Z"),
      max: new Date("9999-12-31T00:00:00Z"),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));
  // Real dates, and strings that are nearly dates (day 29-31 of every month, 00, signs, spaces).
  const nearlyIso = fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
    )
    .map(
      ([y, m, d]) =>
        `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`,
    );
  const anyText = fc.oneof(isoDay, nearlyIso, fc.string({ maxLength: 12 }));

  it("reads a date string as the Date-based reader did", () => {
    fc.assert(
      fc.property(anyText, (value) => {
        expect(parseIsoDate(value)?.getTime() ?? null).toBe(
          referenceParse(value)?.getTime() ?? null,
        );
      }),
      { numRuns: 5000 },
    );
    for (const value of [
      "0000-02-29",
      "0100-02-29",
      "0400-02-29",
      "1900-02-29",
      "2000-02-29",
      "0099-12-31",
    ]) {
      expect(parseIsoDate(value)?.getTime() ?? null, value).toBe(
        referenceParse(value)?.getTime() ?? null,
      );
    }
  });

  it("steps days as Date arithmetic does, over the whole four-digit calendar and past it", () => {
    const days = fc.oneof(
      fc.integer({ min: -400, max: 400 }),
      fc.integer({ min: -4_000_000, max: 4_000_000 }),
      fc.double({ min: -1e6, max: 1e6 }),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 1e12),
    );
    fc.assert(
      fc.property(fc.oneof(isoDay, nearlyIso), days, (value, n) => {
        expect(outcome(() => addDaysIso(value, n))).toEqual(outcome(() => referenceAdd(value, n)));
      }),
      { numRuns: 5000 },
    );
    // Past the four-digit years the answer is what toISOString's first ten characters were.
    expect(addDaysIso("9999-12-31", 1)).toBe(referenceAdd("9999-12-31", 1));
    expect(addDaysIso("0000-01-01", -1)).toBe(referenceAdd("0000-01-01", -1));
    expect(addDaysIso("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDaysIso("2100-02-28", 1)).toBe("2100-03-01");
  });

  it("writes a Date's UTC day as toISOString does", () => {
    fc.assert(
      fc.property(fc.date(), (date) => {
        expect(outcome(() => formatIsoDate(date))).toEqual(
          outcome(() => date.toISOString().slice(0, 10)),
        );
      }),
      { numRuns: 5000 },
    );
  });

  it("is what schemas/common re-exports", () => {
    expect(common.todayIso).toBe(todayIso);
    expect(common.addDaysIso).toBe(addDaysIso);
  });
});
