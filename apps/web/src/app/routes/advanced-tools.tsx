import {
  BarChart3,
  Bird,
  Calculator,
  CloudSun,
  type LucideIcon,
  ScanSearch,
  Syringe,
} from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "@/components/page-header";

const TOOLS: { to: string; title: string; text: string; icon: LucideIcon }[] = [
  {
    to: "/poultry-calculator",
    title: "Poultry Calculator",
    text: "Feed costs, expected eggs and coop space for any flock size.",
    icon: Calculator,
  },
  {
    to: "/poultry-weather",
    title: "Poultry Weather",
    text: "Live forecast for your location with cold, heat, wind and storm alerts for your birds.",
    icon: CloudSun,
  },
  {
    to: "/vaccination-tracker",
    title: "Vaccination Tracker",
    text: "Record vaccinations, see what is due or overdue and follow the recommended schedule.",
    icon: Syringe,
  },
  {
    to: "/production-dashboard",
    title: "Production Hub",
    text: "Eggs, feed, weights and coop conditions over time, with charts.",
    icon: BarChart3,
  },
  {
    to: "/chicken-tracker",
    title: "Flock Manager",
    text: "Bird profiles, egg records and hatch countdowns.",
    icon: Bird,
  },
  {
    to: "/ai-diagnostic-suite",
    title: "AI Diagnostic Suite",
    text: "Photo health checks, droppings analysis and breed identification.",
    icon: ScanSearch,
  },
];

/** /advanced-tools (Pro Tools): cards linking to each tool. */
export default function AdvancedToolsPage() {
  return (
    <>
      <PageHeader
        title="Pro Tools"
        description="Calculators, weather alerts, vaccinations and more."
      />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {TOOLS.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              data-track={`Pro Tools ${title}`}
              data-track-type="link"
              className="flex h-full gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm transition-colors hover:border-amber-400 hover:bg-amber-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            >
              <Icon className="size-8 shrink-0 text-amber-700" aria-hidden />
              <span>
                <span className="block text-lg font-bold text-stone-900">{title}</span>
                <span className="mt-1 block text-sm text-stone-700">{text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
