/**
 * Build-time Markdown for FlockKeeper's own content (apps/web/src/content/**).
 *
 * Markdown never reaches the browser: this Vite plugin renders it with `marked` while building, so pages ship
 * plain HTML strings and no Markdown parser. Raw HTML inside Markdown is NOT rendered (it is escaped and shown
 * as text), link targets are limited to http(s), mailto, tel, site-relative paths and #anchors, and every
 * heading gets a stable `id` (lower-case, dashes) so pages can link to sections like /legal#privacy.
 *
 * API (types in src/markdown.d.ts):
 *
 *   import doc from "@/content/blog/winter-care-for-poultry.md?html";
 *     doc = { slug, frontmatter, html, headings }   (also named exports: frontmatter, html, headings, slug)
 *
 *   import fm from "@/content/blog/winter-care-for-poultry.md?frontmatter";
 *     fm = frontmatter object only (tiny: use it for lists and cards)
 *
 *   const docs = import.meta.glob("../content/learn/*.md", { query: "?html", import: "default" });
 *     lazy per-file chunks (eager: true works as well)
 *
 *   import all from "virtual:content/learn";        // every .md directly in src/content/learn, rendered
 *     all = Array<{ slug, frontmatter, html, headings }>
 *   import list from "virtual:content-meta/blog";   // same list without html (small: for index pages)
 *     list = Array<{ slug, frontmatter, headings }>
 *
 * Any folder under src/content works (nested: "virtual:content/a/b"). `slug` is frontmatter.slug, else
 * frontmatter.id, else the file name without ".md". Lists are sorted by frontmatter `order` (ascending) when
 * both entries have one, else by `date` (newest first) when both have one, else by slug.
 *
 * Frontmatter is the block between the leading `---` lines, one `key: value` per line. Values become numbers
 * (`6`, `1.5`), booleans (`true`/`false`) or strings (surrounding quotes removed). Nothing else is parsed:
 * lists stay strings (e.g. `tags: a, b` -> "a, b"; split them where used).
 *
 * headings = Array<{ depth, text, id }> for every heading, in document order (for tables of contents).
 *
 * Care facts: `{{care:chick-starter-protein}}` becomes the shared phrase (packages/shared care-facts) and
 * `{{hatch:duck-muscovy}}` the profile's duration from data/incubation-profiles.json (the same file
 * GET /api/incubation-profiles serves), so every page states one figure. Unknown keys fail the build.
 */
import { Marked, type Tokens } from "marked";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
// Relative on purpose: Vite loads its config (and so this plugin) through Node, which cannot import
// the shared package's TypeScript by package name; a relative path is bundled into the config.
import {
  expandCareFacts,
  type HatchDuration,
} from "../../../packages/shared/src/domain/care-facts.ts";

export type FrontmatterValue = string | number | boolean;
export type Frontmatter = Record<string, FrontmatterValue>;
export interface Heading {
  depth: number;
  text: string;
  id: string;
}
export interface RenderedMarkdown {
  slug: string;
  frontmatter: Frontmatter;
  html: string;
  headings: Heading[];
}

const VIRTUAL_PREFIX = "virtual:content/";
const VIRTUAL_META_PREFIX = "virtual:content-meta/";
const RESOLVED_PREFIX = "\0virtual:content/";
const RESOLVED_META_PREFIX = "\0virtual:content-meta/";

const escapeHtml = (s: string): string =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

export function slugifyHeading(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&[a-z]+;|&#\d+;/g, "")
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/[\s-]+/g, "-");
}

export function parseFrontmatter(source: string): { frontmatter: Frontmatter; body: string } {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (!match) return { frontmatter: {}, body: text };
  const frontmatter: Frontmatter = {};
  for (const line of match[1]!.split("\n")) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    const colon = line.indexOf(":");
    if (colon <= 0) throw new Error(`Bad frontmatter line: ${line}`);
    const key = line.slice(0, colon).trim();
    const raw = line.slice(colon + 1).trim();
    let value: FrontmatterValue;
    if (/^(["']).*\1$/.test(raw)) value = raw.slice(1, -1);
    else if (raw === "true" || raw === "false") value = raw === "true";
    else if (/^-?\d+(\.\d+)?$/.test(raw)) value = Number(raw);
    else value = raw;
    frontmatter[key] = value;
  }
  return { frontmatter, body: text.slice(match[0].length) };
}

const PROFILES_FILE = fileURLToPath(
  new URL("../../../data/incubation-profiles.json", import.meta.url),
);
let profiles: (HatchDuration & { id: string })[] | undefined;
/** The incubation profiles (id and duration only; the server validates the whole file). */
function incubationProfiles() {
  profiles ??= JSON.parse(readFileSync(PROFILES_FILE, "utf8")) as (HatchDuration & {
    id: string;
  })[];
  return profiles;
}

const SAFE_HREF = /^(https?:|mailto:|tel:|\/(?!\/)|#|\.{1,2}\/)/i;

/** Renders Markdown to HTML (raw HTML escaped, headings with ids). */
export function renderMarkdown(source: string, fallbackSlug = ""): RenderedMarkdown {
  const { frontmatter, body } = parseFrontmatter(expandCareFacts(source, incubationProfiles()));
  const headings: Heading[] = [];
  const used = new Map<string, number>();
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: {
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
      heading({ tokens, depth }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        const plain = inner.replace(/<[^>]*>/g, "");
        const base = slugifyHeading(plain.replace(/&amp;/g, "&")) || "section";
        const n = used.get(base) ?? 0;
        used.set(base, n + 1);
        const id = n === 0 ? base : `${base}-${n + 1}`;
        headings.push({ depth, text: plain.replace(/&amp;/g, "&").replace(/&#39;/g, "'"), id });
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
      },
      link({ href, title, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        if (!SAFE_HREF.test(href)) return inner;
        const external = /^https?:/i.test(href);
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
        const rel = external ? ` rel="noopener noreferrer" target="_blank"` : "";
        return `<a href="${escapeHtml(href)}"${titleAttr}${rel}>${inner}</a>`;
      },
      image({ href, title, text }: Tokens.Image) {
        if (!SAFE_HREF.test(href)) return escapeHtml(text);
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
        return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}"${titleAttr} loading="lazy">`;
      },
    },
  });
  const html = marked.parse(body) as string;
  const slug = String(frontmatter.slug ?? frontmatter.id ?? fallbackSlug);
  return { slug, frontmatter, html, headings };
}

function compareDocs(
  a: { slug: string; frontmatter: Frontmatter },
  b: { slug: string; frontmatter: Frontmatter },
) {
  const ao = a.frontmatter.order;
  const bo = b.frontmatter.order;
  if (typeof ao === "number" && typeof bo === "number" && ao !== bo) return ao - bo;
  const ad = a.frontmatter.date;
  const bd = b.frontmatter.date;
  if (ad !== undefined && bd !== undefined && ad !== bd)
    return String(bd).localeCompare(String(ad));
  return a.slug.localeCompare(b.slug);
}

export function markdownPlugin(options: { contentDir?: string } = {}): Plugin {
  const contentDir =
    options.contentDir ?? fileURLToPath(new URL("../src/content", import.meta.url));

  const renderFile = (file: string) =>
    renderMarkdown(readFileSync(file, "utf8"), path.basename(file, ".md"));

  const dirOf = (virtualId: string) => {
    const meta = virtualId.startsWith(RESOLVED_META_PREFIX);
    const rel = virtualId.slice((meta ? RESOLVED_META_PREFIX : RESOLVED_PREFIX).length);
    const dir = path.resolve(contentDir, rel);
    if (dir !== contentDir && !dir.startsWith(contentDir + path.sep))
      throw new Error(`Outside content: ${rel}`);
    return { dir, meta };
  };

  return {
    name: "flockkeeper-markdown",
    enforce: "pre",
    resolveId(id) {
      if (id.startsWith(VIRTUAL_PREFIX) || id.startsWith(VIRTUAL_META_PREFIX)) return "\0" + id;
      return null;
    },
    load(id) {
      if (id.startsWith(RESOLVED_PREFIX) || id.startsWith(RESOLVED_META_PREFIX)) {
        const { dir, meta } = dirOf(id);
        this.addWatchFile(dir);
        const docs = readdirSync(dir)
          .filter((f) => f.endsWith(".md"))
          .map((f) => {
            const file = path.join(dir, f);
            this.addWatchFile(file);
            const doc = renderFile(file);
            return meta
              ? { slug: doc.slug, frontmatter: doc.frontmatter, headings: doc.headings }
              : doc;
          })
          .sort(compareDocs);
        return `export default ${JSON.stringify(docs)};`;
      }
      const [file, query = ""] = id.split("?", 2);
      if (!file || !file.endsWith(".md")) return null;
      const params = new URLSearchParams(query);
      if (params.has("html")) {
        this.addWatchFile(file);
        const doc = renderFile(file);
        return [
          `export const slug = ${JSON.stringify(doc.slug)};`,
          `export const frontmatter = ${JSON.stringify(doc.frontmatter)};`,
          `export const html = ${JSON.stringify(doc.html)};`,
          `export const headings = ${JSON.stringify(doc.headings)};`,
          `export default { slug, frontmatter, html, headings };`,
        ].join("\n");
      }
      if (params.has("frontmatter")) {
        this.addWatchFile(file);
        const { frontmatter } = parseFrontmatter(readFileSync(file, "utf8"));
        return `export default ${JSON.stringify(frontmatter)};`;
      }
      return null;
    },
    configureServer(server) {
      // Adding or removing a Markdown file changes the virtual lists: reload them.
      const refresh = (file: string) => {
        if (!file.endsWith(".md") || !file.startsWith(contentDir)) return;
        for (const mod of server.moduleGraph.idToModuleMap.values()) {
          if (mod.id?.startsWith(RESOLVED_PREFIX) || mod.id?.startsWith(RESOLVED_META_PREFIX))
            server.moduleGraph.invalidateModule(mod);
        }
        server.ws.send({ type: "full-reload" });
      };
      server.watcher.on("add", refresh);
      server.watcher.on("unlink", refresh);
    },
  };
}
