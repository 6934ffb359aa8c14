import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import {
  Baby,
  Bird,
  HeartPulse,
  Home,
  ScanSearch,
  ShieldCheck,
  Stethoscope,
  Wheat,
  type LucideIcon,
} from "lucide-react";
import careDocs from "virtual:content/care-guide";
import { MarkdownContent } from "@/components/markdown-content";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { nestHtml } from "../lib/prefix-headings";

/** The anchored sections, in order (links like /chicken-care-guide#health). */
const SECTIONS: { id: string; Icon: LucideIcon }[] = [
  { id: "housing", Icon: Home },
  { id: "nutrition", Icon: Wheat },
  { id: "health", Icon: HeartPulse },
  { id: "breeding", Icon: Baby },
  { id: "safety", Icon: ShieldCheck },
  { id: "breeds", Icon: Bird },
];

const sections = SECTIONS.flatMap(({ id, Icon }) => {
  const doc = careDocs.find((d) => d.slug === id);
  return doc
    ? [{ id, Icon, title: String(doc.frontmatter.title ?? id), html: nestHtml(doc.html, id, 1) }]
    : [];
});

/** Scrolls to the section named in the address (#health), also after the page loads lazily. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}

/** The chicken care guide: a contents list, six anchored sections and links to the flock tools. */
export function CareGuide() {
  useScrollToHash();
  return (
    <div className="space-y-8">
      <nav aria-label="Sections of this guide">
        <ul className="flex flex-wrap gap-2">
          {sections.map(({ id, title, Icon }) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="inline-flex min-h-11 items-center gap-2 rounded-full border border-stone-300 bg-white px-4 font-semibold text-stone-800 hover:bg-amber-50"
              >
                <Icon className="size-4 text-amber-700" aria-hidden="true" />
                {title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {sections.map(({ id, title, html, Icon }) => (
        <section key={id} id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20">
          <h2
            id={`${id}-title`}
            className="flex items-center gap-2 border-b border-amber-200 pb-2 text-2xl font-extrabold text-stone-900"
          >
            <Icon className="size-6 text-amber-700" aria-hidden="true" />
            {title}
          </h2>
          <MarkdownContent html={html} />
        </section>
      ))}

      <Card className="bg-amber-50">
        <h2 className="text-lg font-bold text-stone-900">Put it into practice</h2>
        <p className="mt-1 text-stone-800">
          Keep records of every bird, check a sick bird's symptoms, or find out which breed you
          have.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link
            to="/health-diagnostic"
            className={buttonClass("primary")}
            data-track="Care Guide Health Check"
          >
            <Stethoscope className="size-4" aria-hidden="true" />
            Health Check
          </Link>
          <Link
            to="/chicken-tracker"
            className={buttonClass("secondary")}
            data-track="Care Guide Flock Manager"
          >
            <Bird className="size-4" aria-hidden="true" />
            Flock Manager
          </Link>
          <Link
            to="/chicken-identifier"
            className={buttonClass("secondary")}
            data-track="Care Guide Breed ID"
          >
            <ScanSearch className="size-4" aria-hidden="true" />
            Identify a Breed
          </Link>
        </div>
      </Card>
    </div>
  );
}
