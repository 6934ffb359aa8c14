import { useState } from "react";
import { formatDay, type DateForm } from "@/lib/dates";
import { useHydrated } from "@/lib/hydration";
import { intlWarmupStarted, useIntlWarm } from "@/lib/intl-warmup";

/** The locale a prerendered page's dates are written in, before the browser knows the keeper's. */
export const PRERENDER_DATE_LOCALE = "en-GB";

/**
 * A calendar day ('YYYY-MM-DD') in a `<time>` element, in the keeper's locale (lib/dates.ts).
 * A prerendered page's HTML was written without knowing the reader, so it has the day in
 * `PRERENDER_DATE_LOCALE`. Hydration keeps that text as it is (no `Intl` call: the browser's first
 * one loads its locale data, a long task, see lib/intl-warmup.ts), and the keeper's form replaces
 * it once the page has hydrated and the locale data is loaded (only this element re-renders).
 * A page rendered in the browser shows the keeper's form at once.
 */
export function LocalDate({ iso, form = "short" }: { iso: string; form?: DateForm }) {
  const hydrated = useHydrated();
  const intlWarm = useIntlWarm();
  // Rendered first while prerendering or hydrating (main.tsx starts the warm-up before it
  // hydrates, never while prerendering): the text is the page's HTML.
  const [fromHtml] = useState(!hydrated);
  const hydrating = fromHtml && intlWarmupStarted();
  let text: string;
  if (!hydrated && !hydrating) text = formatDay(iso, form, PRERENDER_DATE_LOCALE);
  else if (hydrating && !(hydrated && intlWarm)) text = iso;
  else text = formatDay(iso, form);
  return (
    <time dateTime={iso} suppressHydrationWarning={hydrating}>
      {text}
    </time>
  );
}
