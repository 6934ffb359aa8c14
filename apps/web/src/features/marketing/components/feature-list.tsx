import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import features from "@/content/features.json";

type Feature = (typeof features.features)[number];

/** Features grouped as in src/content/features.json, each linking to its page. */
export function FeatureList() {
  const groups = new Map<string, Feature[]>();
  for (const f of features.features) groups.set(f.group, [...(groups.get(f.group) ?? []), f]);
  return (
    <div className="space-y-8">
      {[...groups].map(([group, items]) => (
        <section key={group} aria-labelledby={`group-${group}`}>
          <h2 id={`group-${group}`} className="text-xl font-bold text-stone-900">
            {group}
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((f) => (
              <li
                key={f.id}
                className="flex flex-col rounded-xl border border-stone-200 bg-white p-4"
              >
                <h3 className="font-bold text-stone-900">{f.title}</h3>
                <p className="mt-1 flex-1 text-sm text-stone-800">{f.description}</p>
                <Link
                  to={f.route}
                  className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-blue-800 underline"
                  data-track={`Feature ${f.title}`}
                >
                  Open {f.title} <ArrowRight size={14} aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
