import fs from "node:fs";
import path from "node:path";
import { SITEMAP_PATHS } from "@flockkeeper/shared/site/routes";
import { repoRoot } from "../../lib/paths";

/** The web app's blog articles (apps/web/src/content/blog/*.md), the same files the build renders. */
export const defaultBlogDir = path.join(repoRoot, "apps/web/src/content/blog");

export type BlogEntry = { slug: string; date: string | null };

/** Slug (frontmatter `slug`, else the file name) and date of every article; [] if the folder is missing. */
export function readBlogEntries(dir: string = defaultBlogDir): BlogEntry[] {
  let files: string[];
  try {
    files = fs.readdirSync(dir).filter((f) => f.endsWith(".md"));
  } catch {
    return [];
  }
  return files
    .map((file) => {
      const text = fs.readFileSync(path.join(dir, file), "utf8");
      const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? "";
      const field = (name: string) =>
        new RegExp(`^${name}:\\s*(.+?)\\s*$`, "m").exec(front)?.[1]?.replace(/^["']|["']$/g, "");
      const slug = field("slug") ?? file.replace(/\.md$/, "");
      const date = field("date");
      return { slug, date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null };
    })
    .filter((e) => /^[a-z0-9-]+$/.test(e.slug))
    .sort((a, b) => a.slug.localeCompare(b.slug));
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function buildSitemap(publicUrl: string, blog: BlogEntry[]): string {
  const base = publicUrl.replace(/\/$/, "");
  const urls = [
    ...SITEMAP_PATHS.map((r) => ({
      loc: base + (r === "/" ? "/" : r),
      lastmod: null as string | null,
    })),
    ...blog.map((b) => ({ loc: `${base}/blog/${b.slug}`, lastmod: b.date })),
  ];
  const body = urls
    .map(
      (u) =>
        `  <url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function buildRobots(publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, "");
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /oidc/",
    "Disallow: /admin",
    "Disallow: /account",
    "Disallow: /farm",
    "Disallow: /invite/",
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}
