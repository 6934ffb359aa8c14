import { createVaccinationBody } from "@flockkeeper/shared/schemas/vaccination";
import { nextDueDate } from "@flockkeeper/shared/domain/vaccination";
import type { LocalVaccinationRecord } from "@flockkeeper/shared/schemas/vaccination-import";

/*
 * A signed-out visitor's vaccination records, kept in this browser until they sign in (then they
 * are moved to the account and removed from here).
 */

const KEY = "flockkeeper.vaccinations";

/** A local record: what the server would store, plus the derived next-due date. */
export type LocalRecord = LocalVaccinationRecord & { nextDue: string; createdAt: string };

/** Reads the local records, dropping anything that is not a valid record. */
export function readLocalVaccinations(): LocalRecord[] {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const records: LocalRecord[] = [];
    for (const item of parsed) {
      const body = createVaccinationBody.safeParse(item);
      const { id, createdAt } = (item ?? {}) as { id?: unknown; createdAt?: unknown };
      if (!body.success || typeof id !== "string") continue;
      records.push({
        ...body.data,
        id,
        nextDue: nextDueDate(body.data.vaccine, body.data.date),
        createdAt: typeof createdAt === "string" ? createdAt : new Date(0).toISOString(),
      });
    }
    return records;
  } catch {
    return [];
  }
}

/** Replaces the local records (an empty list removes the key). */
export function writeLocalVaccinations(records: LocalRecord[]): void {
  try {
    if (records.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(records));
  } catch {
    // Storage full or blocked: nothing more we can do without an account.
  }
}
