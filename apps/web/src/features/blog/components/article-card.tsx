import { Link } from "react-router";
import { cn } from "@/lib/cn";
import { LocalDate } from "@/components/local-date";
import type { ArticleMeta } from "../api/articles";

/** A link card for one article (featured: larger, with the full description). */
export function ArticleCard({
  article,
  featured = false,
}: {
  article: ArticleMeta;
  featured?: boolean;
}) {
  const Heading = featured ? "h2" : "h3";
  return (
    <article
      className={cn(
        "relative rounded-xl border bg-white p-5 shadow-sm hover:border-amber-500",
        featured ? "border-amber-300" : "border-stone-200",
      )}
    >
      {featured && (
        <p className="mb-2 text-xs font-bold tracking-wide text-amber-800 uppercase">
          Featured article
        </p>
      )}
      <Heading className={cn("font-bold text-stone-900", featured ? "text-2xl" : "text-lg")}>
        <Link
          to={`/blog/${article.slug}`}
          className="after:absolute after:inset-0 hover:underline focus-visible:outline-3 focus-visible:outline-blue-700"
          data-track={`Blog Article ${article.slug}`}
        >
          {article.title}
        </Link>
      </Heading>
      <p className="mt-1 text-sm text-stone-700">
        <LocalDate iso={article.date} form="long" />
        {article.readingMinutes ? ` · ${article.readingMinutes} min read` : ""}
      </p>
      <p className="mt-2 text-stone-800">{article.description}</p>
    </article>
  );
}
