import {
  addDaysIso,
  daysBetweenIso,
  isValidIsoDate,
  parseIsoDate,
  formatIsoDate,
} from "../schemas/common";

/*
 * Vaccination tracker rules (spec sections 4, 5 and 9). Dates are 'YYYY-MM-DD' strings in UTC and
 * "today" is always passed in.
 *
 * Status rule (the spec is silent on how due/overdue are derived, so this is our decision):
 *   - no next-due date, or next due equal to the vaccination date (one-off vaccines) -> completed;
 *   - next due before today -> overdue;
 *   - next due today or within `dueSoonDays` (default 30) days ahead -> due;
 *   - otherwise -> completed.
 * A freshly added record (dated today or recently) is therefore completed, as the spec requires.
 */

/** The vaccines offered in the tracker, with their exact display names. */
export const VACCINES = [
  "Marek's Disease",
  "Newcastle Disease",
  "Infectious Bronchitis",
  "Fowl Pox",
  "Coccidiosis",
  "Infectious Laryngotracheitis",
] as const;

/** A vaccine name. */
export type VaccineName = (typeof VACCINES)[number];

/** Vaccination record status. */
export type VaccinationStatus = "completed" | "due" | "overdue";

/** All statuses, for schemas and filters. */
export const VACCINATION_STATUSES = ["completed", "due", "overdue"] as const;

/** Vaccines whose next dose is due one year after the last one (spec section 9). */
export const ANNUAL_VACCINES: readonly VaccineName[] = [
  "Newcastle Disease",
  "Infectious Bronchitis",
  "Fowl Pox",
];

/** A next-due date this many days ahead or fewer counts as "due". */
export const DUE_SOON_DAYS = 30;

/** One row of the recommended schedule. */
export interface ScheduleEntry {
  vaccine: VaccineName;
  timing: string;
  frequency: string;
  description: string;
}

/** Recommended default schedule (spec section 9), descriptions in our own words. */
export const VACCINATION_SCHEDULE: readonly ScheduleEntry[] = [
  {
    vaccine: "Marek's Disease",
    timing: "Day 1",
    frequency: "Once",
    description:
      "Protects against the herpesvirus that causes tumours and paralysis. Given at the hatchery or on the day of hatch, before chicks meet the virus in the environment; it does not help birds that are already infected.",
  },
  {
    vaccine: "Newcastle Disease",
    timing: "2-4 weeks",
    frequency: "Annual booster",
    description:
      "Guards against a highly contagious respiratory and nervous disease that can wipe out a flock and is notifiable in many countries. Usually given by eye or nose drop or in drinking water, with yearly boosters.",
  },
  {
    vaccine: "Infectious Bronchitis",
    timing: "2-4 weeks",
    frequency: "Annual booster",
    description:
      "Reduces coughing, gasping and the lasting damage to the egg tract that leaves layers producing thin-shelled or misshapen eggs. Often combined with the Newcastle vaccine.",
  },
  {
    vaccine: "Fowl Pox",
    timing: "6-10 weeks",
    frequency: "Annual in high-risk areas",
    description:
      "Prevents the scabby skin lesions and mouth plaques spread mainly by mosquitoes. Applied with a wing-web stab; worth it where mosquitoes are common or pox has occurred before.",
  },
  {
    vaccine: "Coccidiosis",
    timing: "Day 1-7",
    frequency: "Once",
    description:
      "A live vaccine that lets chicks build immunity to the gut parasites that cause bloody droppings and sudden losses. Do not feed amprolium-medicated starter to vaccinated chicks: it cancels the vaccine.",
  },
  {
    vaccine: "Infectious Laryngotracheitis",
    timing: "10-14 weeks",
    frequency: "Annual in affected areas",
    description:
      "For areas where this severe respiratory disease (gasping, bloody mucus) is present. Vaccinated birds can carry the virus, and some US states restrict its use, so check with your vet or state poultry office first.",
  },
];

/** A record as needed by the status rules. */
export interface VaccinationDates {
  date: string;
  nextDue: string;
}

/** True for a known vaccine name. */
export function isVaccineName(value: string): value is VaccineName {
  return (VACCINES as readonly string[]).includes(value);
}

/** Adds one calendar year; 29 February becomes 28 February in non-leap years. */
function addOneYear(value: string): string {
  const date = parseIsoDate(value);
  if (!date) return value;
  const year = date.getUTCFullYear() + 1;
  const month = date.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const next = new Date(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)));
  return formatIsoDate(next);
}

/** Next due date: one year after `date` for Newcastle, Bronchitis and Fowl Pox, else the same date. */
export function nextDueDate(vaccine: string, date: string): string {
  if (isVaccineName(vaccine) && ANNUAL_VACCINES.includes(vaccine) && isValidIsoDate(date)) {
    return addOneYear(date);
  }
  return date;
}

/** Status from the dates: completed, due (today or within dueSoonDays) or overdue (see rule above). */
export function vaccinationStatus(
  record: VaccinationDates,
  today: string,
  dueSoonDays = DUE_SOON_DAYS,
): VaccinationStatus {
  if (!isValidIsoDate(record.nextDue) || record.nextDue === record.date) return "completed";
  const days = daysBetweenIso(today, record.nextDue);
  if (days < 0) return "overdue";
  if (days <= dueSoonDays) return "due";
  return "completed";
}

/** Whether the list should show the next-due date: only when it differs from the vaccination date. */
export function showNextDue(date: string, nextDue: string): boolean {
  return Boolean(nextDue) && nextDue !== date;
}

/** A record as needed to tell which doses follow which. */
export interface DoseRecord extends VaccinationDates {
  id: string;
  vaccine: string;
  birdId?: string | null;
  birdName: string;
  createdAt?: string;
}

/** The course a dose belongs to: the vaccine and the bird (its id when linked, else its name). */
const courseKey = (r: DoseRecord) =>
  `${r.vaccine}\u0000${r.birdId ?? `name:${r.birdName.trim().toLowerCase()}`}`;

/**
 * Ids of doses followed by a later dose of the same vaccine for the same bird. The later dose
 * carries the schedule, so an earlier one is completed whatever its own next-due date says.
 */
export function supersededDoses(records: readonly DoseRecord[]): Set<string> {
  const latest = new Map<string, DoseRecord>();
  const later = (a: DoseRecord, b: DoseRecord) =>
    a.date > b.date || (a.date === b.date && (a.createdAt ?? "") > (b.createdAt ?? ""));
  for (const r of records) {
    const key = courseKey(r);
    const current = latest.get(key);
    if (!current || later(r, current)) latest.set(key, r);
  }
  const latestIds = new Set([...latest.values()].map((r) => r.id));
  return new Set(records.filter((r) => !latestIds.has(r.id)).map((r) => r.id));
}

/** Each record with its status on `today`; doses followed by a later one are completed. */
export function withVaccinationStatus<T extends DoseRecord>(
  records: readonly T[],
  today: string,
): Array<T & { status: VaccinationStatus }> {
  const superseded = supersededDoses(records);
  return records.map((r) => ({
    ...r,
    status: superseded.has(r.id) ? "completed" : vaccinationStatus(r, today),
  }));
}

/**
 * "Mark done" on a due or overdue dose: the new dose given on `date`, for the same vaccine and
 * bird, with its next due date. The earlier dose is kept as it was (its date and notes).
 */
export function nextDose<V extends string>(
  record: { vaccine: V; birdId?: string | null; birdName: string },
  date: string,
): { vaccine: V; birdId: string | null; birdName: string; date: string; nextDue: string } {
  return {
    vaccine: record.vaccine,
    birdId: record.birdId ?? null,
    birdName: record.birdName,
    date,
    nextDue: nextDueDate(record.vaccine, date),
  };
}

/** Counts of records by computed status, plus the total. */
export interface VaccinationCounters {
  total: number;
  completed: number;
  due: number;
  overdue: number;
}

/** Counts records by their computed status on `today`. */
export function vaccinationCounters(
  records: readonly VaccinationDates[],
  today: string,
  dueSoonDays = DUE_SOON_DAYS,
): VaccinationCounters {
  const counters: VaccinationCounters = {
    total: records.length,
    completed: 0,
    due: 0,
    overdue: 0,
  };
  for (const record of records) counters[vaccinationStatus(record, today, dueSoonDays)] += 1;
  return counters;
}

/** Reminders: records that are due or overdue on `today`, soonest (most overdue) first. */
export function vaccinationReminders<T extends VaccinationDates>(
  records: readonly T[],
  today: string,
  dueSoonDays = DUE_SOON_DAYS,
): Array<T & { status: "due" | "overdue"; daysUntilDue: number }> {
  const reminders: Array<T & { status: "due" | "overdue"; daysUntilDue: number }> = [];
  for (const record of records) {
    const status = vaccinationStatus(record, today, dueSoonDays);
    if (status === "completed") continue;
    reminders.push({ ...record, status, daysUntilDue: daysBetweenIso(today, record.nextDue) });
  }
  return reminders.sort((a, b) => a.daysUntilDue - b.daysUntilDue);
}

/** Latest date a due-soon reminder looks ahead to from `today`. */
export function dueSoonHorizon(today: string, dueSoonDays = DUE_SOON_DAYS): string {
  return addDaysIso(today, dueSoonDays);
}
