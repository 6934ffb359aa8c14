import { Link } from "react-router";
import { Check, Info, Quote } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import competitors from "@/content/competitors.json";

type Testimonial = { quote: string; name: string; location?: string; consentDate?: string };

/** Comparison table: FlockKeeper against categories of alternatives (src/content/competitors.json). */
export function ComparisonTable() {
  const alts = competitors.alternatives;
  return (
    <section aria-labelledby="comparison-title" className="my-6">
      <h2 id="comparison-title" className="text-xl font-bold text-stone-900">
        Side by side
      </h2>
      <div
        className="mt-3 overflow-x-auto rounded-xl border border-stone-200 bg-white"
        tabIndex={0}
        role="region"
        aria-labelledby="comparison-title"
      >
        <table className="w-full min-w-[720px] border-collapse text-left text-sm">
          <caption className="sr-only">
            FlockKeeper compared with paper logbooks, spreadsheets, general farm software and
            single-purpose poultry apps
          </caption>
          <thead>
            <tr className="bg-amber-50">
              <th scope="col" className="p-3 font-bold">
                Feature
              </th>
              <th scope="col" className="p-3 font-bold text-amber-900">
                FlockKeeper
              </th>
              {alts.map((a) => (
                <th key={a.id} scope="col" className="p-3 font-bold">
                  {a.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {competitors.rows.map((row) => (
              <tr key={row.feature} className="border-t border-stone-200 align-top">
                <th scope="row" className="p-3 font-semibold">
                  {row.feature}
                </th>
                <td className="bg-amber-50/50 p-3">{row.flockkeeper}</td>
                {alts.map((a) => (
                  <td key={a.id} className="p-3 text-stone-800">
                    {(row.values as Record<string, string>)[a.id] ?? "Not compared"}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 flex items-start gap-1 text-xs text-stone-700">
        <Info size={14} aria-hidden className="mt-0.5 shrink-0" /> {competitors.userRatingNote}
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {alts.map((a) => (
          <li key={a.id} className="rounded-xl border border-stone-200 bg-white p-3 text-sm">
            <h3 className="font-bold text-stone-900">{a.name}</h3>
            <p className="mt-1 text-stone-800">{a.description}</p>
            <p className="mt-1 text-stone-800">
              <span className="font-semibold">Typical price:</span> {a.typicalPrice}. {a.priceNote}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ComparisonCards() {
  return (
    <div className="my-8 grid gap-4 md:grid-cols-2">
      {competitors.cards.map((card) => (
        <section
          key={card.title}
          className="rounded-xl border border-stone-200 bg-white p-5"
          aria-label={card.title}
        >
          <h2 className="text-lg font-bold text-stone-900">{card.title}</h2>
          <ul className="mt-3 space-y-2 text-sm text-stone-800">
            {card.points.map((p) => (
              <li key={p} className="flex items-start gap-2">
                <Check size={16} aria-hidden className="mt-0.5 shrink-0 text-green-700" />
                {p}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** Real testimonials only (with the keeper's consent); none are shown until there are some. */
export function Testimonials() {
  const items = competitors.testimonials as Testimonial[];
  return (
    <section aria-labelledby="testimonials-title" className="my-8">
      <h2 id="testimonials-title" className="text-xl font-bold text-stone-900">
        What keepers say
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-stone-800">
          We have no testimonials to show yet, and we won&apos;t invent any. If FlockKeeper helps
          your flock, we&apos;d love to hear about it.
        </p>
      ) : (
        <ul className="mt-3 grid gap-3 md:grid-cols-2">
          {items.map((t) => (
            <li key={t.quote} className="rounded-xl border border-stone-200 bg-white p-4">
              <figure>
                <Quote size={18} aria-hidden className="text-amber-700" />
                <blockquote className="mt-1 text-stone-900">{t.quote}</blockquote>
                <figcaption className="mt-2 text-sm text-stone-700">
                  {t.name}
                  {t.location ? `, ${t.location}` : ""}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ComparisonCta() {
  const { cta } = competitors;
  return (
    <section aria-labelledby="cta-title" className="my-8 rounded-xl bg-amber-800 p-6 text-white">
      <h2 id="cta-title" className="text-xl font-bold">
        {cta.title}
      </h2>
      <p className="mt-1">{cta.text}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link
          to={cta.primary.href}
          className={buttonClass("secondary")}
          data-track="Competitors CTA Primary"
        >
          {cta.primary.label}
        </Link>
        <Link
          to={cta.secondary.href}
          className="inline-flex h-11 items-center rounded-lg border border-white px-4 font-semibold text-white hover:bg-amber-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
          data-track="Competitors CTA Secondary"
        >
          {cta.secondary.label}
        </Link>
      </div>
    </section>
  );
}
