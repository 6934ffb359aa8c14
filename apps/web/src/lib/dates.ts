/*
 * The one way dates are shown (issue 25 item 4): in the keeper's locale through Intl.DateTimeFormat,
 * short and long (and a chart axis's) for days; with the time of day for moments. Dates travel and are typed as ISO 'YYYY-MM-DD' (inputs stay `type="date"`); only
 * what is shown is formatted here. A calendar day is read in UTC so it never moves by a day in a
 * time zone west of Greenwich.
 */

export type DateForm = "short" | "long" | "axis" | "dateTime" | "time";

const OPTIONS: Record<DateForm, Intl.DateTimeFormatOptions> = {
  /** "3 Mar 2025" / "Mar 3, 2025": lists and records. */
  short: { day: "numeric", month: "short", year: "numeric" },
  /** "Monday, 3 March 2025" / "Monday, March 3, 2025": headings and articles. */
  long: { weekday: "long", day: "numeric", month: "long", year: "numeric" },
  /** "3 Mar" / "Mar 3": chart axes. */
  axis: { day: "numeric", month: "short" },
  /** "3 Mar 2025, 14:05" / "Mar 3, 2025, 2:05 PM": when something happened (moments only). */
  dateTime: { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" },
  /** "14:05" / "02:05 PM": a time today (moments only). */
  time: { hour: "2-digit", minute: "2-digit" },
};

const cache = new Map<string, Intl.DateTimeFormat>();

/** The keeper's locale (the browser's languages), or the runtime default when there is none. */
const keeperLocale = (): readonly string[] | undefined =>
  typeof navigator !== "undefined" && navigator.languages?.length ? navigator.languages : undefined;

function formatter(form: DateForm, locale?: string, timeZone = "UTC"): Intl.DateTimeFormat {
  const locales = locale ? [locale] : keeperLocale();
  const key = `${form}|${locales?.join(",") ?? ""}|${timeZone}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locales as string[] | undefined, { ...OPTIONS[form], timeZone });
    cache.set(key, f);
  }
  return f;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day ('YYYY-MM-DD') in the keeper's locale; anything else is returned as given. */
export function formatDay(iso: string, form: DateForm = "short", locale?: string): string {
  if (!ISO_DAY.test(iso)) return iso;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? iso : formatter(form, locale).format(d);
}

/**
 * A moment (an ISO timestamp) in the keeper's own time zone and locale: its day (`short`, `long`,
 * `axis`), or with the time of day (`dateTime`, `time`).
 */
export function formatMoment(
  iso: string,
  form: DateForm = "short",
  locale?: string,
  timeZone: string = Intl.DateTimeFormat().resolvedOptions().timeZone,
): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return formatter(form, locale, timeZone).format(d);
}
