import { describe, expect, it } from "vitest";
import { HELPER_CORRECTION_WINDOW_MS, requireRecordChange, type Keeper } from "./access";

const keeperAs = (role: Keeper["role"], id = "u1"): Keeper =>
  ({ user: { id }, farmId: "f1", role }) as unknown as Keeper;

describe("requireRecordChange", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  const justNow = new Date(now.getTime() - 60_000);
  const tooOld = new Date(now.getTime() - HELPER_CORRECTION_WINDOW_MS - 1);

  it("lets owners and keepers change any record at any age", () => {
    for (const role of ["owner", "keeper"] as const) {
      expect(() => requireRecordChange(keeperAs(role), "someone-else", tooOld, now)).not.toThrow();
    }
  });

  it("lets a helper change their own record within 24 hours", () => {
    expect(() => requireRecordChange(keeperAs("helper"), "u1", justNow, now)).not.toThrow();
  });

  it("refuses a helper someone else's record, and their own after 24 hours", () => {
    expect(() => requireRecordChange(keeperAs("helper"), "u2", justNow, now)).toThrow(
      /only the records they added/,
    );
    expect(() => requireRecordChange(keeperAs("helper"), null, justNow, now)).toThrow();
    expect(() => requireRecordChange(keeperAs("helper"), "u1", tooOld, now)).toThrow(/24 hours/);
  });
});
