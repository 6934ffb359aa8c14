import { describe, expect, it } from "vitest";
import { createTreatmentBody, updateTreatmentBody } from "./treatment";

const body = {
  flockId: "00000000-0000-4000-8000-000000000001",
  product: "Toltrazuril 2.5%",
  route: "water",
  startDate: "2026-01-10",
  endDate: "2026-01-12",
  reason: "Coccidiosis",
  eggWithdrawalDays: 14,
  meatWithdrawalDays: 21,
};

describe("treatment schemas", () => {
  it("accepts a course and refuses an end before the start", () => {
    expect(createTreatmentBody.safeParse(body).success).toBe(true);
    const r = createTreatmentBody.safeParse({ ...body, endDate: "2026-01-09" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path[0])).toContain("endDate");
  });

  // Found by the bad-input property in CI: 0000-00-00 reached the start/end comparison, which
  // threw while adding days to it, and the server answered 500.
  it.each(["0000-00-00", "2026-02-30", "2026-13-01"])(
    "names an impossible date %s instead of throwing",
    (bad) => {
      for (const schema of [createTreatmentBody, updateTreatmentBody]) {
        const start = schema.safeParse({ ...body, startDate: bad });
        expect(start.success).toBe(false);
        expect(start.error?.issues.map((i) => i.path[0])).toContain("startDate");
        const end = schema.safeParse({ ...body, endDate: bad });
        expect(end.success).toBe(false);
        expect(end.error?.issues.map((i) => i.path[0])).toContain("endDate");
      }
    },
  );
});
