import { useId, useState } from "react";
import {
  Ambulance,
  Bird,
  CalendarCheck,
  ChevronDown,
  Egg,
  Home,
  ShieldPlus,
  Snowflake,
  Wheat,
  type LucideIcon,
} from "lucide-react";
import { CARE_FACT_TEXT } from "@flockkeeper/shared/domain/care-facts";
import learnDocs from "virtual:content/learn";
import checklists from "@/content/learn/checklists.json";
import { MarkdownContent } from "@/components/markdown-content";
import { Card, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { cn } from "@/lib/cn";
import { nestHtml } from "../lib/prefix-headings";

const GUIDE_ORDER = [
  "nutrition",
  "coop-setup",
  "disease-prevention",
  "egg-production",
  "seasonal-care",
  "breed-information",
];
const ICONS: Record<string, LucideIcon> = {
  nutrition: Wheat,
  "coop-setup": Home,
  "disease-prevention": ShieldPlus,
  "egg-production": Egg,
  "seasonal-care": Snowflake,
  "breed-information": Bird,
};

const docs = learnDocs.map((d) => ({
  id: d.slug,
  title: String(d.frontmatter.title ?? d.slug),
  summary: d.frontmatter.summary ? String(d.frontmatter.summary) : "",
  html: nestHtml(d.html, d.slug, 1),
}));
/** The six guides, in the spec's order. */
export const GUIDES = GUIDE_ORDER.map((id) => docs.find((d) => d.id === id)).filter(
  (d): d is (typeof docs)[number] => d !== undefined,
);
const EMERGENCY = docs.find((d) => d.id === "emergency-care");

/** The spec's care facts at a glance. */
const KEY_FACTS: { value: string; label: string }[] = [
  { value: CARE_FACT_TEXT["layer-feed-protein"], label: "protein in layer feed" },
  { value: CARE_FACT_TEXT["chick-starter-protein"], label: "protein in layer-breed chick starter" },
  { value: "10% max", label: "of the diet as treats" },
  { value: "4 sq ft", label: "coop floor per bird" },
  { value: "10 sq ft", label: "run space per bird" },
  { value: "30 days", label: "quarantine for new birds" },
  { value: "250-300", label: "eggs a year from a good layer" },
  { value: "14+ hours", label: "of light to keep laying" },
];

/** A guide card that opens and closes (a disclosure button controlling its region). */
function GuideCard({
  id,
  title,
  summary,
  html,
  Icon,
  tone = "default",
}: {
  id: string;
  title: string;
  summary: string;
  html: string;
  Icon: LucideIcon;
  tone?: "default" | "danger";
}) {
  const [open, setOpen] = useState(false);
  const regionId = `${useId()}-${id}`;
  return (
    <Card
      id={id}
      className={cn("scroll-mt-20 p-0", tone === "danger" && "border-2 border-red-300")}
    >
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-start gap-3 rounded-xl p-4 text-left hover:bg-stone-50 focus-visible:outline-3 focus-visible:outline-blue-700"
        >
          <Icon
            className={cn(
              "mt-0.5 size-6 shrink-0",
              tone === "danger" ? "text-red-700" : "text-amber-700",
            )}
            aria-hidden="true"
          />
          <span className="flex-1">
            <span className="block text-lg font-bold text-stone-900">{title}</span>
            {summary && <span className="block text-sm text-stone-700">{summary}</span>}
          </span>
          <ChevronDown
            className={cn("mt-1 size-5 shrink-0 transition-transform", open && "rotate-180")}
            aria-hidden="true"
          />
        </button>
      </h2>
      <div id={regionId} hidden={!open} className="border-t border-stone-200 px-4 pb-4">
        <MarkdownContent html={html} />
      </div>
    </Card>
  );
}

/** Learn: key facts, the six collapsible guides, the emergency care guide and the care checklists. */
export function LearnGuides() {
  const [done, setDone] = useState<Set<string>>(new Set());
  const toggle = (key: string) =>
    setDone((s) => {
      const next = new Set(s);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const periods = [
    { key: "daily", label: "Daily", items: checklists.daily },
    { key: "weekly", label: "Weekly", items: checklists.weekly },
    { key: "monthly", label: "Monthly", items: checklists.monthly },
  ] as const;

  return (
    <div className="space-y-8">
      <section aria-labelledby="key-facts">
        <h2 id="key-facts" className="mb-3 text-xl font-bold text-stone-900">
          Key numbers
        </h2>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {KEY_FACTS.map((f) => (
            <li key={f.label} className="rounded-xl border border-amber-200 bg-amber-50 p-3">
              <p className="text-xl font-extrabold text-amber-900">{f.value}</p>
              <p className="text-sm text-stone-800">{f.label}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-label="Care guides" className="space-y-3">
        {GUIDES.map((g) => (
          <GuideCard key={g.id} {...g} Icon={ICONS[g.id] ?? Bird} />
        ))}
      </section>

      {EMERGENCY && (
        <section aria-label="Emergency care">
          <GuideCard {...EMERGENCY} Icon={Ambulance} tone="danger" />
        </section>
      )}

      <section aria-labelledby="checklists">
        <Card>
          <CardTitle id="checklists" className="flex items-center gap-2">
            <CalendarCheck className="size-5 text-amber-700" aria-hidden="true" />
            Care checklist
          </CardTitle>
          <Tabs defaultValue="daily" className="mt-3">
            <TabsList aria-label="Checklist period">
              {periods.map((p) => (
                <TabsTrigger key={p.key} value={p.key}>
                  {p.label}
                </TabsTrigger>
              ))}
            </TabsList>
            {periods.map((p) => (
              <TabsContent key={p.key} value={p.key}>
                <ul className="space-y-1">
                  {p.items.map((item, i) => {
                    const key = `${p.key}-${i}`;
                    return (
                      <li key={key}>
                        <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg p-2 hover:bg-stone-50">
                          <input
                            type="checkbox"
                            className="mt-1 size-5 accent-amber-700"
                            checked={done.has(key)}
                            onChange={() => toggle(key)}
                          />
                          <span className={cn(done.has(key) && "text-stone-500 line-through")}>
                            {item}
                          </span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </TabsContent>
            ))}
          </Tabs>
        </Card>
      </section>
    </div>
  );
}
