import { formatDay, type DateForm } from "@/lib/dates";
import { useHydrated } from "@/lib/hydration";

/** The locale a prerendered page's dates are written in, before the browser knows the keeper's. */
export const PRERENDER_DATE_LOCALE = "en-GB";

/**
 * A calendar day ('YYYY-MM-DD') in a `<time>` element, in the keeper's locale (lib/dates.ts).
 * A prerendered page's HTML was written without knowing the reader, so it has the day in
 * `PRERENDER_DATE_LOCALE`, and the keeper's form replaces it once the page has hydrated (only this
 * element re-renders); a page rendered in the browser shows the keeper's form at once.
 */
export function LocalDate({ iso, form = "short" }: { iso: string; form?: DateForm }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={iso}>{formatDay(iso, form, hydrated ? undefined : PRERENDER_DATE_LOCALE)}</time>
  );
}
