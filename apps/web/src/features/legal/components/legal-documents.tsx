import { useEffect } from "react";
import { useLocation } from "react-router";
import { MarkdownContent } from "@/components/markdown-content";
import legalDocs from "virtual:content/legal";

/** The order of /legal's sections; each section's id is its document's `id` (links like /legal#privacy). */
const ORDER = ["terms", "privacy", "veterinary-disclaimer", "affiliate-disclosure", "cookies"];

/**
 * Documents sit under an h2 of their own, so their headings move one level down, and their
 * heading ids get the document id as a prefix so that no two ids on the page collide.
 */
function nest(html: string, docId: string) {
  return html
    .replace(
      /<(\/?)h([2-5])\b/g,
      (_m, close: string, level: string) => `<${close}h${Number(level) + 1}`,
    )
    .replace(/<h(\d) id="/g, `<h$1 id="${docId}-`);
}

export const LEGAL_DOCUMENTS = legalDocs
  .filter((d) => ORDER.includes(d.slug))
  .sort((a, b) => ORDER.indexOf(a.slug) - ORDER.indexOf(b.slug))
  .map((d) => ({
    id: d.slug,
    title: String(d.frontmatter.title ?? d.slug),
    updated: d.frontmatter.updated ? String(d.frontmatter.updated) : null,
    html: nest(d.html, d.slug),
  }));

/** Scrolls to the section named in the address (#privacy), also after the page loads lazily. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const el = document.getElementById(decodeURIComponent(hash.slice(1)));
    el?.scrollIntoView();
  }, [hash]);
}

export function LegalContents() {
  return (
    <nav aria-label="On this page" className="rounded-xl border border-stone-200 bg-white p-4">
      <h2 className="font-bold text-stone-900">On this page</h2>
      <ul className="mt-2 space-y-1">
        {LEGAL_DOCUMENTS.map((d) => (
          <li key={d.id}>
            <a href={`#${d.id}`} className="text-blue-800 underline">
              {d.title}
            </a>
          </li>
        ))}
        <li>
          <a href="#signing-in" className="text-blue-800 underline">
            What signing in means
          </a>
        </li>
      </ul>
    </nav>
  );
}

export function LegalDocuments() {
  useScrollToHash();
  return (
    <div className="space-y-10">
      {LEGAL_DOCUMENTS.map((d) => (
        <section key={d.id} id={d.id} aria-labelledby={`${d.id}-title`} className="scroll-mt-20">
          <h2 id={`${d.id}-title`} className="text-2xl font-extrabold text-stone-900">
            {d.title}
          </h2>
          {d.updated && (
            <p className="mt-1 text-sm text-stone-700">
              Last updated <time dateTime={d.updated}>{d.updated}</time>
            </p>
          )}
          <MarkdownContent html={d.html} />
        </section>
      ))}
    </div>
  );
}
