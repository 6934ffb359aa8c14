import { addDaysIso, isValidIsoDate } from "./dates";
import type { RunningHatch, TaskTreatment } from "./tasks";
import { supersededDoses, type DoseRecord } from "./vaccination";

/*
 * The keeper's private calendar feed (issue 22): dated events known ahead, as all-day iCalendar
 * events (RFC 5545): vaccinations due, candling days, lockdown, the hatch window. Pure: the server
 * loads the records and serves the text.
 */

/** One all-day event; `end` is the last day (inclusive). */
export interface CalendarEvent {
  uid: string;
  start: string;
  end: string;
  summary: string;
  description: string;
  /** A path of the app where it is done. */
  link: string;
}

/** Events of the farm's records from `from` on (older ones are history, not plans). */
export function calendarEvents(
  input: {
    doses: readonly DoseRecord[];
    hatches: readonly RunningHatch[];
    treatments?: readonly TaskTreatment[];
  },
  from: string,
): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  for (const t of input.treatments ?? []) {
    for (const [kind, end] of [
      ["Egg", t.eggWithdrawalEnds],
      ["Meat", t.meatWithdrawalEnds],
    ] as const) {
      if (end <= t.endDate || end < from) continue;
      events.push({
        uid: `withdrawal-${kind.toLowerCase()}-${t.id}-${end}`,
        start: end,
        end,
        summary: `${kind} withdrawal ends: ${t.subjectName}`,
        description: `Last day of the ${kind.toLowerCase()} withdrawal after ${t.product}; usable again the day after.`,
        link: "/chicken-tracker",
      });
    }
  }
  const superseded = supersededDoses(input.doses);
  for (const d of input.doses) {
    if (superseded.has(d.id) || !isValidIsoDate(d.nextDue) || d.nextDue === d.date) continue;
    if (d.nextDue < from) continue;
    events.push({
      uid: `vaccination-${d.id}-${d.nextDue}`,
      start: d.nextDue,
      end: d.nextDue,
      summary: `${d.vaccine} vaccination due: ${d.birdName}`,
      description: `Next dose after the one given on ${d.date}.`,
      link: "/vaccination-tracker",
    });
  }
  for (const h of input.hatches) {
    const day = (n: number) => addDaysIso(h.startDate, n);
    for (const c of h.plan.candlingDays) {
      if (day(c) < from) continue;
      events.push({
        uid: `candling-${h.id}-${day(c)}`,
        start: day(c),
        end: day(c),
        summary: `Candle the eggs (day ${c}): ${h.label}`,
        description: `Candling day ${c} of ${h.plan.incubationDays}.`,
        link: "/chicken-tracker?tab=hatching",
      });
    }
    if (day(h.plan.lockdownDay) >= from) {
      events.push({
        uid: `lockdown-${h.id}-${day(h.plan.lockdownDay)}`,
        start: day(h.plan.lockdownDay),
        end: day(h.plan.lockdownDay),
        summary: `Lockdown: ${h.label}`,
        description: `Day ${h.plan.lockdownDay}: stop turning the eggs, raise the humidity and keep the incubator closed until the hatch.`,
        link: "/chicken-tracker?tab=hatching",
      });
    }
    if (day(h.plan.latestHatchDay) >= from) {
      events.push({
        uid: `hatch-${h.id}-${day(h.plan.incubationDays)}`,
        start: day(h.plan.incubationDays),
        end: day(h.plan.latestHatchDay),
        summary: `Hatch window: ${h.label}`,
        description: `Expected hatch on day ${h.plan.incubationDays}${h.plan.latestHatchDay > h.plan.incubationDays ? `, up to day ${h.plan.latestHatchDay}` : ""}.`,
        link: "/chicken-tracker?tab=hatching",
      });
    }
  }
  return events.sort((a, b) => a.start.localeCompare(b.start) || a.uid.localeCompare(b.uid));
}

/** TEXT value escaping (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Folds a content line at 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const size = new TextEncoder().encode(ch).length;
    // Continuation lines start with one space, which counts toward their 75.
    if (octets + size > 75) {
      out.push(current);
      current = " ";
      octets = 1;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n");
}

const compactDate = (iso: string) => iso.replace(/-/g, "");
const stampOf = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** The feed as iCalendar text (CRLF line ends, folded lines). */
export function toICalendar(
  events: readonly CalendarEvent[],
  opts: { name: string; baseUrl: string; now: Date; domain: string },
): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//FlockKeeper//Today//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(opts.name)}`,
  ];
  for (const e of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}@${opts.domain}`,
      `DTSTAMP:${stampOf(opts.now)}`,
      `DTSTART;VALUE=DATE:${compactDate(e.start)}`,
      `DTEND;VALUE=DATE:${compactDate(addDaysIso(e.end, 1))}`,
      `SUMMARY:${escapeText(e.summary)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      `URL:${opts.baseUrl}${e.link}`,
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
