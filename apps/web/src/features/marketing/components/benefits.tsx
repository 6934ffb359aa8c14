import { Link } from "react-router";
import { buttonClass } from "@/components/ui/button";
import home from "@/content/home.json";

/** The home page's marketing copy, from src/content/home.json. */
export function Benefits() {
  return (
    <section aria-labelledby="benefits-title" className="my-8">
      <h2 id="benefits-title" className="text-xl font-bold text-stone-900">
        Why keepers use FlockKeeper
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {home.benefits.map((b) => (
          <li key={b.title} className="rounded-xl border border-stone-200 bg-white p-4">
            <h3 className="font-bold text-stone-900">{b.title}</h3>
            <p className="mt-1 text-sm text-stone-800">{b.text}</p>
          </li>
        ))}
      </ul>
      <div className="mt-5 flex flex-wrap gap-3">
        <Link
          to={home.primaryCta.href}
          className={buttonClass("primary")}
          data-track="Home CTA Primary"
        >
          {home.primaryCta.label}
        </Link>
        <Link
          to={home.secondaryCta.href}
          className={buttonClass("secondary")}
          data-track="Home CTA Secondary"
        >
          {home.secondaryCta.label}
        </Link>
      </div>
    </section>
  );
}
