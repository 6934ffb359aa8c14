import { describe, expect, it } from "vitest";
import {
  addDaysIso,
  daysBetweenIso,
  formatIsoDate,
  isoDate,
  isValidIsoDate,
  notFutureDate,
  optionalText,
  parseIsoDate,
  todayIso,
  trimmedString,
  uuidParam,
} from "./common";

describe("date helpers", () => {
  it("parses real calendar dates at UTC midnight", () => {
    expect(parseIsoDate("2024-02-29")?.toISOString()).toBe("2024-02-29T00:00:00.000Z");
  });

  it("rejects impossible or malformed dates", () => {
    for (const bad of [
      "2023-02-29",
      "2024-13-01",
      "2024-00-10",
      "2024-04-31",
      "2024-4-1",
      "",
      "x",
    ]) {
      expect(isValidIsoDate(bad), bad).toBe(false);
    }
    expect(parseIsoDate(undefined)).toBeNull();
  });

  it("adds days across month and year ends", () => {
    expect(addDaysIso("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDaysIso("2024-03-01", -1)).toBe("2024-02-29");
    expect(() => addDaysIso("nope", 1)).toThrow(RangeError);
  });

  it("counts days between dates, ignoring DST because it is UTC", () => {
    expect(daysBetweenIso("2024-03-01", "2024-03-31")).toBe(30);
    expect(daysBetweenIso("2024-03-31", "2024-03-01")).toBe(-30);
  });

  it("derives today from an instant and an optional time-zone offset", () => {
    const now = new Date("2024-06-01T02:30:00Z");
    expect(todayIso(now)).toBe("2024-06-01");
    expect(todayIso(now, 300)).toBe("2024-05-31"); // UTC-5
    expect(formatIsoDate(now)).toBe("2024-06-01");
  });
});

describe("zod pieces", () => {
  it("isoDate gives the clear message", () => {
    const result = isoDate.safeParse("2023-02-30");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Date must be a valid date (YYYY-MM-DD)");
    expect(isoDate.parse("2023-02-28")).toBe("2023-02-28");
  });

  it("notFutureDate rejects dates after the given today", () => {
    const schema = notFutureDate("2024-06-01");
    expect(schema.safeParse("2024-06-01").success).toBe(true);
    const future = schema.safeParse("2024-06-02");
    expect(future.success).toBe(false);
    expect(future.error?.issues[0]?.message).toBe("Date cannot be in the future");
  });

  it("notFutureDate without today uses the clock with one day of slack", () => {
    const schema = notFutureDate();
    const today = todayIso(new Date());
    expect(schema.safeParse(today).success).toBe(true);
    expect(schema.safeParse(addDaysIso(today, 1)).success).toBe(true);
    expect(schema.safeParse(addDaysIso(today, 2)).success).toBe(false);
  });

  it("uuidParam", () => {
    expect(uuidParam.safeParse({ id: "0b5c8f5e-3c1a-4f7e-9a4b-2d7c1e0f9a11" }).success).toBe(true);
    const bad = uuidParam.safeParse({ id: "123" });
    expect(bad.error?.issues[0]?.message).toBe("Invalid id");
  });

  it("trimmedString trims and enforces length", () => {
    const schema = trimmedString(5, "Name is required");
    expect(schema.parse("  Hen  ")).toBe("Hen");
    expect(schema.safeParse("   ").error?.issues[0]?.message).toBe("Name is required");
    expect(schema.safeParse("abcdef").success).toBe(false);
  });

  it("optionalText turns blank and null into undefined", () => {
    const schema = optionalText(10);
    expect(schema.parse(undefined)).toBeUndefined();
    expect(schema.parse(null)).toBeUndefined();
    expect(schema.parse("   ")).toBeUndefined();
    expect(schema.parse(" note ")).toBe("note");
    expect(schema.safeParse("x".repeat(11)).success).toBe(false);
  });
});
