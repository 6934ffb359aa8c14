import { describe, expect, it } from "vitest";
import * as common from "../schemas/common";
import {
  addDaysIso,
  daysBetweenIso,
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

  it("is what schemas/common re-exports", () => {
    expect(common.todayIso).toBe(todayIso);
    expect(common.addDaysIso).toBe(addDaysIso);
  });
});
