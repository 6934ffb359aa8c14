import { describe, expect, it } from "vitest";
import { outcomeText } from "./outcome";

describe("outcomeText", () => {
  it("says how a bird left, with the cause or the buyer", () => {
    expect(
      outcomeText({ outcome: "died", outcomeDate: "2026-11-03", outcomeNotes: "fox" }, "en-GB"),
    ).toBe("Died 3 Nov 2026 — fox");
    expect(
      outcomeText(
        { outcome: "sold", outcomeDate: "2026-11-03", outcomeNotes: "Mrs Jones" },
        "en-GB",
      ),
    ).toBe("Sold to Mrs Jones on 3 Nov 2026");
    expect(
      outcomeText({ outcome: "given_away", outcomeDate: null, outcomeNotes: null }, "en-GB"),
    ).toBe("Given away");
    expect(
      outcomeText({ outcome: "predator", outcomeDate: "2026-01-31", outcomeNotes: " " }, "en-GB"),
    ).toBe("Lost to a predator 31 Jan 2026");
  });

  it("is null for a bird still in the flock", () => {
    expect(outcomeText({ outcome: null, outcomeDate: null, outcomeNotes: null })).toBeNull();
  });

  it("names the loss cause of a death or cull", () => {
    expect(
      outcomeText(
        {
          outcome: "died",
          outcomeDate: "2026-11-03",
          outcomeNotes: "by the gate",
          outcomeCause: "unknown",
        },
        "en-GB",
      ),
    ).toBe("Died 3 Nov 2026 (cause: unknown) — by the gate");
    expect(
      outcomeText(
        { outcome: "culled", outcomeDate: null, outcomeNotes: null, outcomeCause: "egg_bound" },
        "en-GB",
      ),
    ).toBe("Culled (cause: egg-bound)");
  });
});
