import type { Flock } from "@flockkeeper/shared/schemas/flock";

/** "24 birds (20 females, 4 males)": today's headcount, with the split when the events know it. */
export function headcountText(f: Pick<Flock, "headcount" | "females" | "males">) {
  const birds = `${f.headcount} ${f.headcount === 1 ? "bird" : "birds"}`;
  const split = sexSplitText(f);
  return split ? `${birds} (${split})` : birds;
}

/** "20 females, 4 males", or null when no event recorded the split. */
export function sexSplitText(f: Pick<Flock, "females" | "males">): string | null {
  const parts = [
    f.females !== null && f.females > 0
      ? `${f.females} ${f.females === 1 ? "female" : "females"}`
      : null,
    f.males !== null && f.males > 0 ? `${f.males} ${f.males === 1 ? "male" : "males"}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : null;
}
