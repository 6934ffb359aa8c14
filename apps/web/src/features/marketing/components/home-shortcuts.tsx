import type { ComponentType } from "react";
import { Link } from "react-router";
import {
  BookOpen,
  Bird,
  ClipboardList,
  Salad,
  Stethoscope,
  ThumbsUp,
  Wrench,
  type LucideProps,
} from "lucide-react";

type Shortcut = { label: string; to: string; icon: ComponentType<LucideProps>; hint: string };

/** The home page's shortcut grid (spec.md "Home"), in the spec's order. */
export const SHORTCUTS: Shortcut[] = [
  {
    label: "Flock Manager",
    to: "/chicken-tracker",
    icon: ClipboardList,
    hint: "Birds, eggs and hatches",
  },
  { label: "Bird Identifier", to: "/chicken-identifier", icon: Bird, hint: "Breed from a photo" },
  {
    label: "Can My Flock Eat This?",
    to: "/food-safety",
    icon: Salad,
    hint: "Safe and toxic foods",
  },
  {
    label: "Health Diagnostic",
    to: "/health-diagnostic",
    icon: Stethoscope,
    hint: "Photos and symptoms",
  },
  {
    label: "Pro Tools",
    to: "/advanced-tools",
    icon: Wrench,
    hint: "Calculators, weather, vaccines",
  },
  {
    label: "Learn Chickens",
    to: "/educational-resources",
    icon: BookOpen,
    hint: "Care guides and checklists",
  },
];

const tile =
  "flex min-h-24 flex-col items-center justify-center gap-1 rounded-xl border border-amber-200 bg-white p-3 text-center shadow-sm transition-colors hover:border-amber-500 hover:bg-amber-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

export function HomeShortcuts({ socialUrl }: { socialUrl: string }) {
  return (
    <nav aria-label="Shortcuts" className="my-6">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {SHORTCUTS.map(({ label, to, icon: Icon, hint }) => (
          <li key={to}>
            <Link to={to} className={tile} data-track={`Home Shortcut ${label}`}>
              <Icon aria-hidden className="text-amber-700" size={28} />
              <span className="font-bold text-stone-900">{label}</span>
              <span className="text-xs text-stone-700">{hint}</span>
            </Link>
          </li>
        ))}
        <li>
          <a
            href={socialUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={tile}
            data-track="Home Shortcut Follow Facebook"
            data-track-type="social"
          >
            <ThumbsUp aria-hidden className="text-blue-800" size={28} />
            <span className="font-bold text-stone-900">Follow Facebook</span>
            <span className="text-xs text-stone-700">Opens in a new tab</span>
          </a>
        </li>
      </ul>
    </nav>
  );
}
