import { queryOptions, useQuery } from "@tanstack/react-query";
import articleList from "virtual:content-meta/blog";

/** One blog article's frontmatter (src/content/blog/*.md). */
export type ArticleMeta = {
  slug: string;
  title: string;
  description: string;
  date: string;
  readingMinutes: number | null;
  featured: boolean;
  tags: string[];
};

export type Article = ArticleMeta & { html: string };

type Frontmatter = Record<string, string | number | boolean>;

function toMeta(slug: string, fm: Frontmatter): ArticleMeta {
  return {
    slug,
    title: String(fm.title ?? slug),
    description: String(fm.description ?? ""),
    date: String(fm.date ?? ""),
    readingMinutes: typeof fm.readingMinutes === "number" ? fm.readingMinutes : null,
    featured: fm.featured === true,
    tags: String(fm.tags ?? "")
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean),
  };
}

/** Every article, newest first (frontmatter only: the list page ships no article bodies). */
export const ARTICLES: ArticleMeta[] = articleList.map((a) => toMeta(a.slug, a.frontmatter));

/** The featured article: the one marked `featured: true`, else the newest. */
export const FEATURED: ArticleMeta | undefined = ARTICLES.find((a) => a.featured) ?? ARTICLES[0];

// Each article body is its own small chunk, rendered to HTML at build time.
const bodies = import.meta.glob<{ html: string; frontmatter: Frontmatter; slug: string }>(
  "../../../content/blog/*.md",
  { query: "?html", import: "default" },
);

const loaderFor = (slug: string) =>
  Object.entries(bodies).find(([file]) => file.endsWith(`/${slug}.md`))?.[1];

/** Loads one article by slug; null when there is no such article. */
export async function loadArticle(slug: string): Promise<Article | null> {
  const meta = ARTICLES.find((a) => a.slug === slug);
  const load = loaderFor(slug) ?? (meta ? loaderFor(meta.slug) : undefined);
  if (!meta || !load) return null;
  const doc = await load();
  return { ...meta, html: doc.html };
}

export const articleQuery = (slug: string) =>
  queryOptions({
    queryKey: ["blog", slug],
    queryFn: () => loadArticle(slug),
    staleTime: Infinity,
  });

export const useArticle = (slug: string) => useQuery(articleQuery(slug));
