import { describe, expect, it } from "vitest";
import { formatDay, formatMoment } from "./dates";

describe("formatDay", () => {
  it("writes a calendar day in the given locale, short and long", () => {
    expect(formatDay("2025-03-03", "short", "en-GB")).toBe("3 Mar 2025");
    expect(formatDay("2025-03-03", "short", "en-US")).toBe("Mar 3, 2025");
    expect(formatDay("2025-03-03", "long", "en-GB")).toMatch(/^Monday,? 3 March 2025$/);
    expect(formatDay("2025-03-03", "long", "de-DE")).toBe("Montag, 3. März 2025");
    expect(formatDay("2025-03-03", "axis", "en-GB")).toBe("3 Mar");
  });

  it("keeps the day whatever the time zone (read in UTC), leap days included", () => {
    expect(formatDay("2024-02-29", "short", "en-GB")).toBe("29 Feb 2024");
    expect(formatDay("2024-12-31", "short", "en-GB")).toBe("31 Dec 2024");
  });

  it("returns anything that is not an ISO day unchanged", () => {
    expect(formatDay("not a date", "short", "en-GB")).toBe("not a date");
    expect(formatDay("2025-13-45", "short", "en-GB")).toBe("2025-13-45");
    expect(formatDay("", "short", "en-GB")).toBe("");
  });
});

describe("formatMoment", () => {
  it("formats a timestamp and leaves a bad one as given", () => {
    expect(formatMoment("2025-03-03T12:00:00Z", "short", "en-GB")).toMatch(/Mar 2025$/);
    expect(formatMoment("nope", "short", "en-GB")).toBe("nope");
  });

  it("writes the time of day in the keeper's time zone and locale", () => {
    const at = "2025-03-03T23:30:00Z";
    expect(formatMoment(at, "dateTime", "en-GB", "UTC")).toBe("3 Mar 2025, 23:30");
    expect(formatMoment(at, "dateTime", "en-US", "UTC")).toBe("Mar 3, 2025, 11:30 PM");
    expect(formatMoment(at, "time", "en-GB", "UTC")).toBe("23:30");
    // Half past eleven at night in London is already the next morning in Berlin.
    expect(formatMoment(at, "dateTime", "de-DE", "Europe/Berlin")).toBe("4. März 2025, 00:30");
  });
});
