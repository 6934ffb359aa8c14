import { hatchTask, type IncubationPlan } from "@flockkeeper/shared/domain/incubation";
import type { HatchRecord } from "@flockkeeper/shared/schemas/hatch-record";

/** What to do today for one incubation, from its plan and the keeper's local date. */
export function taskLines(h: HatchRecord, today: string): string[] {
  const plan: IncubationPlan = h.plan;
  const task = hatchTask(plan, h.incubationStartDate, today);
  const lines: string[] = [];
  switch (task.phase) {
    case "not-started":
      lines.push("Not started yet.");
      break;
    case "turning":
      lines.push("Turn the eggs 3-5 times today (an odd number, so they rest on alternate sides).");
      break;
    case "lockdown":
      lines.push(
        task.lockdownStarts
          ? "Lockdown today: stop turning and raise the humidity."
          : "Lockdown: no turning, keep the humidity up and the lid closed.",
      );
      break;
    case "hatch-day":
      lines.push("Hatch day: keep the incubator closed while they hatch.");
      break;
    case "hatch-window":
      lines.push(
        `Hatch window: late hatchers can still come until day ${plan.latestHatchDay}. Keep it closed.`,
      );
      break;
    case "overdue":
      lines.push("Past the hatch window: candle the remaining eggs before deciding what to do.");
      break;
  }
  if (task.candle) lines.push(`Candle the eggs today (day ${task.day}).`);
  if (task.phase === "turning" || task.phase === "not-started")
    lines.push(`Lockdown on day ${plan.lockdownDay} (${h.plan.lockdownDate}).`);
  if (!task.candle && task.nextCandlingDay !== null && task.phase !== "not-started")
    lines.push(`Next candling: day ${task.nextCandlingDay}.`);
  return lines;
}
