import { daysBetweenIso, todayIso } from "@flockkeeper/shared/schemas/common";

/** The keeper's local date when given and within a day of the server's UTC date, else the server's. */
export function resolveToday(keeperToday?: string, now = new Date()): string {
  const serverToday = todayIso(now);
  return keeperToday && Math.abs(daysBetweenIso(serverToday, keeperToday)) <= 1
    ? keeperToday
    : serverToday;
}
