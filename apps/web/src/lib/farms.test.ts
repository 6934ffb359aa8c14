import { describe, expect, it } from "vitest";
import { farmPermissions, loggedBy } from "./farms";

const me = "00000000-0000-4000-8000-00000000000a";
const sam = "00000000-0000-4000-8000-00000000000b";
const members = [
  { userId: me, name: "Ada" },
  { userId: sam, name: "Sam" },
];

describe("farmPermissions", () => {
  it("lets a helper change only their own records, and hides money, birds' edits and export", () => {
    const p = farmPermissions("helper", me);
    expect(p.changeRecord({ createdBy: me })).toBe(true);
    expect(p.changeRecord({ createdBy: sam })).toBe(false);
    expect(p.changeRecord({ createdBy: null })).toBe(false);
    expect(p.changeRecord({})).toBe(false);
    expect([p.seeMoney, p.manageBirds, p.exportData, p.manageFarm]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it("lets a keeper change every record and see money, but not export or manage the farm", () => {
    const p = farmPermissions("keeper", me);
    expect(p.changeRecord({ createdBy: sam })).toBe(true);
    expect([p.seeMoney, p.manageBirds, p.exportData, p.manageFarm]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it("lets an owner, and a server without farms (no role), do everything", () => {
    for (const role of ["owner", null] as const) {
      const p = farmPermissions(role, me);
      expect(p.changeRecord({ createdBy: sam })).toBe(true);
      expect([p.seeMoney, p.manageBirds, p.exportData, p.manageFarm]).toEqual([
        true,
        true,
        true,
        true,
      ]);
    }
  });
});

describe("loggedBy", () => {
  it("names another member, never the keeper themself", () => {
    expect(loggedBy({ createdBy: sam }, me, members)).toBe("logged by Sam");
    expect(loggedBy({ createdBy: me }, me, members)).toBeNull();
  });

  it("says nothing without an author, a known member or the members list", () => {
    expect(loggedBy({}, me, members)).toBeNull();
    expect(loggedBy({ createdBy: null }, me, members)).toBeNull();
    expect(loggedBy({ createdBy: "00000000-0000-4000-8000-00000000000c" }, me, members)).toBeNull();
    expect(loggedBy({ createdBy: sam }, me, undefined)).toBeNull();
  });
});
